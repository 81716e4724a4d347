/// A URL as the WHATWG URL Standard parses and serializes it (its "URL record"): what the
/// URLPattern dialect reads links with, as `exec()` parses them, and what its canonicalization
/// runs on. urn's own links follow RFC 3986; this reading differs where the web's does
/// (backslashes in special URLs, default ports dropped, IPv4 numbers, IDNA, percent-encode
/// sets), and urn-patterns(7) URLPATTERN says so.
public struct WebURL: Equatable, Sendable {
    /// A host: a domain, an IPv4 or IPv6 address, an opaque host (non-special schemes) or empty.
    public enum Host: Equatable, Sendable {
        /// A domain, ASCII and lower case.
        case domain(String)
        /// An IPv4 address.
        case ipv4(UInt32)
        /// An IPv6 address, its eight pieces.
        case ipv6([UInt16])
        /// A non-special scheme's host, percent-encoded.
        case opaque(String)
        /// The empty host (`file:///`).
        case empty

        /// The host serializer's text.
        public var serialized: String {
            switch self {
            case let .domain(text), let .opaque(text): text
            case .empty: ""
            case let .ipv4(address): (0..<4).map { String((address >> (24 - 8 * UInt32($0))) & 0xFF) }.joined(separator: ".")
            case let .ipv6(pieces): "[" + WebHost.serializeIPv6(pieces) + "]"
            }
        }
    }

    /// A path: a list of segments, or one opaque text (`mailto:a@b`).
    public enum Path: Equatable, Sendable {
        /// Segments, each percent-encoded.
        case segments([String])
        /// An opaque path (`mailto:a@b`).
        case opaque(String)
    }

    /// The scheme, lower case, without its `:`.
    public internal(set) var scheme = ""
    /// The username, percent-encoded.
    public internal(set) var username = ""
    /// The password, percent-encoded.
    public internal(set) var password = ""
    /// The host, or nil for none.
    public internal(set) var host: Host?
    /// The port, or nil for none or the scheme's default.
    public internal(set) var port: Int?
    /// The path.
    public internal(set) var path: Path = .segments([])
    /// The query, without its `?`; nil for none.
    public internal(set) var query: String?
    /// The fragment, without its `#`; nil for none.
    public internal(set) var fragment: String?

    /// The schemes the standard calls special, and their default ports.
    static let specialSchemes: [String: Int?] = ["ftp": 21, "file": nil, "http": 80, "https": 443, "ws": 80, "wss": 443]

    /// Whether the scheme is special.
    public var isSpecial: Bool { Self.specialSchemes[scheme] != nil }

    /// Whether the URL has a username or a password.
    var hasCredentials: Bool { !username.isEmpty || !password.isEmpty }

    /// The path serializer's text.
    public var pathname: String {
        switch path {
        case let .opaque(text): text
        case let .segments(segments): segments.map { "/" + $0 }.joined()
        }
    }

    /// The `URL` API's `protocol`: the scheme and `:`.
    public var protocolText: String { scheme + ":" }
    /// The `URL` API's `hostname`.
    public var hostname: String { host?.serialized ?? "" }
    /// The `URL` API's `port`: empty for none.
    public var portText: String { port.map(String.init) ?? "" }
    /// The `URL` API's `host`: hostname and port.
    public var hostWithPort: String { hostname + (port.map { ":" + String($0) } ?? "") }
    /// The `URL` API's `search`: `?` and the query, empty for none or an empty one.
    public var search: String { query.map { $0.isEmpty ? "" : "?" + $0 } ?? "" }
    /// The `URL` API's `hash`: `#` and the fragment, empty for none or an empty one.
    public var hash: String { fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "" }

    /// The URL serializer's text (the `href`).
    public var href: String {
        var out = scheme + ":"
        if let host {
            out += "//"
            if hasCredentials {
                out += username
                if !password.isEmpty { out += ":" + password }
                out += "@"
            }
            out += host.serialized
            if let port { out += ":" + String(port) }
        } else if case let .segments(segments) = path, segments.count > 1, segments[0].isEmpty {
            out += "/."
        }
        out += pathname
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// The URL `input` names, resolved against `base` (the basic URL parser), or nil for
    /// failure. `domainToASCII` is UTS #46's ToASCII for a domain that is not plain ASCII;
    /// without it such a domain fails.
    public init?(_ input: String, base: WebURL? = nil, domainToASCII: (@Sendable (String) -> String?)? = nil) {
        var parser = WebURLParser(input: input, base: base, url: WebURL(), override: nil, domainToASCII: domainToASCII)
        guard parser.run() != nil else { return nil }
        self = parser.url
    }

    /// An empty record, for the parser to fill.
    init() {}
}
