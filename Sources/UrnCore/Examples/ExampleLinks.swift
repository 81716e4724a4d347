/// The links that may take one route, in the forms its dialect reads (`ExampleMaker` routes
/// each and keeps the first its route takes), and the near misses of a link it takes.
struct ExampleLinks {
    /// A link, the method it is sent with, and the values it was built from.
    struct Candidate {
        let link: String
        let method: String?
        let values: [(name: String, value: String)]
    }

    /// Why no link could be made.
    struct Failure: Error {
        let reason: String
    }

    let route: Route
    let table: RouteTable
    /// The host of links whose table names none.
    let host: String

    /// The values of an unnamed wildcard or catch-all (`*`), by variant: a catch-all takes one
    /// segment or more (a wildcard takes the `/` encoded, as one segment).
    static let unnamedValues = ["any", "any/x/y"]
    /// The values of a named catch-all, by variant: several segments, or one (a URLNavigator
    /// `<path:p>` followed by more components needs one).
    private static let catchAllValues = ["docs/intro", "docs"]

    /// Whether links of `route` vary with the values chosen: it has placeholders, wildcards or
    /// a regex, or is an app-link rule whose patterns take more than one link.
    static func hasValues(_ route: Route) -> Bool {
        if route.appLink != nil || route.pattern.express != nil { return true }
        if let urlPattern = route.pattern.urlPattern { return urlPatternVaries(urlPattern) }
        return route.pattern.segments.contains { !$0.isLiteral }
    }

    /// The method a route's links are sent with: GET when it takes GET, else its first; none
    /// for a route that takes any.
    static func method(for route: Route) -> String? {
        methods(for: route, in: nil)[0]
    }

    /// The methods a route's links may be sent with, the likeliest first: its own (GET first);
    /// for a route that takes any method in a table whose other routes have methods, none and
    /// then the common ones, since an earlier route may take the link for some methods only.
    static func methods(for route: Route, in table: RouteTable?) -> [String?] {
        if let methods = route.methods, !methods.isEmpty {
            return methods.contains("GET") ? ["GET"] + methods.filter { $0 != "GET" } : methods
        }
        guard let table, table.routes.contains(where: { $0.methods != nil }) else { return [nil] }
        return [nil, "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    }

    /// The `variant`th links of the route, in the order they are tried.
    func candidates(variant: Int, random: inout SplitMix64) -> Result<[Candidate], Failure> {
        if let rule = route.appLink { return appLinkCandidates(rule, variant: variant, random: &random) }
        let made = patternCandidates(variant: variant, random: &random)
        // what the standard's `generate()` refuses is written part by part
        if case .failure = made, let urlPattern = route.pattern.urlPattern {
            return urlPatternCandidates(urlPattern, variant: variant, random: &random)
        }
        return made
    }

    // MARK: Patterns

    private func patternCandidates(variant: Int, random: inout SplitMix64) -> Result<[Candidate], Failure> {
        let method = Self.method(for: route)
        if let express = route.pattern.express {
            // the regex is searched for in the pathname, which starts with `/`; the lenient
            // trailing `/` that the regex takes is left out where it may be
            guard var pathname = ExampleValues.matching(express.regex, variant: variant, random: &random).map({ $0.hasPrefix("/") ? $0 : "/" + $0 }),
                  ExampleValues.accepts(express.regex, pathname) else {
                return .failure(Failure(reason: "no pathname its regex /\(express.regex.source)/ takes was found"))
            }
            if pathname.count > 1, pathname.hasSuffix("/"), ExampleValues.accepts(express.regex, String(pathname.dropLast())) {
                pathname.removeLast()
            }
            return .success(forms(pathname).map { Candidate(link: $0, method: method, values: []) })
        }
        var values: [(name: String, value: String)] = []
        // a name given twice with one type takes one value; with two types (URLNavigator's
        // `<int:q>/<uuid:q>`), each occurrence its own, in order
        var seen: [(name: String, type: String)] = []
        for (name, type) in Self.placeholders(of: route.pattern) {
            let kind = type?.identity ?? "catch-all"
            guard !seen.contains(where: { $0.name == name && $0.type == kind }) else { continue }
            seen.append((name, kind))
            // each placeholder starts at another value of its list: `/repos/alice/bob`, not `/repos/alice/alice`
            let choice = variant + values.count
            let value: String?
            if let parameter = route.operation?.parameter(named: Array(name.utf8)) {
                value = ExampleValues.value(for: parameter, variant: choice, random: &random)
            } else if let type {
                value = ExampleValues.value(for: name, type: type, variant: choice, random: &random)
            } else {
                value = Self.catchAllValues[variant % Self.catchAllValues.count]
            }
            guard let value else {
                let wanted = type.map { if case let .regex(regex) = $0 { "its regex /\(regex.source)/" } else { "its type" } } ?? "it"
                return .failure(Failure(reason: "no value \(wanted) takes was found for '\(name)'"))
            }
            values.append((name, value))
        }
        let builder = LinkBuilder(pattern: route.pattern, delimiter: Array(table.delimiter.utf8))
        // literals as a valid link writes them; then, for the dialects that compare a literal
        // otherwise, as written (URLNavigator compares the link's text) and with every `%`
        // encoded (WAAppRouting compares a literal's `%6C` with the decoded path)
        let spellings: [LinkBuilder.LiteralSpelling] = switch table.dialect {
        case .navigator: [.valid, .asWritten]
        case .waap: [.valid, .percentEncoded]
        default: [.valid]
        }
        var candidates: [Candidate] = []
        // the values given; then, for Express's `:name?`, the optional ones left out, all of
        // them and each alone: an earlier route may take every link that has them
        for omitted in Self.omissions(of: route.pattern) {
            let kept = values.filter { !omitted.contains($0.name) }
            for spelling in spellings {
                do {
                    var taken: [String: Int] = [:]
                    let built = try builder.build({ name in
                        let given = kept.filter { $0.name == name }
                        guard given.count > 1 else { return given.first?.value }
                        let occurrence = taken[name, default: 0]
                        taken[name] = occurrence + 1
                        return given[min(occurrence, given.count - 1)].value
                    }, unnamed: Self.unnamedValues[variant % Self.unnamedValues.count], literals: spelling)
                    for link in forms(String(decoding: built, as: UTF8.self)) where !candidates.contains(where: { $0.link == link }) {
                        candidates.append(Candidate(link: link, method: method, values: kept))
                    }
                } catch {
                    return .failure(Failure(reason: error.message))
                }
            }
        }
        return .success(candidates)
    }

    /// The links of an Express pathname found by search (`PathnameSearch`), sent with `method`.
    func candidates(pathname: String, method: String?) -> [Candidate] {
        forms(pathname).map { Candidate(link: $0, method: method, values: []) }
    }

    /// The sets of placeholder names a link may leave out, in the order tried: none; then, when
    /// the pattern has optional segments (Express's `:name?`), all of them and each alone.
    static func omissions(of pattern: Pattern) -> [Set<String>] {
        let optional = pattern.optionalSegments.compactMap { index -> String? in
            guard index < pattern.segments.count, case let .placeholder(placeholder) = pattern.segments[index] else { return nil }
            return placeholder.name
        }
        guard !optional.isEmpty else { return [[]] }
        return [[], Set(optional)] + (optional.count > 1 ? optional.map { [$0] } : [])
    }

    /// Each placeholder of `pattern` with its type, in order; a catch-all has no type.
    static func placeholders(of pattern: Pattern) -> [(name: String, type: ValueType?)] {
        if let urlPattern = pattern.urlPattern { return urlPatternPlaceholders(urlPattern) }
        var found: [(name: String, type: ValueType?)] = []
        for segment in pattern.segments {
            switch segment {
            case let .placeholder(placeholder): found.append((placeholder.name, placeholder.type))
            case let .composite(composite): found += composite.placeholders.map { ($0.name, $0.type) }
            case let .catchAll(name?): found.append((name, nil))
            case .literal, .wildcard, .catchAll: continue
            }
        }
        return found
    }

    /// The links `text` (a link built from the pattern) may be written as for the route's
    /// table, in the order they are tried: with the pattern's own scheme as written; else an
    /// OpenAPI server's origin or the host, before the path alone; a Compass name after its
    /// app scheme.
    private func forms(_ text: String) -> [String] {
        if route.pattern.schemeAsWritten != nil || route.pattern.scheme != nil || text.contains("://") { return [text] }
        let scheme = table.scheme.map { [$0 + "://" + text.drop { $0 == "/" }] } ?? []
        guard route.pattern.slashSeparated || text.hasPrefix("/") || route.pattern.express != nil else {
            return scheme + [text]
        }
        let path = text.hasPrefix("/") ? text : "/" + text
        var forms = serverOrigins().map { $0 + path }
        forms.append("https://" + host + path)
        forms.append(path)
        forms += scheme
        if table.dialect == .waap || table.dialect == .navigator { forms.append("app://" + text.drop { $0 == "/" }) }
        // a WAAppRouting pattern that starts with `*` and may throw takes a link only read whole,
        // as long as the pattern: `https:` or `app:` is its `*`, the rest host and path, or a
        // path alone (`app:/42/bob` has no host, so it is only read whole)
        if table.dialect == .waap, case .wildcard = route.pattern.segments.first, CompiledTable.mayThrow(route.pattern) {
            let rest = text.drop { $0 == "/" }.drop { $0 != "/" }.dropFirst()
            forms += ["https://" + rest, "app:/" + rest]
        }
        return forms
    }

    /// The origins (`scheme://host[:port]`) of the route's OpenAPI servers that name a host
    /// without variables.
    private func serverOrigins() -> [String] {
        guard let operation = route.operation else { return [] }
        return operation.origins.servers.compactMap { server in
            guard let host = server.host, !host.contains(UInt8(ascii: "{")) else { return nil }
            let scheme = server.scheme.map { String(decoding: $0, as: UTF8.self) } ?? "https"
            let port = server.port.map { LinkNormalizer.defaultPort(ofScheme: scheme.utf8) == $0 ? "" : ":\($0)" } ?? ""
            return scheme + "://" + String(decoding: host, as: UTF8.self) + port
        }
    }

    // MARK: App links

    private func appLinkCandidates(_ rule: AppLinkRule, variant: Int, random: inout SplitMix64) -> Result<[Candidate], Failure> {
        switch rule {
        case let .universalLink(rule):
            let host = table.hosts.first.map { Self.example(ofHost: $0.text) } ?? self.host
            var links: [String] = []
            for attempt in 0..<3 {
                guard let path = Self.string(rule.path, variant: variant + attempt, random: &random) else {
                    return .failure(Failure(reason: "no path the pattern '\(rule.path.text)' takes was found"))
                }
                var link = "https://" + host + Self.encoded(path.hasPrefix("/") ? path : "/" + path, keeping: LinkBuilder.keepsInPath)
                switch rule.query {
                case let .whole(pattern) where !pattern.matchesEverything:
                    guard let query = Self.string(pattern, variant: variant + attempt, random: &random) else {
                        return .failure(Failure(reason: "no query the pattern '\(pattern.text)' takes was found"))
                    }
                    link += "?" + Self.encoded(query, keeping: LinkBuilder.keepsInQuery)
                case let .items(items):
                    var pairs: [String] = []
                    for (name, pattern) in items {
                        guard let value = Self.string(pattern, variant: variant + attempt, random: &random) else {
                            return .failure(Failure(reason: "no value the pattern '\(pattern.text)' of query item '\(String(decoding: name, as: UTF8.self))' takes was found"))
                        }
                        pairs.append(Self.encoded(String(decoding: name, as: UTF8.self), keeping: LinkBuilder.keepsInQuery) + "="
                                     + Self.encoded(value, keeping: LinkBuilder.keepsInQuery))
                    }
                    link += "?" + pairs.joined(separator: "&")
                default:
                    break
                }
                if !rule.fragment.matchesEverything {
                    guard let fragment = Self.string(rule.fragment, variant: variant + attempt, random: &random) else {
                        return .failure(Failure(reason: "no fragment the pattern '\(rule.fragment.text)' takes was found"))
                    }
                    link += "#" + Self.encoded(fragment, keeping: LinkBuilder.keepsInQuery)
                }
                links.append(link)
            }
            return .success(links.map { Candidate(link: $0, method: nil, values: []) })
        case let .intentFilter(rule):
            // https and the first authority first; later variants every combination of the
            // filter's schemes, authorities and path elements (the variant's digits in mixed
            // radix), and another subdomain for a wildcard, which an earlier filter may not name
            let schemes = rule.schemes.filter { !$0.isEmpty }
            let ordered = schemes.contains("https") ? ["https"] + schemes.filter { $0 != "https" } : schemes
            let scheme = ordered.isEmpty ? "https" : ordered[variant % ordered.count]
            var rest = variant / max(ordered.count, 1)
            let authority = rule.authorities.isEmpty ? host : {
                let authority = rule.authorities[rest % rule.authorities.count]
                let name = authority.host == "*" ? host : Self.example(ofHost: authority.host, variant: rest / rule.authorities.count)
                return name + (authority.port.map { ":\($0)" } ?? "")
            }()
            rest /= max(rule.authorities.count, 1)
            var paths: [String] = []
            let matchers = rule.paths
            if matchers.isEmpty {
                // no path at all last: an earlier `pathPrefix="/"` takes every other
                paths = ["/", "/" + ExampleValues.value(for: "path", type: .string, variant: variant, random: &random)!, ""]
            } else {
                let matcher = matchers[rest % matchers.count]
                for attempt in 0..<3 {
                    if let path = Self.path(for: matcher, variant: variant + attempt, random: &random) { paths.append(path) }
                }
                paths += Self.textReadings(of: matcher).filter { !paths.contains($0) }
            }
            // a pattern that does not start with `/` still matches only a path that does
            paths = paths.flatMap { $0.hasPrefix("/") || $0.isEmpty ? [$0] : ["/" + $0, $0] }
            guard !paths.isEmpty else {
                return .failure(Failure(reason: "no path the filter's \(rule.paths.map { "\($0.kind.rawValue)=\($0.value)" }.joined(separator: ", ")) takes was found"))
            }
            return .success(paths.map { Candidate(link: scheme + "://" + authority + Self.encoded($0, keeping: LinkBuilder.keepsInPath),
                                                  method: nil, values: []) })
        }
    }

    /// A path an Android path element takes (`PatternMatcher`'s literal, prefix, suffix, glob
    /// and advanced patterns).
    private static func path(for matcher: AndroidPathMatcher, variant: Int, random: inout SplitMix64) -> String? {
        let word = ["alice", "42", "item1"][variant % 3]
        // an empty pattern takes only the empty path: a link without one
        if matcher.value.isEmpty, matcher.kind == .pathPattern || matcher.kind == .pathAdvancedPattern { return "" }
        switch matcher.kind {
        case .path: return matcher.value
        case .pathPrefix: return variant == 0 ? matcher.value : matcher.value + (matcher.value.hasSuffix("/") ? "" : "/") + word
        case .pathSuffix: return "/" + word + matcher.value
        case .pathPattern:
            guard let regex = try? Regex(AndroidPathMatcher.globExpression(matcher.value)) else { return nil }
            return ExampleValues.matching(regex, variant: variant, random: &random)
        case .pathAdvancedPattern:
            guard let regex = try? Regex(matcher.value) else { return nil }
            return ExampleValues.matching(regex, variant: variant, random: &random)
        }
    }

    /// Paths made from a glob's own text, tried after those made from the regex it reads as:
    /// Android's PatternMatcher never backtracks (`.*` runs up to the first character that the
    /// pattern names next, which is then literal), so that `/.*.*x*user` takes `/.*user` and
    /// never `/alice42xuser`; it reads an advanced pattern by UTF-16 units, so that `[😀]{2}`
    /// takes one emoji; and `/a}` (a brace that closes nothing) takes `/a`, `/a{-1}` `/`. The
    /// text without its escapes, then without each choice of its `c*` repeats (the first five),
    /// then without its counts (`{…}`, and the brackets of classes), without its counted atoms,
    /// and without any `*` or brace.
    static func textReadings(of matcher: AndroidPathMatcher) -> [String] {
        guard matcher.kind == .pathPattern || matcher.kind == .pathAdvancedPattern else { return [] }
        var plain: [Character] = []
        var escaped = false
        for c in matcher.value {
            if escaped || c != "\\" { plain.append(c) }
            escaped = !escaped && c == "\\"
        }
        // the repeats `c*`, each a range of `plain`
        let repeats = plain.indices.dropFirst().filter { plain[$0] == "*" && plain[$0 - 1] != "*" }.prefix(5).map { ($0 - 1)...$0 }
        var readings = (0..<(1 << repeats.count)).map { dropped in
            var text = plain
            for (index, range) in repeats.enumerated().reversed() where dropped & (1 << index) != 0 { text.removeSubrange(range) }
            return String(text)
        }
        readings.append(Self.withoutCounts(plain, atoms: false))
        readings.append(Self.withoutCounts(plain, atoms: true))
        readings.append(String(plain.filter { !"*{}[]".contains($0) }))
        var unique: [String] = []
        for reading in readings where !unique.contains(reading) { unique.append(reading) }
        return unique
    }

    /// `text` without its counts (`{…}`) and the brackets of its classes; with `atoms`, also
    /// without the character or class each count repeats.
    private static func withoutCounts(_ text: [Character], atoms: Bool) -> String {
        var out: [Character] = []
        // where the last atom starts in `out`
        var atom = 0
        var i = 0
        while i < text.count {
            switch text[i] {
            case "{":
                let end = text[i...].firstIndex(of: "}") ?? text.count - 1
                if atoms { out.removeSubrange(min(atom, out.count)...) }
                i = end + 1
                continue
            case "[":
                atom = out.count
                let end = text[i...].firstIndex(of: "]") ?? text.count
                out += text[(i + 1)..<end]
                i = end + 1
                continue
            default:
                atom = out.count
                out.append(text[i])
            }
            i += 1
        }
        return String(out)
    }

    /// A string an apple-app-site-association pattern takes.
    private static func string(_ pattern: WildcardPattern, variant: Int, random: inout SplitMix64) -> String? {
        guard let regex = pattern.expression else {
            return ExampleValues.value(for: "path", type: .string, variant: variant, random: &random)
        }
        return ExampleValues.matching(regex, variant: variant, random: &random)
    }

    /// A host that `pattern` (`example.com`, `*.example.com`) takes: for a wildcard, `www.` and, in
    /// odd variants, `app.`.
    static func example(ofHost pattern: String, variant: Int = 0) -> String {
        pattern.hasPrefix("*.") ? (variant % 2 == 0 ? "www." : "app.") + pattern.dropFirst(2) : pattern
    }

    /// `text` percent-encoded where `keep` does not keep a byte (a `%` of a valid escape stays).
    private static func encoded(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var out: [UInt8] = []
        PercentCoding.encode(text.utf8, keeping: keep, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Near misses

    /// Links that differ from `hit` (a link the route takes) in one way each: the last segment
    /// left out, one more segment, a value of the wrong type, the trailing `/` toggled, a
    /// literal in upper case, a method the route does not take, another host for a table that
    /// names its hosts. A change that leaves the link as it was is left out.
    func nearMisses(of hit: Candidate) -> [(kind: RouteExample.NearMiss, candidate: Candidate)] {
        let parts = LinkText(hit.link, delimiter: pathDelimiter(of: hit.link))
        var misses: [(RouteExample.NearMiss, String, String?)] = []
        if let shorter = parts.withoutLastSegment() { misses.append((.segmentMissing, shorter, hit.method)) }
        misses.append((.segmentExtra, parts.withSegment("extra"), hit.method))
        if let (name, type) = Self.placeholders(of: route.pattern).first(where: { $0.type.map { !$0.isPlain } ?? false }),
           let wrong = ExampleValues.wrongValue(for: type!), let value = hit.values.first(where: { $0.name == name })?.value,
           let changed = parts.replacingSegmentValue(value, with: wrong) {
            misses.append((.wrongType, changed, hit.method))
        }
        if parts.separator == "/" { misses.append((.trailingSlash, parts.withTrailingSlashToggled(), hit.method)) }
        if let literal = firstLiteral(), let changed = parts.replacingSegment(literal, with: literal.uppercased()) {
            misses.append((.changedCase, changed, hit.method))
        }
        if let methods = route.methods, !methods.isEmpty,
           let other = ["DELETE", "POST", "PUT", "PATCH", "GET"].first(where: { !methods.contains($0) }) {
            misses.append((.method, hit.link, other))
        }
        if route.appLink != nil || route.pattern.host != nil || !(route.operation?.origins.servers.isEmpty ?? true),
           let changed = parts.withHost("other.example") {
            misses.append((.host, changed, hit.method))
        }
        return misses.compactMap { kind, link, method in
            guard link != hit.link || method != hit.method, !universalLinkTakes(link, kind) else { return nil }
            return (kind, Candidate(link: link, method: method, values: hit.values))
        }
    }

    /// Whether the route's apple-app-site-association entry still takes `link`, changed from a
    /// hit in the way `kind` says, as `swcd` reads it (a trailing `/` does not matter, `/buy/*`
    /// takes `/buy`): then it is no near miss. Another host is the table's test, not the entry's.
    private func universalLinkTakes(_ link: String, _ kind: RouteExample.NearMiss) -> Bool {
        guard kind != .host, case let .universalLink(rule)? = route.appLink,
              let parsed = try? LinkParser().parse(Array(link.utf8)) else { return false }
        return (try? rule.accepts(parsed)) == true
    }

    /// The separator of the link's path segments: the delimiter for a Compass-style name, else `/`.
    private func pathDelimiter(of link: String) -> String {
        route.pattern.slashSeparated || route.appLink != nil || route.pattern.express != nil ? "/" : table.delimiter
    }

    /// The first literal segment of the pattern that has a lower-case letter.
    private func firstLiteral() -> String? {
        for case let .literal(bytes) in route.pattern.segments where bytes.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }
}
