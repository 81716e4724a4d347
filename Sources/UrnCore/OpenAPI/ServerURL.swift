/// A server an operation is served from, as routing needs it: the origin its URL names and the
/// base path that prefixes every path (urn-routes(5) OPENAPI TABLES). OpenAPI 3's `servers`
/// URL, its `{variables}` replaced, or Swagger 2's `schemes`, `host` and `basePath`.
struct ServerURL: Equatable {
    /// The scheme, host and port, where the URL names them.
    let origin: ServerOrigin
    /// The path every operation's path is appended to, without a trailing `/` (`/v1`, or
    /// empty for the root).
    let basePath: String
    /// The path as the URL writes it when it ends in `/` (`/v1/`), but for the root: OpenAPI
    /// 3.1.0 §4.8.8.1 appends a path to the URL as it is (no relative URL resolution), so
    /// `/v1/` and `/items` make `/v1//items`, a base path of its own beside `/v1` (which
    /// openapi-core takes too). Nil otherwise: `/` and `/items` would make `//items`, a
    /// network-path reference (RFC 3986 §4.2).
    let slashBasePath: String?

    /// A server from its parts.
    init(origin: ServerOrigin, basePath: String, slashBasePath: String? = nil) {
        self.origin = origin
        self.basePath = basePath
        self.slashBasePath = slashBasePath
    }

    /// The base paths routes are made under: `basePath`, and `slashBasePath` when there is one.
    var basePaths: [String] {
        slashBasePath.map { [basePath, $0] } ?? [basePath]
    }

    /// The most URLs one server's variables may expand to.
    static let expansionLimit = 256

    /// The server at `url`, its variables replaced but for those that take any value, still
    /// written `{name}` (OpenAPI 3.1.0 §4.8.6: a variable without `enum`). A relative URL (`/v1`,
    /// `v1`) names no origin: it is relative to wherever the document is served, so any host
    /// serves it. A `{name}` left in the scheme or port takes any scheme or port; in the host, a
    /// run of one byte or more (and any port when it ends the host: `{host}` may carry one); in
    /// the path, it stays in the base path, where `PathTemplate` makes it a segment (or part of
    /// one) that takes any value and gives no argument.
    init(_ url: String) {
        var rest = Substring(url)
        var scheme: [UInt8]?
        var anyScheme = false
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let written = rest[..<colon]
            if URIReference.isScheme(ArraySlice(written.utf8)) {
                scheme = written.utf8.map(ByteClass.lowercased)
                rest = rest[rest.index(colon, offsetBy: 1)...]
            } else if Self.holdsVariable(written), !written.contains("/") {
                anyScheme = true
                rest = rest[rest.index(colon, offsetBy: 1)...]
            }
        }
        var host: [UInt8]?
        var port: Int?
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            var anyPort = false
            // a port after the host's last `:`, outside an IPv6 literal's brackets and a variable's braces
            if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]"), !Self.insideBraces(authority[colon...]) {
                let written = authority[authority.index(after: colon)...]
                port = Int(written)
                anyPort = Self.holdsVariable(written)
                authority = authority[..<colon]
            } else if authority.hasSuffix("}"), Self.holdsVariable(authority) {
                anyPort = true  // `{host}` may stand for `localhost:8080`
            }
            host = authority.isEmpty ? nil : authority.utf8.map(ByteClass.lowercased)
            if port == nil, !anyPort, !anyScheme, let scheme { port = ServerOrigin.defaultPort(scheme) }
        }
        // the query and fragment of a server URL are no part of its paths
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if rest.hasPrefix("./") { rest = rest.dropFirst() } else if rest == "." { rest = "" }
        let written = rest
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        origin = ServerOrigin(scheme: scheme, host: host, port: port)
        basePath = rest.isEmpty || rest.hasPrefix("/") ? String(rest) : "/" + rest
        slashBasePath = rest.isEmpty || written == rest ? nil : (written.hasPrefix("/") ? String(written) : "/" + written)
    }

    /// Whether the start of `text` lies inside a `{name}`: a `}` comes before any `{`.
    private static func insideBraces(_ text: Substring) -> Bool {
        guard let close = text.firstIndex(of: "}") else { return false }
        return !text[..<close].contains("{")
    }

    /// Whether `text` holds a `{name}` a server variable left in place.
    static func holdsVariable(_ text: Substring) -> Bool {
        text.contains("{") && text.contains("}")
    }

    /// `url` with each `{name}` replaced by each value its variable may take (`values`, by
    /// name), but for the names in `anyValue`, which stay `{name}`; a failure for a name neither
    /// holds, or for too many URLs.
    static func expanded(_ url: String, values: [String: [String]], anyValue: Set<String> = []) -> Result<[String], ExpansionError> {
        var urls = [""]
        var rest = Substring(url)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return .failure(.unbalanced) }
            let literal = rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if anyValue.contains(name) {
                urls = urls.map { $0 + literal + "{" + name + "}" }
                rest = rest[rest.index(after: close)...]
                continue
            }
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
