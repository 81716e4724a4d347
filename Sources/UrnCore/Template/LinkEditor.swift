/// trurl-style editing of links (urnfmt(1) EDITING): `--set`, `--append`, `--qtrim`, `--sort-query` and
/// `--redirect`, applied in that fixed order: redirect, set, trim, append, sort.
@_spi(Records) public struct LinkEditor: Sendable {
    /// One `--set COMP=VALUE` (or `COMP:=VALUE`, taken as written; `COMP?=VALUE`, only if unset).
    @_spi(Records) public struct Assignment: Sendable, Equatable {
        /// The component.
        @_spi(Records) public let part: LinkPart
        /// The value; nil clears the component.
        @_spi(Records) public let value: [UInt8]?
        /// Whether the value is already encoded (`:=`).
        @_spi(Records) public let raw: Bool
        /// Whether the value applies only when the component is unset (`?=`).
        @_spi(Records) public let ifUnset: Bool
    }

    /// Why an edit could not be made or parsed.
    @_spi(Records) public struct EditError: CodedError, Equatable {
        /// The reason.
        @_spi(Records) public let message: String
        @_spi(Records) public var code: String { "invalid-edit" }
        @_spi(Records) public var offset: Int? { nil }
    }

    /// `--redirect` targets, resolved in order.
    @_spi(Records) public var redirects: [String] = []
    /// `--set` assignments, in order.
    @_spi(Records) public var assignments: [Assignment] = []
    /// `--append path=SEG` segments (decoded).
    @_spi(Records) public var pathAppends: [[UInt8]] = []
    /// `--append query=K=V` parameters (decoded key and value).
    @_spi(Records) public var queryAppends: [(key: [UInt8], value: [UInt8]?)] = []
    /// `--qtrim` names; a trailing `*` makes a prefix.
    @_spi(Records) public var trims: [String] = []
    /// `--sort-query`.
    @_spi(Records) public var sortQuery = false

    /// An editor with no edits.
    @_spi(Records) public init() {}

    /// Whether any edit is configured.
    @_spi(Records) public var isEmpty: Bool {
        redirects.isEmpty && assignments.isEmpty && pathAppends.isEmpty && queryAppends.isEmpty && trims.isEmpty && !sortQuery
    }

    /// Adds `--set COMP=VALUE` / `COMP:=VALUE`; throws for an unknown component.
    @_spi(Records) public mutating func set(_ argument: String) throws(EditError) {
        guard let equals = argument.firstIndex(of: "=") else { throw EditError(message: "--set takes COMP=VALUE, not '\(argument)'") }
        var name = argument[..<equals]
        let raw = name.hasSuffix(":")
        let ifUnset = name.hasSuffix("?")
        if raw || ifUnset { name = name.dropLast() }
        guard let part = LinkPart(rawValue: String(name)) else {
            throw EditError(message: "unknown component '\(name)' (use " + LinkPart.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        let value = Array(argument[argument.index(after: equals)...].utf8)
        assignments.append(Assignment(part: part, value: value.isEmpty ? nil : value, raw: raw, ifUnset: ifUnset))
    }

    /// Adds `--append path=SEG` or `--append query=K=V`.
    @_spi(Records) public mutating func append(_ argument: String) throws(EditError) {
        if argument.hasPrefix("path=") {
            pathAppends.append(Array(argument.dropFirst(5).utf8))
        } else if argument.hasPrefix("query=") {
            let pair = argument.dropFirst(6)
            if let equals = pair.firstIndex(of: "=") {
                queryAppends.append((Array(pair[..<equals].utf8), Array(pair[pair.index(after: equals)...].utf8)))
            } else {
                queryAppends.append((Array(pair.utf8), nil))
            }
        } else {
            throw EditError(message: "--append takes path=SEGMENT or query=KEY=VALUE, not '\(argument)'")
        }
    }

    /// The components being edited, as written (encoded).
    struct Parts {
        var scheme: [UInt8]?
        var user: [UInt8]?
        var password: [UInt8]?
        var host: [UInt8]?
        var port: [UInt8]?
        var path: [UInt8] = []
        var query: [UInt8]?
        var fragment: [UInt8]?

        init(_ text: [UInt8]) {
            let reference = URIReference(text)
            scheme = reference[reference.scheme].map(Array.init)
            if let authority = reference[reference.authority] {
                var hostPort = authority
                if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                    let userinfo = authority[..<at]
                    if let colon = userinfo.firstIndex(of: UInt8(ascii: ":")) {
                        user = Array(userinfo[..<colon])
                        password = Array(userinfo[(colon + 1)...])
                    } else {
                        user = Array(userinfo)
                    }
                    hostPort = authority[(at + 1)...]
                }
                let close = hostPort.lastIndex(of: UInt8(ascii: "]")) ?? hostPort.startIndex
                if let colon = hostPort[close...].lastIndex(of: UInt8(ascii: ":")) {
                    host = Array(hostPort[..<colon])
                    port = Array(hostPort[(colon + 1)...])
                    if port?.isEmpty == true { port = nil }
                } else {
                    host = Array(hostPort)
                }
            }
            path = Array(reference.text[reference.path])
            query = reference[reference.query].map(Array.init)
            fragment = reference[reference.fragment].map(Array.init)
        }

        /// Whether `part` is set.
        func has(_ part: LinkPart) -> Bool {
            switch part {
            case .scheme: return scheme != nil
            case .user: return user != nil
            case .password: return password != nil
            case .host: return host != nil
            case .port: return port != nil
            case .path: return !path.isEmpty
            case .query: return query != nil
            case .fragment: return fragment != nil
            }
        }

        var text: [UInt8] {
            var out: [UInt8] = []
            if let scheme { out += scheme; out.append(UInt8(ascii: ":")) }
            if host != nil || user != nil || port != nil {
                out += "//".utf8
                if let user {
                    out += user
                    if let password { out.append(UInt8(ascii: ":")); out += password }
                    out.append(UInt8(ascii: "@"))
                }
                out += host ?? []
                if let port { out.append(UInt8(ascii: ":")); out += port }
                if !path.isEmpty && path.first != UInt8(ascii: "/") { out.append(UInt8(ascii: "/")) }
            }
            out += path
            if let query { out.append(UInt8(ascii: "?")); out += query }
            if let fragment { out.append(UInt8(ascii: "#")); out += fragment }
            return out
        }
    }

    /// The edited text of `link`.
    @_spi(Records) public func edit(_ link: [UInt8]) throws(EditError) -> [UInt8] {
        var text = link
        for target in redirects {
            do {
                text = try LinkResolver(base: String(decoding: text, as: UTF8.self)).resolve(Array(target.utf8))
            } catch {
                throw EditError(message: "cannot redirect from a relative link")
            }
        }
        var parts = Parts(text)
        for assignment in assignments { try apply(assignment, to: &parts) }
        if !trims.isEmpty { parts.query = editQuery(parts.query) { pairs in pairs.removeAll { trimmed($0.key) } } }
        for segment in pathAppends {
            if parts.path.last != UInt8(ascii: "/") { parts.path.append(UInt8(ascii: "/")) }
            PercentCoding.encode(segment, keeping: LinkBuilder.keepsInSegment, into: &parts.path)
        }
        for (key, value) in queryAppends {
            var pair: [UInt8] = []
            PercentCoding.encode(key, keeping: LinkBuilder.keepsInQuery, into: &pair)
            if let value {
                pair.append(UInt8(ascii: "="))
                PercentCoding.encode(value, keeping: LinkBuilder.keepsInQuery, into: &pair)
            }
            parts.query = editQuery(parts.query) { $0.append((Array(key), pair)) }
        }
        if sortQuery {
            parts.query = editQuery(parts.query) { pairs in
                pairs = pairs.enumerated().sorted { a, b in
                    a.element.raw.lexicographicallyPrecedes(b.element.raw) || (a.element.raw == b.element.raw && a.offset < b.offset)
                }.map(\.element)
            }
        }
        return parts.text
    }

    private func apply(_ assignment: Assignment, to parts: inout Parts) throws(EditError) {
        if assignment.ifUnset && parts.has(assignment.part) { return }
        func encoded(_ keep: (UInt8) -> Bool) -> [UInt8]? {
            guard let value = assignment.value else { return nil }
            if assignment.raw { return value }
            var out: [UInt8] = []
            PercentCoding.encode(value, keeping: keep, into: &out)
            return out
        }
        let userinfo: (UInt8) -> Bool = { ByteClass.test($0, [.unreserved, .subDelim]) }
        let authorityPart = [LinkPart.user, .password, .host, .port].contains(assignment.part)
        if authorityPart, assignment.value != nil, parts.host == nil {
            // `urn:isbn:123` given a host would become `urn://b.example/isbn:123`, another link
            throw EditError(message: "cannot set \(assignment.part.rawValue): the link has no authority ('//host') to hold one")
        }
        switch assignment.part {
        case .scheme:
            if let value = assignment.value, !URIReference.isScheme(value[...]) {
                throw EditError(message: "invalid scheme '\(String(decoding: value, as: UTF8.self))'")
            }
            parts.scheme = assignment.value
        case .user: parts.user = encoded(userinfo)
        case .password: parts.password = encoded(userinfo)
        case .host: parts.host = encoded { ByteClass.test($0, [.unreserved, .subDelim]) || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: ":") }
        case .port:
            if let value = assignment.value {
                guard value.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let port = Int(String(decoding: value, as: UTF8.self)), port <= 65535 else {
                    throw EditError(message: "invalid port '\(String(decoding: value, as: UTF8.self))'")
                }
            }
            parts.port = assignment.value
        case .path:
            var path = encoded { ByteClass.test($0, .pchar) || $0 == UInt8(ascii: "/") } ?? []
            if !path.isEmpty, path.first != UInt8(ascii: "/"), parts.host != nil { path.insert(UInt8(ascii: "/"), at: 0) }
            parts.path = path
        case .query: parts.query = encoded(LinkBuilder.keepsInQuery)
        case .fragment: parts.fragment = encoded { ByteClass.test($0, .pchar) || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }
        }
    }

    /// Applies `change` to the query's `&`-separated pairs (empty ones dropped); nil when none are left.
    private func editQuery(_ query: [UInt8]?, _ change: (inout [(key: [UInt8], raw: [UInt8])]) -> Void) -> [UInt8]? {
        var pairs: [(key: [UInt8], raw: [UInt8])] = []
        for raw in (query ?? []).split(separator: UInt8(ascii: "&")) {
            let key = raw.prefix { $0 != UInt8(ascii: "=") }
            pairs.append((PercentCoding.decodedUTF8(key, plusAsSpace: true) ?? Array(key), Array(raw)))
        }
        change(&pairs)
        guard !pairs.isEmpty else { return nil }
        return Array(pairs.map(\.raw).joined(separator: [UInt8(ascii: "&")]))
    }

    /// Whether a `--qtrim` removes `key`: `NAME`, `NAME*` (a prefix), `\*` (a literal star).
    private func trimmed(_ key: [UInt8]) -> Bool {
        let name = String(decoding: key, as: UTF8.self)
        return trims.contains { trim in
            if trim.hasSuffix("\\*") { return name == String(trim.dropLast(2)) + "*" }
            return trim.hasSuffix("*") ? name.hasPrefix(String(trim.dropLast())) : name == trim
        }
    }
}
