/// Whether Android 12+'s verifier fails a whole host over its assetlinks.json: the StatementService
/// app's `StatementParser.parseStatementList` throws, and `DomainVerifier.verifyHost` then answers
/// FAILURE_UNKNOWN for every app of the host. Read from AOSP's code as recorded in
/// Tests/Fixtures/assetlinks-device (StatementParser.kt 05f31ae6, JsonParser, Relation,
/// AssetFactory, AndroidAppAsset, WebAsset): where Google's API leaves one bad statement out, the
/// device throws for a bad relation, namespace, site, package or fingerprint list, a number or null
/// anywhere in a statement, and a non-object element; it skips a statement without
/// an object `target` or an array `relation` silently, and checks no fingerprint's format.
enum AndroidHostFailure {
    /// Why the device fails the host of `document`'s list, with the offset of the element; nil
    /// when it reads the list.
    static func failure(_ root: JSONDocument.Node) -> (reason: String, offset: Int)? {
        guard let elements = root.array else { return ("the top level is no array", root.offset) }
        for element in elements {
            if let reason = failure(ofStatement: element) { return (reason, element.offset) }
        }
        return nil
    }

    private static func failure(ofStatement node: JSONDocument.Node) -> String? {
        guard node.members != nil else { return "an element is \(node.kindName), not an object" }
        // JsonParser reads strings, booleans, objects and arrays of strings and objects only
        if let unread = unreadValue(node, inArray: false) { return "the statement holds \(unread), which Android's JSON reader refuses" }
        // an include wins over the statement's own fields, and is fetched later
        if let include = node["include"].flatMap(coercedString), !include.isEmpty { return nil }
        guard let target = node["target"], target.members != nil, let relations = node["relation"]?.array else { return nil }
        switch target["namespace"]?.string {
        case "web":
            guard let site = target["site"]?.string, siteIsRead(site) else { return "the web site \(target["site"]?.string.map { "'\($0)'" } ?? "missing") is refused" }
        case "android_app":
            guard let package = target["package_name"].flatMap(coercedString), !package.isEmpty else { return "the package_name is missing or empty" }
            guard let prints = target["sha256_cert_fingerprints"]?.array, !prints.isEmpty else {
                return "'sha256_cert_fingerprints' of \(package) is missing, empty or no array"
            }
        default:
            return "the namespace \(target["namespace"].flatMap(coercedString).map { "'\($0)'" } ?? "missing") is not supported"
        }
        for relation in relations where !(coercedString(relation).map(AssetLinksRules.isRelation) ?? false) {
            return "the relation \(coercedString(relation).map { "'\($0)'" } ?? relation.kindName) is refused"
        }
        if let components = node["relation_extensions"]?[AssetLinksRules.handleAllURLs]?["dynamic_app_link_components"]?.array,
           components.contains(where: { $0.members == nil }) {
            return "a dynamic rule is no object (Android 15 and later)"
        }
        return nil
    }

    /// A value Android's JsonParser throws on: a number or null anywhere, a boolean in an array.
    private static func unreadValue(_ node: JSONDocument.Node, inArray: Bool) -> String? {
        switch node.value {
        case let .object(members): return members.lazy.compactMap { unreadValue($0.node, inArray: false) }.first
        case let .array(elements): return elements.lazy.compactMap { unreadValue($0, inArray: true) }.first
        case .number, .null: return node.kindName
        case .bool: return inArray ? "a boolean in an array" : nil
        case .string, .omitted: return nil
        }
    }

    /// `org.json`'s `getString`: a string as it is, a boolean as its word, a container as its
    /// JSON text (approximated by its kind, which no rule takes).
    private static func coercedString(_ node: JSONDocument.Node) -> String? {
        switch node.value {
        case let .string(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case .object, .array: return node.kindName
        default: return nil
        }
    }

    /// Whether `WebAsset.create` takes a site, as libcore's URL parser reads it (trimmed, a
    /// leading `url:` dropped, `.` segments taken out): `http` or `https`, no user, a path of
    /// `/` or none, no query but an empty one; a fragment, any port number and an empty host are
    /// kept, an IPv6 literal must hold only its own characters.
    private static func siteIsRead(_ site: String) -> Bool {
        var text = Substring(site).drop { $0.asciiValue.map { $0 <= 0x20 } ?? false }
        while let last = text.last, last.asciiValue.map({ $0 <= 0x20 }) ?? false { text = text.dropLast() }
        if text.lowercased().hasPrefix("url:") { text = text.dropFirst(4) }
        guard let separator = text.firstRange(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        var rest = text[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let question = rest.firstIndex(of: "?") {
            guard rest.index(after: question) == rest.endIndex else { return false }
            rest = rest[..<question]
        }
        let authority = rest.prefix { $0 != "/" }
        let path = rest[authority.endIndex...].split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }
        guard path.allSatisfy(\.isEmpty), path.count <= 2, !authority.contains("@") else { return false }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let literal = authority[authority.index(after: authority.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let port = authority[authority.index(after: close)...]
            return port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy { $0 >= "0" && $0 <= "9" })
        }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 1 || parts[1].allSatisfy { $0 >= "0" && $0 <= "9" }
    }
}
