/// What a route of an OpenAPI table knows of its operation (urn-routes(5) OPENAPI TABLES): the
/// method and path it was declared under, `operationId`, `tags`, `deprecated`, the path
/// parameters that type its arguments, and the servers whose links it takes. An operation
/// served under several base paths is a route for each, all sharing one operation.
@_spi(Records) public final class OpenAPIOperation: Sendable {
    /// The HTTP method, upper case.
    @_spi(Records) public let method: String
    /// The path as the document writes it (`/pets/{petId}`), without a server's base path.
    @_spi(Records) public let path: String
    /// `operationId`, if the document gives one.
    @_spi(Records) public let operationId: String?
    /// `tags`, in order.
    @_spi(Records) public let tags: [String]
    /// `deprecated: true`.
    @_spi(Records) public let deprecated: Bool
    /// The path parameters the operation declares (its own and its path's), by name.
    package let parameters: [PathParameter]
    /// The hosts links must have: the servers' (any for a server without a host), narrowed by
    /// `--host` and `@host`.
    package let origins: ServerOrigins
    /// When the route's pattern has only whole-segment placeholders, the parameter of each (nil
    /// for a name the operation declares none for), in the order of the pattern's
    /// `untypedPlaceholders.slots`: found once here rather than by name for every link, and held
    /// unretained (`parameters` keeps them), so that reading one costs no reference count.
    let slotParameters: [Unmanaged<PathParameter>?]
    /// The template expressions of its path, each name once (a server variable is none): the
    /// fewer, the earlier it is tried (`DialectRules.Ranking.fewestExpressions`).
    let expressionCount: Int

    /// The operation of a route whose pattern is `pattern`.
    package init(method: String, path: String, operationId: String?, tags: [String], deprecated: Bool,
                 parameters: [PathParameter], origins: ServerOrigins, pattern: Pattern) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.tags = tags
        self.deprecated = deprecated
        self.parameters = parameters
        self.origins = origins
        expressionCount = pattern.segments.reduce(0) { count, segment in
            switch segment {
            case let .placeholder(placeholder): return count + (PathTemplate.isRepeat(placeholder.nameBytes) ? 0 : 1)
            case let .composite(composite): return count + composite.placeholders.count { !PathTemplate.isRepeat($0.nameBytes) }
            case .literal, .wildcard, .catchAll: return count
            }
        }
        let plain = pattern.untypedPlaceholders
        slotParameters = !plain.applies ? [] : plain.slots.map { slot in
            parameters.first { $0.nameBytes[...] == plain.names[slot.name] }.map(Unmanaged.passUnretained)
        }
    }

    /// The target of its route: `operationId`, else `METHOD path`.
    @_spi(Records) public var target: String { operationId ?? "\(method) \(path)" }

    /// The parameter named `name` (as its argument's key), if declared.
    func parameter(named name: [UInt8]) -> PathParameter? {
        parameters.first { $0.nameBytes == name }
    }
}

/// The scheme, host and port a server URL names, where it names them.
package struct ServerOrigin: Sendable, Equatable {
    /// The scheme, lower case; nil for any (a relative or `//host` URL).
    package let scheme: [UInt8]?
    /// The host, lower case; nil for any (a relative URL). It may hold `{name}`s, server
    /// variables that take any value (OpenAPI 3.1.0 §4.8.6: a variable without `enum`).
    package let host: [UInt8]?
    /// The port, the scheme's default when the URL writes none; nil for any.
    package let port: Int?
    /// When `host` holds variables, its literal text around them (`{region}.example.com` is
    /// `["", ".example.com"]`), each variable taking one byte or more; nil for a host compared
    /// whole.
    private let hostPieces: [[UInt8]]?

    /// An origin.
    package init(scheme: [UInt8]?, host: [UInt8]?, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        hostPieces = host.flatMap(Self.pieces)
    }

    /// The literal text around the `{name}`s of `host`, or nil when it holds none.
    private static func pieces(_ host: [UInt8]) -> [[UInt8]]? {
        guard let open = host.firstIndex(of: UInt8(ascii: "{")), host[open...].contains(UInt8(ascii: "}")) else { return nil }
        var pieces: [[UInt8]] = []
        var rest = host[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "{")), let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) {
            pieces.append(Array(rest[..<open]))
            rest = rest[(close + 1)...]
        }
        pieces.append(Array(rest))
        return pieces
    }

    /// Whether `host` (lower case) fits `pieces`: it starts with the first, ends with the last,
    /// and holds the others in order, with at least one byte for each variable between them.
    /// The leftmost place of each middle piece leaves the most room for the rest, so the first
    /// fit found is the answer (no backtracking).
    static func fits(_ host: some Collection<UInt8>, _ pieces: [[UInt8]]) -> Bool {
        let host = Array(host)
        guard let first = pieces.first, let last = pieces.last, pieces.count >= 2,
              host.count >= first.count + last.count + pieces.count - 1,
              host.starts(with: first), host.suffix(last.count).elementsEqual(last) else { return false }
        var position = first.count
        let end = host.count - last.count
        for piece in pieces.dropFirst().dropLast() {
            // one byte at least for the variable before it
            var start = position + 1
            while start + piece.count <= end, !host[start..<(start + piece.count)].elementsEqual(piece) { start += 1 }
            guard start + piece.count <= end else { return false }
            position = start + piece.count
        }
        return end - position >= 1
    }

    /// The port a scheme uses when a URL writes none.
    static func defaultPort(_ scheme: some Collection<UInt8>) -> Int? {
        if scheme.elementsEqual("https".utf8) || scheme.elementsEqual("wss".utf8) { return 443 }
        if scheme.elementsEqual("http".utf8) || scheme.elementsEqual("ws".utf8) { return 80 }
        return nil
    }

    /// Whether `link` (an absolute link) has this origin.
    func accepts(_ link: Link) -> Bool {
        let text = link.text
        let linkScheme = link.scheme.map { text[$0].lazy.map(ByteClass.lowercased) }
        if let scheme {
            guard let linkScheme, linkScheme.elementsEqual(scheme) else { return false }
        }
        if let host {
            guard let linkHost = link.host else { return false }
            if let hostPieces {
                guard Self.fits(text[linkHost].lazy.map(ByteClass.lowercased), hostPieces) else { return false }
            } else {
                guard text[linkHost].lazy.map(ByteClass.lowercased).elementsEqual(host) else { return false }
            }
        }
        if let port {
            let linkPort = link.port ?? linkScheme.flatMap { Self.defaultPort(Array($0)) }
            guard linkPort == port else { return false }
        }
        return true
    }
}

/// The origins a route takes links of: those of its servers, and the hosts of `--host` and
/// `@host`, which narrow them. A link without a host (an origin-form request target, `/v1/pets`)
/// is taken whatever the servers' hosts: it names none.
package struct ServerOrigins: Sendable {
    /// The servers' origins; empty, or one with no host, takes any host.
    package let servers: [ServerOrigin]
    /// The hosts of `--host` and `@host`; empty takes any.
    package let hosts: [HostPattern]

    /// The origins of `servers` narrowed to `hosts`.
    package init(servers: [ServerOrigin], hosts: [HostPattern]) {
        // one origin that takes anything makes the others moot
        self.servers = servers.contains { $0.scheme == nil && $0.host == nil && $0.port == nil } ? [] : servers
        self.hosts = hosts
    }

    /// Whether a route with these origins takes `link`.
    func accept(_ link: Link) -> Bool {
        guard link.host != nil, !servers.isEmpty || !hosts.isEmpty else { return true }
        return refusal(link) == nil
    }

    /// Why `link` is not one of these origins' links, or nil.
    func refusal(_ link: Link) -> String? {
        guard let host = link.host else { return nil }
        if !hosts.isEmpty, !hosts.contains(where: { $0.accepts(link.text[host]) }) {
            return "the host '\(String(decoding: link.text[host], as: UTF8.self))' is not one the table is for (\(hosts.map(\.text).joined(separator: ", ")))"
        }
        if !servers.isEmpty, !servers.contains(where: { $0.accepts(link) }) {
            let wanted = servers.map(\.description).joined(separator: ", ")
            return "the link's scheme, host or port is not a server's (\(wanted))"
        }
        return nil
    }
}

extension ServerOrigin: CustomStringConvertible {
    /// `https://api.example.com`, `//api.example.com:8443`.
    package var description: String {
        let scheme = self.scheme.map { String(decoding: $0, as: UTF8.self) + ":" } ?? ""
        let host = self.host.map { String(decoding: $0, as: UTF8.self) } ?? "*"
        let port = self.port.map { p in self.scheme.flatMap(Self.defaultPort) == p ? "" : ":\(p)" } ?? ""
        return scheme + "//" + host + port
    }
}
