/// A server an operation is served from, as routing needs it: the origin its URL names and the
/// base path that prefixes every path (urn-routes(5) OPENAPI TABLES). OpenAPI 3's `servers`
/// URL, its `{variables}` replaced, or Swagger 2's `schemes`, `host` and `basePath`.
struct ServerURL: Equatable {
    /// The scheme, host and port, where the URL names them.
    let origin: ServerOrigin
    /// The path every operation's path is appended to, without a trailing `/` (`/v1`, or
    /// empty for the root).
    let basePath: String

    /// A server from its parts.
    init(origin: ServerOrigin, basePath: String) {
        self.origin = origin
        self.basePath = basePath
    }

    /// The most URLs one server's variables may expand to.
    static let expansionLimit = 256

    /// The server at `url` (variables already replaced). A relative URL (`/v1`, `v1`) names no
    /// origin: it is relative to wherever the document is served, so any host serves it.
    init(_ url: String) {
        var rest = Substring(url)
        var scheme: [UInt8]?
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://"),
           URIReference.isScheme(ArraySlice(rest[..<colon].utf8)) {
            scheme = rest[..<colon].utf8.map(ByteClass.lowercased)
            rest = rest[rest.index(colon, offsetBy: 1)...]
        }
        var host: [UInt8]?
        var port: Int?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            // a port after the host's last `:`, outside an IPv6 literal's brackets
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
                port = Int(authority[authority.index(after: colon)...])
                authority = authority[..<colon]
            }
            host = authority.isEmpty ? nil : authority.utf8.map(ByteClass.lowercased)
            if port == nil, let scheme { port = ServerOrigin.defaultPort(scheme) }
        }
        // the query and fragment of a server URL are no part of its paths
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("./") { rest = rest.dropFirst() } else if rest == "." { rest = "" }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        origin = ServerOrigin(scheme: scheme, host: host, port: port)
        basePath = rest.isEmpty || rest.hasPrefix("/") ? String(rest) : "/" + rest
    }

    /// `url` with each `{name}` replaced by each value its variable may take (`values`, by
    /// name); a failure for a name `values` lacks, or for too many URLs.
    static func expanded(_ url: String, values: [String: [String]]) -> Result<[String], ExpansionError> {
        var urls = [""]
        var rest = Substring(url)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return .failure(.unbalanced) }
            let literal = rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            guard let choices = values[name], !choices.isEmpty else { return .failure(.undeclared(name)) }
            guard urls.count * choices.count <= expansionLimit else { return .failure(.tooMany) }
            urls = urls.flatMap { prefix in choices.map { prefix + literal + $0 } }
            rest = rest[rest.index(after: close)...]
        }
        return .success(urls.map { $0 + rest })
    }

    /// Why a server URL's variables could not be expanded.
    enum ExpansionError: Error {
        case unbalanced
        case undeclared(String)
        case tooMany

        var reason: String {
            switch self {
            case .unbalanced: return "unbalanced '{' in the server URL"
            case let .undeclared(name): return "server variable '\(name)' is not declared under 'variables'"
            case .tooMany: return "the server's variables expand to more than \(ServerURL.expansionLimit) URLs"
            }
        }
    }

    /// Swagger 2's servers: each of `schemes` (any scheme without it) with `host` (any host
    /// without it) and `basePath`.
    static func swagger(schemes: [String], host: String?, basePath: String?) -> [ServerURL] {
        let path = basePath ?? ""
        guard let host else { return [ServerURL("/" + path.drop { $0 == "/" })] }
        if schemes.isEmpty { return [ServerURL("//" + host + path)] }
        return schemes.map { ServerURL($0 + "://" + host + path) }
    }
}
