/// The URL Pattern Standard's encoding callbacks ("Canonicalization"): each piece of fixed text
/// in a component's pattern, and each component of a `URLPatternInit` input, is written as the
/// URL parser writes that part of a URL, through the parser's state overrides on a dummy URL.
enum URLPatternCanonical {
    /// The parser's reading of `value` from `state`, on `url` (a dummy URL by default); nil for failure.
    private static func parse(_ value: String, from state: WebURLParser.State, on url: WebURL = dummy,
                              domainToASCII: (@Sendable (String) -> String?)? = nil) -> WebURL? {
        var parser = WebURLParser(input: value, base: nil, url: url, override: state, domainToASCII: domainToASCII)
        return parser.run()
    }

    /// `https://dummy.invalid/`.
    static let dummy = WebURL("https://dummy.invalid/")!

    static func failure(_ what: String, _ value: String) -> URLPatternError {
        URLPatternError("invalid \(what) '\(value)'")
    }

    static func protocolText(_ value: String) throws(URLPatternError) -> String {
        guard !value.isEmpty else { return value }
        guard let url = WebURL(value + "://dummy.invalid/") else { throw failure("protocol", value) }
        return url.scheme
    }

    static func username(_ value: String) -> String {
        value.unicodeScalars.map(PercentEncodeSet.userinfo.encode).joined()
    }

    static func password(_ value: String) -> String {
        username(value)
    }

    static func hostname(_ value: String, domainToASCII: (@Sendable (String) -> String?)?) throws(URLPatternError) -> String {
        guard !value.isEmpty else { return value }
        guard let url = parse(value, from: .hostname, domainToASCII: domainToASCII) else { throw failure("hostname", value) }
        return url.hostname
    }

    static func ipv6Hostname(_ value: String) throws(URLPatternError) -> String {
        var result = ""
        for c in value.unicodeScalars {
            guard c.isASCIIHexDigit || c == "[" || c == "]" || c == ":" else { throw failure("IPv6 hostname", value) }
            result.unicodeScalars.append(c.asciiLowercased)
        }
        return result
    }

    /// The port: digits, leading zeros and a default port of `scheme` dropped. Text that does
    /// not start with a digit is refused (the URL parser's port setter would leave the port
    /// alone; WPT's urlpatterntestdata.json, as Chromium and Node do, wants an error). Without
    /// a scheme no port is a default one (the dummy URL's `https` would drop 443).
    static func port(_ value: String, protocol scheme: String?) throws(URLPatternError) -> String {
        guard !value.isEmpty else { return value }
        guard value.unicodeScalars.first!.isASCIIDigit else { throw failure("port", value) }
        var url = dummy
        url.scheme = scheme ?? ""
        guard let parsed = parse(value, from: .port, on: url) else { throw failure("port", value) }
        return parsed.portText
    }

    static func pathname(_ value: String) -> String {
        guard !value.isEmpty else { return value }
        let leadingSlash = value.hasPrefix("/")
        var url = dummy
        url.path = .segments([])
        // a piece that does not start with `/` keeps no slash the parser would add: `/-` is
        // put before it, and taken away after
        let parsed = parse((leadingSlash ? "" : "/-") + value, from: .pathStart, on: url) ?? url
        let result = parsed.pathname
        return leadingSlash ? result : String(result.unicodeScalars.dropFirst(2))
    }

    static func opaquePathname(_ value: String) throws(URLPatternError) -> String {
        guard !value.isEmpty else { return value }
        var url = dummy
        url.path = .opaque("")
        guard let parsed = parse(value, from: .opaquePath, on: url) else { throw failure("pathname", value) }
        return parsed.pathname
    }

    static func search(_ value: String) -> String {
        guard !value.isEmpty else { return value }
        var url = dummy
        url.query = ""
        return parse(value, from: .query, on: url)?.query ?? ""
    }

    static func hash(_ value: String) -> String {
        guard !value.isEmpty else { return value }
        var url = dummy
        url.fragment = ""
        return parse(value, from: .fragment, on: url)?.fragment ?? ""
    }
}
