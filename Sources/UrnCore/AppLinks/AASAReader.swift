/// Reads an apple-app-site-association file into routes, one an entry of `applinks.details`:
/// each `components` dictionary, or each legacy `paths` string when a detail has no
/// `components` (iOS 13 and later read `components` and ignore `paths`). `details` may be an
/// array of dictionaries with `appID` or `appIDs`, or the iOS 9 dictionary keyed by app ID.
/// `defaults` of `applinks` and of a detail set `caseSensitive` and `percentEncoded` for the
/// entries under them, a component's own keys win (Apple, "applinks.Defaults").
package struct AASAReader {
    /// The table's name, for routes and errors.
    let table: String
    /// The whole file.
    let bytes: [UInt8]
    /// Where the JSON starts in `bytes` (after `@` directives).
    let start: Int
    private let position: TextPosition

    /// A reader of the JSON at `start` of `bytes`.
    package init(table: String, bytes: [UInt8], start: Int) {
        self.table = table
        self.bytes = bytes
        self.start = start
        position = TextPosition(bytes)
    }

    /// The settings of the defaults in force.
    private struct Settings {
        var caseSensitive = true
        var percentEncoded = true

        func overridden(by node: JSONDocument.Node?, _ reader: AASAReader) throws(TableError) -> Settings {
            guard let node else { return self }
            var settings = self
            if let value = node["caseSensitive"] { settings.caseSensitive = try reader.bool(value, "caseSensitive") }
            if let value = node["percentEncoded"] { settings.percentEncoded = try reader.bool(value, "percentEncoded") }
            return settings
        }
    }

    /// The routes of the file.
    package func routes() throws(TableError) -> [Route] {
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument(Array(bytes[start...]))
        } catch {
            // the message's own column counts from the JSON's start; the error's position says it
            var message = Substring(error.message)
            if let cut = message.ranges(of: " at column ").last { message = message[..<cut.lowerBound] }
            throw failure(String(message), at: error.at)
        }
        guard let applinks = document.root["applinks"] else { throw failure("no 'applinks' object", at: 0) }
        try expect(applinks, isObject: "applinks")
        let settings = try Settings().overridden(by: applinks["defaults"], self)
        let variables = try substitutionVariables(applinks["substitutionVariables"])
        guard let details = applinks["details"] else { return [] }
        var routes: [Route] = []
        if let members = details.members {
            // iOS 9: `"details": {"ABCDE12345.com.example.app": {"paths": [...]}}`
            for (index, member) in members.enumerated() {
                routes += try detailRoutes(member.node, index: index, appIDs: [member.key], settings, variables)
            }
        } else if let entries = details.array {
            for (index, entry) in entries.enumerated() {
                routes += try detailRoutes(entry, index: index, appIDs: nil, settings, variables)
            }
        } else {
            throw failure("'details' must be an array, not \(details.kindName)", at: details.offset)
        }
        return routes
    }

    private func detailRoutes(_ detail: JSONDocument.Node, index: Int, appIDs given: [String]?, _ outer: Settings,
                              _ variables: SubstitutionVariables) throws(TableError) -> [Route] {
        try expect(detail, isObject: "a detail")
        var appIDs = given ?? []
        if given == nil {
            if let list = detail["appIDs"] {
                guard let entries = list.array else { throw failure("'appIDs' must be an array of strings", at: list.offset) }
                for entry in entries { appIDs.append(try string(entry, "an app ID")) }
            } else if let single = detail["appID"] {
                appIDs = [try string(single, "'appID'")]
            }
            guard !appIDs.isEmpty else { throw failure("the detail names no app: give 'appIDs' or 'appID'", at: detail.offset) }
        }
        let settings = try outer.overridden(by: detail["defaults"], self)
        var routes: [Route] = []
        if let components = detail["components"] {
            guard let entries = components.array else { throw failure("'components' must be an array", at: components.offset) }
            for (k, component) in entries.enumerated() {
                let rule = try self.component(component, appIDs: appIDs, detail: index, index: k, settings, variables)
                routes.append(route(rule, at: component.offset))
            }
        } else if let paths = detail["paths"] {
            guard let entries = paths.array else { throw failure("'paths' must be an array of strings", at: paths.offset) }
            for (k, entry) in entries.enumerated() {
                var text = try string(entry, "a path")
                let exclude = text.hasPrefix("NOT ")
                if exclude { text.removeFirst(4) }
                // the legacy strings are case-sensitive and match the path alone
                let path = try pattern(text, caseSensitive: true, variables, path: true, at: entry.offset)
                let rule = UniversalLinkRule(appIDs: appIDs, detail: index, component: k, exclude: exclude, legacy: true, path: path,
                                             query: .whole(.everything), fragment: .everything, percentEncoded: true)
                routes.append(route(rule, at: entry.offset))
            }
        }
        return routes
    }

    private func component(_ node: JSONDocument.Node, appIDs: [String], detail: Int, index: Int, _ outer: Settings,
                           _ variables: SubstitutionVariables) throws(TableError) -> UniversalLinkRule {
        try expect(node, isObject: "a component")
        let settings = try outer.overridden(by: node, self)
        func wildcard(_ key: String) throws(TableError) -> WildcardPattern {
            guard let value = node[key] else { return .everything }
            return try pattern(try string(value, "'\(key)'"), caseSensitive: settings.caseSensitive, variables, path: key == "/",
                               at: value.offset)
        }
        var query = UniversalLinkRule.QueryTest.whole(.everything)
        var ignoredQueryItem: String?
        if let value = node["?"], let items = value.members {
            var tests: [(name: [UInt8], pattern: WildcardPattern)] = []
            for item in items {
                // a value that is no string makes swcd ignore the whole dictionary: the rule
                // takes any query (`--check` says so)
                guard let text = item.node.string else {
                    ignoredQueryItem = item.key
                    break
                }
                tests.append((Array(item.key.utf8), try pattern(text, caseSensitive: settings.caseSensitive, variables, at: item.node.offset)))
            }
            if ignoredQueryItem == nil { query = .items(tests) }
        } else {
            query = .whole(try wildcard("?"))
        }
        var exclude = false
        if let value = node["exclude"] { exclude = try bool(value, "exclude") }
        if let comment = node["comment"], comment.string == nil { throw failure("'comment' must be a string", at: comment.offset) }
        return UniversalLinkRule(appIDs: appIDs, detail: detail, component: index, exclude: exclude, legacy: false,
                                 path: try wildcard("/"), query: query, fragment: try wildcard("#"),
                                 percentEncoded: settings.percentEncoded, ignoredQueryItem: ignoredQueryItem)
    }

    private func substitutionVariables(_ node: JSONDocument.Node?) throws(TableError) -> SubstitutionVariables {
        guard let node else { return SubstitutionVariables() }
        guard let members = node.members else { throw failure("'substitutionVariables' must be an object", at: node.offset) }
        var custom: [String: [String]] = [:]
        for member in members {
            guard !member.key.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) else {
                throw failure("substitution variable name '\(member.key)' may not contain '$', '(' or ')'", at: member.node.offset)
            }
            guard let values = member.node.array else { throw failure("substitution variable '\(member.key)' must be an array of strings", at: member.node.offset) }
            var strings: [String] = []
            for value in values { strings.append(try string(value, "a value of '\(member.key)'")) }
            custom[member.key] = strings
        }
        return SubstitutionVariables(custom: custom)
    }

    private func route(_ rule: UniversalLinkRule, at offset: Int) -> Route {
        let text = rule.text
        let pattern = Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: [], sourceRanges: [], slashSeparated: true)
        return Route(pattern: pattern, target: rule.appIDs.first, table: table, line: position.line(of: start + offset),
                     appLink: .universalLink(rule))
    }

    private func pattern(_ text: String, caseSensitive: Bool, _ variables: SubstitutionVariables, path: Bool = false,
                         at offset: Int) throws(TableError) -> WildcardPattern {
        do throws(WildcardPattern.Failure) {
            return try WildcardPattern(text, caseSensitive: caseSensitive, variables: variables, path: path)
        } catch {
            throw failure(error.reason, at: offset)
        }
    }

    private func string(_ node: JSONDocument.Node, _ what: String) throws(TableError) -> String {
        guard let text = node.string else { throw failure("\(what) must be a string, not \(node.kindName)", at: node.offset) }
        return text
    }

    fileprivate func bool(_ node: JSONDocument.Node, _ key: String) throws(TableError) -> Bool {
        guard let flag = node.bool else { throw failure("'\(key)' must be true or false, not \(node.kindName)", at: node.offset) }
        return flag
    }

    private func expect(_ node: JSONDocument.Node, isObject what: String) throws(TableError) {
        guard node.members != nil else { throw failure("\(what) must be an object, not \(node.kindName)", at: node.offset) }
    }

    private func failure(_ reason: String, at offset: Int) -> TableError {
        let absolute = min(start + offset, max(bytes.count - 1, 0))
        return TableError(table: table, line: position.line(of: absolute), column: position.column(of: absolute), reason: reason)
    }
}
