/// An assetlinks.json file (Digital Asset Links statement list), read as Google's API reads it:
/// strict JSON, one array of statements, a statement that breaks a rule left out and the rest
/// kept (compatibility test 2003). Where Android 12+ fails the whole host instead
/// (`AndroidHostFailure`), an `al-host-fails` finding says so. `findings` holds what reading found.
@_spi(Records) public struct AssetLinksFile: Sendable {
    /// A target asset: a web site (canonical: `https://host.`) or an Android app with the
    /// fingerprints of its signing certificates.
    @_spi(Records) public enum Asset: Sendable, Equatable {
        case web(site: String)
        case androidApp(package: String, fingerprints: [String])
    }

    /// One statement: the relations it grants its target, and Android 15's dynamic rules.
    @_spi(Records) public struct Statement: Sendable {
        @_spi(Records) public let relations: [String]
        @_spi(Records) public let target: Asset
        /// `relation_extensions[handle_all_urls].dynamic_app_link_components`, in order; nil
        /// when the statement has none (or they are malformed, and so discarded).
        @_spi(Records) public let dynamicRules: [DynamicRule]?
        /// The 1-based line of the statement's `{`.
        @_spi(Records) public let line: Int
    }

    /// One rule of `dynamic_app_link_components`: patterns of the path, fragment and query items
    /// a link must match, and whether a match excludes it.
    @_spi(Records) public struct DynamicRule: Sendable {
        @_spi(Records) public let path: String?
        @_spi(Records) public let fragment: String?
        @_spi(Records) public let query: [(name: String, value: String)]
        @_spi(Records) public let exclude: Bool
        /// The patterns compiled once, as Android reads them (`DynamicRule.expression`): the
        /// path's, the fragment's (nil: any), and each query item's, in order.
        let pathTest: Regex?
        let fragmentTest: Regex?
        let queryTests: [Regex]

        /// A pattern of a dynamic rule as a whole-value regex: `*` any run, `?` one character,
        /// everything else literal (DalComponentParser: no `$(…)` variables, unlike Apple's).
        static func expression(_ pattern: String) -> Regex? {
            var source = ""
            for character in pattern {
                switch character {
                case "*": source += ".*"
                case "?": source += "."
                default: source += PatternParts.escapedRegexp(String(character))
                }
            }
            return try? Regex(source)
        }
    }

    /// A statement that includes another file.
    @_spi(Records) public struct Include: Sendable {
        @_spi(Records) public let url: String
        @_spi(Records) public let line: Int
    }

    /// The largest file Android reads (StatementRetriever's HTTP_CONTENT_SIZE_LIMIT_IN_BYTES).
    @_spi(Records) public static let sizeLimit = 1 << 20

    /// The file's name, as given.
    @_spi(Records) public let name: String
    /// The statements that hold, in file order.
    @_spi(Records) public private(set) var statements: [Statement] = []
    /// The files it includes.
    @_spi(Records) public private(set) var includes: [Include] = []
    /// What reading found, in line order.
    @_spi(Records) public private(set) var findings: [AssociationFinding] = []
    /// Whether the file as a whole is refused (not JSON, not an array, no statement at all): a
    /// host serving it verifies nothing.
    @_spi(Records) public private(set) var isRefused = false
    /// Why Android 12+ fails every app of the host over this file, if it does.
    @_spi(Records) public private(set) var androidFailure: String?
    /// Whether Android 12+ fails every app of the host over this file.
    @_spi(Records) public var failsHostOnAndroid: Bool { androidFailure != nil }

    /// Reads `bytes`, the file `name`.
    @_spi(Records) public init(_ bytes: [UInt8], name: String) {
        self.name = name
        let position = TextPosition(bytes)
        guard bytes.count <= Self.sizeLimit else {
            refuse("al-too-large", "the file is \(bytes.count) bytes: Android reads at most \(Self.sizeLimit) (1 MiB)", line: 1)
            return
        }
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument(bytes)
        } catch {
            refuse("al-not-array", "the file is not valid JSON: \(error.message)", line: position.line(of: error.at))
            return
        }
        guard let elements = document.root.array else {
            refuse("al-not-array", "the top level is \(document.root.kindName), not an array of statements", line: 1)
            return
        }
        guard !elements.isEmpty else {
            isRefused = true
            findings.append(AssociationFinding("al-not-array", .error, file: name, line: 1, "the array holds no statement: the host verifies no app"))
            return
        }
        for element in elements { read(element, line: position.line(of: element.offset)) }
        if let (reason, offset) = AndroidHostFailure.failure(document.root) {
            androidFailure = reason
            findings.append(AssociationFinding("al-host-fails", .error, file: name, line: position.line(of: offset),
                                               "Android 12+ fails every app of the host: \(reason)"))
            findings.sort { $0.line < $1.line }
        }
    }

    /// Refuses the whole file, which Android's reader refuses too: no app of the host is verified.
    private mutating func refuse(_ code: String, _ message: String, line: Int) {
        isRefused = true
        androidFailure = message
        findings.append(AssociationFinding(code, .error, file: name, line: line, message + ": no app of the host is verified"))
    }

    private mutating func note(_ code: String, _ severity: AssociationFinding.Severity = .error, line: Int, _ message: String) {
        let leftOut = severity == .error && code != "al-insecure-include" ? ": the statement is left out" : ""
        findings.append(AssociationFinding(code, severity, file: name, line: line, message + leftOut))
    }

    /// Reads one element of the list: a statement or an include.
    private mutating func read(_ node: JSONDocument.Node, line: Int) {
        guard node.members != nil else { return note("al-bad-statement", line: line, "a statement is \(node.kindName), not an object") }
        if let include = node["include"] {
            guard node["relation"] == nil, node["target"] == nil else {
                return note("al-bad-statement", line: line, "an include statement has 'relation' or 'target' too")
            }
            guard let url = include.string, let scheme = url.split(separator: ":", maxSplits: 1).first?.lowercased(),
                  scheme == "https" || scheme == "http", url.contains("://") else {
                return note("al-bad-statement", line: line, "'include' is no http(s) URL")
            }
            guard scheme == "https" else {
                return note("al-insecure-include", line: line, "'include' names \(url): a file served over https may not include one over http")
            }
            includes.append(Include(url: url, line: line))
            return
        }
        guard let relations = relations(node["relation"], line: line), let target = target(node["target"], line: line) else { return }
        statements.append(Statement(relations: relations, target: target, dynamicRules: dynamicRules(node, line: line), line: line))
    }

    private mutating func relations(_ node: JSONDocument.Node?, line: Int) -> [String]? {
        guard let node else { note("al-bad-statement", line: line, "a statement has no 'relation'"); return nil }
        guard let elements = node.array, !elements.isEmpty else {
            note("al-bad-relation", line: line, "'relation' is \(node.kindName == "an array" ? "an empty array" : node.kindName), not an array of relations")
            return nil
        }
        var relations: [String] = []
        for element in elements {
            guard let text = element.string, AssetLinksRules.isRelation(text) else {
                note("al-bad-relation", line: line, "the relation \(element.string.map { "'\($0)'" } ?? element.kindName) is not kind/detail of a-z, 0-9, '_' and '.'")
                return nil
            }
            relations.append(text)
        }
        return relations
    }

    private mutating func target(_ node: JSONDocument.Node?, line: Int) -> Asset? {
        guard let node else { note("al-bad-statement", line: line, "a statement has no 'target'"); return nil }
        guard node.members != nil else { note("al-bad-statement", line: line, "'target' is \(node.kindName), not an object"); return nil }
        switch node["namespace"]?.string {
        case "web":
            guard let text = node["site"]?.string, let site = AssetLinksRules.canonicalSite(text) else {
                let given = node["site"]?.string.map { "'\($0)'" } ?? "missing"
                note("al-bad-site", line: line, "the web target's site is \(given): it must be http(s)://host[:port], no path, query, fragment or user")
                return nil
            }
            return .web(site: site)
        case "android_app":
            guard let package = node["package_name"]?.string, AssetLinksRules.isPackageName(package) else {
                let given = node["package_name"]?.string.map { "'\($0)'" } ?? "missing"
                note("al-bad-package", line: line, "the package_name is \(given): segments of a letter then letters, digits and '_', at least two")
                return nil
            }
            guard let list = node["sha256_cert_fingerprints"]?.array, !list.isEmpty else {
                note("al-bad-fingerprint", line: line, "'sha256_cert_fingerprints' of \(package) is missing or no non-empty array")
                return nil
            }
            var fingerprints: [String] = []
            for element in list {
                guard let text = element.string, AssetLinksRules.isFingerprint(text) else {
                    let problem = element.string.map { "'\($0)': " + AssetLinksRules.fingerprintProblem($0) } ?? element.kindName
                    note("al-bad-fingerprint", line: line, "the fingerprint \(problem)")
                    return nil
                }
                fingerprints.append(text)
            }
            return .androidApp(package: package, fingerprints: fingerprints)
        default:
            let given = node["namespace"]?.string.map { "'\($0)'" } ?? "missing"
            note("al-bad-namespace", line: line, "the target's namespace is \(given): it must be 'android_app' or 'web'")
            return nil
        }
    }

    /// The statement's dynamic rules; a malformed list is discarded, as Android discards it
    /// (the manifest's rules then apply).
    private mutating func dynamicRules(_ statement: JSONDocument.Node, line: Int) -> [DynamicRule]? {
        guard let list = statement["relation_extensions"]?[AssetLinksRules.handleAllURLs]?["dynamic_app_link_components"] else { return nil }
        guard let elements = list.array, !elements.isEmpty else {
            note("al-dynamic-bad", .warning, line: line, "'dynamic_app_link_components' is \(list.kindName == "an array" ? "an empty array" : list.kindName): the rules are discarded")
            return nil
        }
        var rules: [DynamicRule] = []
        for element in elements {
            guard element.members != nil else {
                note("al-dynamic-bad", .warning, line: line, "a dynamic rule is \(element.kindName), not an object: the rules are discarded")
                return nil
            }
            guard let rule = Self.dynamicRule(element) else {
                note("al-dynamic-bad", .warning, line: line, "a dynamic rule's '/' or '#' is no non-empty string, its '?' no object of strings or its 'exclude' no boolean: the rules are discarded")
                return nil
            }
            rules.append(rule)
        }
        return rules
    }

    /// A dynamic rule of the object `node`; nil when a key holds a value of the wrong kind.
    private static func dynamicRule(_ node: JSONDocument.Node) -> DynamicRule? {
        func pattern(_ key: String) -> String?? {
            guard let value = node[key] else { return .some(nil) }
            guard let text = value.string, !text.isEmpty else { return nil }
            return text
        }
        guard let path = pattern("/"), let fragment = pattern("#") else { return nil }
        var query: [(name: String, value: String)] = []
        if let items = node["?"] {
            guard let members = items.members else { return nil }
            for member in members {
                guard let value = member.node.string else { return nil }
                query.append((member.key, value))
            }
        }
        var exclude = false
        if let flag = node["exclude"] {
            guard let value = flag.bool else { return nil }
            exclude = value
        }
        // escaped, a pattern compiles unless PCRE2 finds it too large: then the rule is malformed
        let pathTest = path.flatMap(DynamicRule.expression), fragmentTest = fragment.flatMap(DynamicRule.expression)
        let queryTests = query.compactMap { DynamicRule.expression($0.value) }
        guard (pathTest == nil) == (path == nil), (fragmentTest == nil) == (fragment == nil), queryTests.count == query.count else { return nil }
        return DynamicRule(path: path, fragment: fragment, query: query, exclude: exclude, pathTest: pathTest,
                           fragmentTest: fragmentTest, queryTests: queryTests)
    }
}
