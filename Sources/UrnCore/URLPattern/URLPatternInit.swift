/// A URLPattern's dictionary form (`URLPatternInit`): some of the eight components of a URL and
/// a base URL, either as patterns (to make a pattern) or as text (an input to match).
public struct URLPatternInit: Equatable, Sendable {
    /// The components, in URL order; nil for one not given.
    public var components: [String?] = Array(repeating: nil, count: URLPattern.Component.allCases.count)
    /// The base URL, whose components fill those not given.
    public var baseURL: String?

    /// An empty dictionary.
    public init() {}

    /// The component `component`.
    public subscript(component: URLPattern.Component) -> String? {
        get { components[component.rawValue] }
        set { components[component.rawValue] = newValue }
    }

    /// What the dictionary is processed as: patterns, or text to match.
    enum Kind {
        case pattern, url
    }

    /// The dictionary processed (URL Pattern Standard, "URLPatternInit processing"): the base
    /// URL's components inherited where no more specific one is given, and each component
    /// stripped of its `:`, `?` or `#` and, for a URL, canonicalized.
    func processed(as kind: Kind, defaults: [String?], domainToASCII: (@Sendable (String) -> String?)?) throws(URLPatternError) -> URLPatternInit {
        typealias C = URLPattern.Component
        var result = URLPatternInit()
        result.components = defaults
        func given(_ names: C...) -> Bool { names.contains { self[$0] != nil } }
        func fromBase(_ text: String) -> String { kind == .pattern ? PatternParts.escapedPattern(text) : text }
        var base: WebURL?
        if let baseURL {
            guard let url = WebURL(baseURL, domainToASCII: domainToASCII) else { throw URLPatternError("invalid baseURL '\(baseURL)'") }
            base = url
            if !given(.protocol) { result[.protocol] = fromBase(url.scheme) }
            if kind != .pattern, !given(.protocol, .hostname, .port, .username) { result[.username] = fromBase(url.username) }
            if kind != .pattern, !given(.protocol, .hostname, .port, .username, .password) { result[.password] = fromBase(url.password) }
            if !given(.protocol, .hostname) { result[.hostname] = fromBase(url.hostname) }
            if !given(.protocol, .hostname, .port) { result[.port] = url.portText }
            if !given(.protocol, .hostname, .port, .pathname) { result[.pathname] = fromBase(url.pathname) }
            if !given(.protocol, .hostname, .port, .pathname, .search) { result[.search] = fromBase(url.query ?? "") }
            if !given(.protocol, .hostname, .port, .pathname, .search, .hash) { result[.hash] = fromBase(url.fragment ?? "") }
        }
        let canonical = kind == .url
        if let value = self[.protocol] {
            let stripped = value.hasSuffix(":") ? String(value.dropLast()) : value
            result[.protocol] = canonical ? try URLPatternCanonical.protocolText(stripped) : stripped
        }
        if let value = self[.username] { result[.username] = canonical ? URLPatternCanonical.username(value) : value }
        if let value = self[.password] { result[.password] = canonical ? URLPatternCanonical.password(value) : value }
        if let value = self[.hostname] {
            result[.hostname] = canonical ? try URLPatternCanonical.hostname(value, domainToASCII: domainToASCII) : value
        }
        let scheme = result[.protocol] ?? ""
        if let value = self[.port] {
            result[.port] = canonical ? try URLPatternCanonical.port(value, protocol: scheme) : value
        }
        if var pathname = self[.pathname] {
            if let base, case .segments = base.path, !Self.isAbsolute(pathname, kind: kind) {
                let basePath = fromBase(base.pathname)
                if let slash = basePath.lastIndex(of: "/") { pathname = String(basePath[...slash]) + pathname }
            }
            if canonical {
                pathname = WebURL.specialSchemes[scheme] != nil || scheme.isEmpty
                    ? URLPatternCanonical.pathname(pathname) : try URLPatternCanonical.opaquePathname(pathname)
            }
            result[.pathname] = pathname
        }
        if let value = self[.search] {
            let stripped = value.hasPrefix("?") ? String(value.dropFirst()) : value
            result[.search] = canonical ? URLPatternCanonical.search(stripped) : stripped
        }
        if let value = self[.hash] {
            let stripped = value.hasPrefix("#") ? String(value.dropFirst()) : value
            result[.hash] = canonical ? URLPatternCanonical.hash(stripped) : stripped
        }
        return result
    }

    /// Whether a pathname starts at the root: `/`, or for a pattern `\/` or `{/`.
    private static func isAbsolute(_ input: String, kind: Kind) -> Bool {
        let scalars = Array(input.unicodeScalars)
        guard let first = scalars.first else { return false }
        if first == "/" { return true }
        guard kind == .pattern, scalars.count >= 2 else { return false }
        return (first == "\\" || first == "{") && scalars[1] == "/"
    }
}
