/// `urnmatch --check` for app-link tables: the mistakes real apple-app-site-association files
/// and manifests show — patterns written as regexes, entries that can never win, an app claimed
/// twice, prefixes that swallow other words, schemes combined with every host, and autoVerify
/// filters for hosts the user did not list.
enum AppLinkCheck {
    typealias Finding = TableCheck.Finding

    /// The findings of an app-link table, in line order.
    static func findings(_ table: RouteTable) -> [Finding] {
        let found = table.format == .aasa ? universalLinkFindings(table) : intentFilterFindings(table)
        return found.sorted { ($0.route.line, $0.other.line) < ($1.route.line, $1.other.line) }
    }

    private static func note(_ route: Route, _ warning: PatternWarning) -> Finding {
        Finding(kind: .pattern, route: route, other: route, detail: warning.message, detailCode: warning.code)
    }

    // MARK: apple-app-site-association

    private static func universalLinkFindings(_ table: RouteTable) -> [Finding] {
        var found: [Finding] = []
        var firstDetailOfApp: [String: Route] = [:]
        // every entry so far, with the exclusions before it in its detail
        var earlier: [(route: Route, rule: UniversalLinkRule, exclusions: [UniversalLinkRule])] = []
        var exclusions: [UniversalLinkRule] = []
        if table.hosts.isEmpty, let first = table.routes.first {
            found.append(note(first, PatternWarning("any-host", RouteTable.anyHostWarning)))
        }
        for route in table.routes {
            guard case let .universalLink(rule)? = route.appLink else { continue }
            if rule.component == 0 {
                for app in rule.appIDs {
                    if let first = firstDetailOfApp[app] {
                        found.append(note(route, PatternWarning("app-claimed-again", "app '\(app)' is claimed again: line \(first.line) already names it, and the first detail that matches decides")))
                    } else {
                        firstDetailOfApp[app] = route
                    }
                }
            }
            // name the pattern only when the route's text is more than it
            func which(_ pattern: WildcardPattern) -> String { pattern.text == route.pattern.text ? "" : "'\(pattern.text)' " }
            for pattern in [rule.path, rule.fragment] + queryPatterns(rule) where looksLikeRegex(pattern.text) {
                found.append(note(route, PatternWarning("regex-looking", "\(which(pattern))looks like a regular expression, but these patterns know only '*', '?' and $(variables), so it matches almost nothing")))
            }
            if let item = rule.ignoredQueryItem {
                found.append(note(route, PatternWarning("query-dictionary-ignored", "query item '\(item)' has a value that is no string: iOS ignores the whole '?' dictionary, so this entry takes any query")))
            }
            if let word = swallowedWord(rule.path.text) {
                found.append(note(route, PatternWarning("swallows-words", "\(which(rule.path))also takes other words that start with '\(word)' ('\(word)ic', '\(word)s'); write '\(word)' and '\(word)/*'")))
            }
            if rule.component == 0 { exclusions = [] }
            // an earlier entry takes every link of this one first, unless an exclusion before it
            // (in another detail) may send some of them on
            let winner = earlier.first { entry in
                !entry.rule.exclude && covers(entry.rule, rule)
                    && (entry.rule.detail == rule.detail || !entry.exclusions.contains { mayOverlap($0, rule) })
            }
            if let winner {
                let kind: TableCheck.Finding.Kind = winner.rule.text == rule.text && winner.rule.appIDs == rule.appIDs ? .duplicate : .shadowed
                found.append(Finding(kind: kind, route: route, other: winner.route))
            }
            earlier.append((route, rule, exclusions))
            if rule.exclude { exclusions.append(rule) }
        }
        return found
    }

    private static func queryPatterns(_ rule: UniversalLinkRule) -> [WildcardPattern] {
        switch rule.query {
        case let .whole(pattern): return [pattern]
        case let .items(items): return items.map(\.pattern)
        }
    }

    /// Whether `a` takes every link `b` takes: `a` matches everything, or its path is a literal
    /// prefix and `*` that `b`'s path starts with, and `a` tests nothing else.
    private static func covers(_ a: UniversalLinkRule, _ b: UniversalLinkRule) -> Bool {
        if a.matchesEverything { return true }
        guard a.fragment.matchesEverything, case let .whole(query) = a.query, query.matchesEverything else { return false }
        let text = a.path.text
        guard text.hasSuffix("*") else { return text == b.path.text && (a.legacy || !b.legacy) && b.fragment.text == a.fragment.text }
        let prefix = text.dropLast()
        guard !prefix.contains(where: { $0 == "*" || $0 == "?" || $0 == "$" }) else { return false }
        return b.path.text.hasPrefix(prefix)
    }

    /// Whether some link may match both (their paths' literal beginnings agree, as far as the
    /// shorter goes).
    private static func mayOverlap(_ a: UniversalLinkRule, _ b: UniversalLinkRule) -> Bool {
        func literalStart(_ text: String) -> Substring { text.prefix { $0 != "*" && $0 != "?" && $0 != "$" } }
        let x = literalStart(a.path.text), y = literalStart(b.path.text)
        return x.hasPrefix(y) || y.hasPrefix(x)
    }

    /// The word a trailing `*` lets run on (`/artist` of `/artist*`), or nil when `*` follows `/`.
    private static func swallowedWord(_ text: String) -> String? {
        guard text.count > 2, text.hasSuffix("*") else { return nil }
        let word = text.dropLast()
        guard let last = word.last, last.isLetter || last.isNumber, !word.contains(where: { $0 == "*" || $0 == "?" }) else { return nil }
        return String(word)
    }

    /// Whether a pattern uses regular-expression syntax that these patterns take literally.
    static func looksLikeRegex(_ text: String) -> Bool {
        // `$(name)` is the patterns' own syntax: leave it out
        var withoutVariables = ""
        var inVariable = false
        var previous: Character = " "
        for character in text {
            if inVariable {
                if character == ")" { inVariable = false }
            } else if character == "(", previous == "$" {
                withoutVariables.removeLast()
                inVariable = true
            } else {
                withoutVariables.append(character)
            }
            previous = character
        }
        let syntax: [String] = [".*", ".+", "[", "]", "(", ")", "\\", "|", "+", "{", "}"]
        return syntax.contains { withoutVariables.contains($0) } || withoutVariables.hasPrefix("^") || withoutVariables.hasSuffix("$")
    }

    // MARK: AndroidManifest.xml

    private static func intentFilterFindings(_ table: RouteTable) -> [Finding] {
        var found: [Finding] = []
        var seen: [String: Route] = [:]
        for route in table.routes {
            guard case let .intentFilter(rule)? = route.appLink else { continue }
            if let first = seen[route.pattern.text + " " + rule.activity] {
                found.append(Finding(kind: .duplicate, route: route, other: first))
            } else {
                seen[route.pattern.text + " " + rule.activity] = route
            }
            if !rule.hasDefaultCategory {
                found.append(note(route, PatternWarning("no-default-category", "the filter lacks category android.intent.category.DEFAULT, so a link a browser opens does not reach it")))
            }
            if rule.schemes.isEmpty {
                found.append(note(route, PatternWarning("no-scheme", "the filter names no android:scheme, so it takes no link")))
            }
            for scheme in rule.schemes where scheme != scheme.lowercased() {
                found.append(note(route, PatternWarning("scheme-capitals", "scheme '\(scheme)' has capitals: Android compares schemes exactly, and links arrive in lower case")))
            }
            for path in rule.paths {
                if let detail = pathMistake(path) { found.append(note(route, detail)) }
            }
            for value in rule.schemes + rule.authorities.map(\.host) where value.hasPrefix("@") || value.contains("${") {
                found.append(note(route, PatternWarning("unresolved-reference", "'\(value)' is a resource or placeholder reference that urn cannot resolve: give the value itself")))
            }
            if let combined = combinedPairs(rule) {
                found.append(note(route, PatternWarning("combined-data", "<data> elements combine: every scheme goes with every host, so the filter also takes " + combined)))
            }
            if rule.autoVerify {
                for scheme in rule.schemes where scheme != "http" && scheme != "https" {
                    found.append(note(route, PatternWarning("unverified-scheme", "autoVerify verifies http and https hosts only; scheme '\(scheme)' is never verified")))
                }
                if !table.hosts.isEmpty {
                    for authority in rule.authorities where !table.hosts.contains(where: { $0.accepts(ArraySlice(authority.host.utf8)) || $0.text == authority.host }) {
                        found.append(note(route, PatternWarning("unlisted-host", "autoVerify asks Android to verify host '\(authority.host)', which --host/@host does not list")))
                    }
                }
            }
        }
        return found
    }

    /// What is wrong with a path attribute, if anything.
    private static func pathMistake(_ path: AndroidPathMatcher) -> PatternWarning? {
        let value = path.value
        switch path.kind {
        case .path, .pathPrefix, .pathSuffix:
            if value.contains("*") || looksLikeRegex(value) {
                return PatternWarning("literal-path", "android:\(path.kind.rawValue) '\(value)' is literal: wildcards need pathPattern or pathAdvancedPattern")
            }
            if path.kind == .pathPrefix, let last = value.last, last.isLetter || last.isNumber, value.count > 1 {
                return PatternWarning("swallows-words", "android:pathPrefix '\(value)' also claims other words that start with it ('\(value)ic', '\(value)s'); end it with '/'")
            }
        case .pathPattern:
            let regex: [Character] = ["[", "]", "(", ")", "+", "?", "{", "}", "|", "^", "$"]
            if value.contains(where: { regex.contains($0) }) {
                return PatternWarning("regex-looking", "android:pathPattern '\(value)' looks like a regular expression, but it knows only '.', '*' and '\\' (pathAdvancedPattern has sets and '+')")
            }
        case .pathAdvancedPattern:
            break
        }
        return nil
    }

    /// The scheme–host pairs the filter takes that no `<data>` element writes together, when
    /// some element does pair a scheme with a host (a bare `<data android:scheme="http"/>` beside
    /// `<data android:scheme="https" android:host="…"/>` combines http with every host).
    private static func combinedPairs(_ rule: IntentFilterRule) -> String? {
        let written = Set(rule.elements.compactMap { element in element.scheme.flatMap { s in element.host.map { "\(s)://\($0)" } } })
        guard !written.isEmpty else { return nil }
        var extra: [String] = []
        for scheme in rule.schemes {
            for authority in rule.authorities where !written.contains("\(scheme)://\(authority.host)") { extra.append("\(scheme)://\(authority.host)") }
        }
        return extra.isEmpty ? nil : extra.joined(separator: ", ")
    }
}
