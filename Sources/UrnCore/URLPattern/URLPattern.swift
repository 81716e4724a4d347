/// A WHATWG URLPattern (URL Pattern Standard): a pattern for each of the eight components of a
/// URL, each compiled to a regular expression (PCRE2), matched as `exec()` matches: the input
/// parsed by the WHATWG URL parser, every component's expression required to match, the groups
/// given undecoded, `nil` for an optional group that took no part.
public struct URLPattern: Sendable {
    /// A component of a URL, in URL order.
    public enum Component: Int, CaseIterable, Sendable {
        /// The scheme.
        case `protocol`
        /// The username.
        case username
        /// The password.
        case password
        /// The host.
        case hostname
        /// The port.
        case port
        /// The path.
        case pathname
        /// The query.
        case search
        /// The fragment.
        case hash
    }

    /// One compiled component. A class, so that a route's test reads it in place rather than
    /// copying (and counting references to) its parts, regex and texts.
    final class Compiled: Sendable {
        let parts: PatternParts
        let regex: Regex
        /// How its fixed text, and a generated group value, is written.
        let encoding: PatternParts.Encoding
        /// The text the component must be, for a pattern of fixed text alone that heeds case:
        /// compared as bytes instead of by the regex.
        let fixed: [UInt8]?
        /// The groups, in order, and their names as UTF-8.
        let groups: [PatternParts.Part]
        let groupNames: [[UInt8]]
        /// The pattern is the wildcard `*` alone, which takes anything.
        let isWildcard: Bool

        init(parts: PatternParts, regex: Regex, encoding: @escaping PatternParts.Encoding) {
            self.parts = parts
            self.regex = regex
            self.encoding = encoding
            let allFixed = !parts.options.ignoreCase && parts.parts.allSatisfy { $0.kind == .fixedText && $0.modifier == .none }
            fixed = allFixed ? Array(parts.parts.map(\.value).joined().utf8) : nil
            groups = parts.groups
            groupNames = groups.map { Array($0.name.utf8) }
            isWildcard = parts.patternString == "*"
        }

        /// Whether group `index` took no part although PCRE2 gave it `range`: ECMAScript never
        /// lets an optional group match nothing (RepeatMatcher's empty check), where PCRE2
        /// gives it "".
        func tookNoPart(_ index: Int, _ range: Range<Int>?) -> Bool {
            guard let range else { return true }
            let part = groups[index]
            return range.isEmpty && part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty
        }

        /// Whether the component's text `text` matches.
        func matches(_ text: UnsafeBufferPointer<UInt8>) throws(Regex.MatchError) -> Bool {
            if let fixed { return fixed.elementsEqual(text) }
            return try regex.matches(text)
        }
    }

    let compiled: [Compiled]
    /// The components to test, the pathname first (it tells routes apart most often), leaving
    /// out those written as the wildcard `*`, which take anything.
    let tested: [Component]
    /// The fixed text the pathname starts with, compared before its regex runs (a table of
    /// API paths shares few prefixes); empty where it starts with a group or ignores case.
    let pathnamePrefix: [UInt8]
    /// UTS #46 ToASCII for a domain that is not plain ASCII (UrnDomains gives it).
    let domainToASCII: (@Sendable (String) -> String?)?
    /// For a pathname filed by segments, the segment each of its groups takes, in order;
    /// empty otherwise.
    let groupSegments: [Int]
    /// `groupSegments`, when the pathname's groups are the pattern's only ones (as a
    /// constructor string's, which leaves the other components `*`); nil otherwise.
    let groupSegmentsAlone: [Int]?
    /// The names of the pathname's groups, in order, as UTF-8.
    var pathnameGroupNames: [[UInt8]] { compiled[Component.pathname.rawValue].groupNames }
    /// The components, by index in URL order, that are not the wildcard `*` and have groups:
    /// those the arguments come from.
    let grouped: [Int]
    /// The pathname as whole segments (`wholeSegments(_:)`), for a segment trie; nil when it
    /// is not.
    let pathnameSegments: [Segment]?

    /// The pattern of `input`, a `URLPatternInit` of patterns; `ignoreCase` is the
    /// `ignoreCase` option (pathname, search and hash).
    public init(_ input: URLPatternInit, ignoreCase: Bool = false,
                domainToASCII: (@Sendable (String) -> String?)? = nil) throws(URLPatternError) {
        var processed = try input.processed(as: .pattern, defaults: Array(repeating: nil, count: 8), domainToASCII: domainToASCII)
        for component in Component.allCases where processed[component] == nil { processed[component] = "*" }
        if let scheme = processed[.protocol], let port = processed[.port], let defaultPort = WebURL.specialSchemes[scheme] ?? nil,
           port == String(defaultPort) {
            processed[.port] = ""
        }
        func compile(_ component: Component, _ options: PatternParts.Options, _ encoding: @escaping PatternParts.Encoding) throws(URLPatternError) -> Compiled {
            let parts = try PatternParts(parsing: processed[component]!, options: options, encoding: encoding)
            let source = try parts.regularExpression(translating: ECMAScriptRegex.pcre)
            do {
                return Compiled(parts: parts, regex: try Regex(source, caseInsensitive: options.ignoreCase, anchoring: .source),
                                encoding: encoding)
            } catch {
                throw URLPatternError("invalid \(component) regular expression /\(source)/: \(error.message)")
            }
        }
        var compiled: [Compiled] = []
        compiled.append(try compile(.protocol, .plain) { (value) throws(URLPatternError) in try URLPatternCanonical.protocolText(value) })
        compiled.append(try compile(.username, .plain) { URLPatternCanonical.username($0) })
        compiled.append(try compile(.password, .plain) { URLPatternCanonical.password($0) })
        if Self.isIPv6(processed[.hostname]!) {
            compiled.append(try compile(.hostname, .hostname) { (value) throws(URLPatternError) in try URLPatternCanonical.ipv6Hostname(value) })
        } else {
            compiled.append(try compile(.hostname, .hostname) { (value) throws(URLPatternError) in
                try URLPatternCanonical.hostname(value, domainToASCII: domainToASCII)
            })
        }
        compiled.append(try compile(.port, .plain) { (value) throws(URLPatternError) in try URLPatternCanonical.port(value, protocol: nil) })
        var options = PatternParts.Options.plain
        options.ignoreCase = ignoreCase
        let specialScheme = WebURL.specialSchemes.keys.contains { (try? compiled[0].regex.matches(Array($0.utf8))) == true }
        if specialScheme {
            var pathOptions = PatternParts.Options.pathname
            pathOptions.ignoreCase = ignoreCase
            compiled.append(try compile(.pathname, pathOptions) { URLPatternCanonical.pathname($0) })
        } else {
            compiled.append(try compile(.pathname, options) { (value) throws(URLPatternError) in try URLPatternCanonical.opaquePathname(value) })
        }
        compiled.append(try compile(.search, options) { URLPatternCanonical.search($0) })
        compiled.append(try compile(.hash, options) { URLPatternCanonical.hash($0) })
        self.compiled = compiled
        self.domainToASCII = domainToASCII
        let order: [Component] = [.pathname, .hostname, .protocol, .port, .search, .hash, .username, .password]
        tested = order.filter { !compiled[$0.rawValue].isWildcard }
        if !ignoreCase, let first = compiled[Component.pathname.rawValue].parts.parts.first, first.kind == .fixedText, first.modifier == .none {
            pathnamePrefix = Array(first.value.utf8)
        } else {
            pathnamePrefix = []
        }
        let segments = Self.wholeSegments(compiled[Component.pathname.rawValue].parts)
        pathnameSegments = segments
        groupSegments = segments?.indices.filter { if case .placeholder = segments![$0] { true } else { false } } ?? []
        grouped = compiled.indices.filter { !compiled[$0].isWildcard && !compiled[$0].groups.isEmpty }
        groupSegmentsAlone = grouped == [Component.pathname.rawValue] && !groupSegments.isEmpty ? groupSegments : nil
    }

    /// The pattern of a constructor string (`https://*.example.com/blog/:slug`), resolved
    /// against `baseURL`; a string that names no protocol needs one.
    public init(_ string: String, baseURL: String? = nil, ignoreCase: Bool = false,
                domainToASCII: (@Sendable (String) -> String?)? = nil) throws(URLPatternError) {
        var input = try ConstructorStringParser.parse(string)
        guard baseURL != nil || input[.protocol] != nil else {
            throw URLPatternError("a relative pattern needs a base URL")
        }
        input.baseURL = baseURL
        try self.init(input, ignoreCase: ignoreCase, domainToASCII: domainToASCII)
    }

    /// Whether a hostname pattern is an IPv6 address: `[`, `{[` or `\[` first.
    private static func isIPv6(_ input: String) -> Bool {
        let scalars = Array(input.unicodeScalars)
        guard scalars.count >= 2 else { return false }
        return scalars[0] == "[" || ((scalars[0] == "{" || scalars[0] == "\\") && scalars[1] == "[")
    }

    /// The pattern string of `component`, as the standard writes it back.
    public func pattern(_ component: Component) -> String {
        compiled[component.rawValue].parts.patternString
    }

    /// The names of the groups written with a name (`:id`), each once, in URL order.
    public var groupNames: [String] {
        var names: [String] = []
        for component in compiled {
            for part in component.parts.groups where !(part.name.unicodeScalars.first?.isASCIIDigit ?? true) && !names.contains(part.name) {
                names.append(part.name)
            }
        }
        return names
    }

    /// Whether a component has a regexp group.
    public var hasRegexpGroups: Bool {
        compiled.contains { $0.parts.hasRegexpGroups }
    }

    /// The text of `component` with `groups` put into its named groups (the tentative
    /// `generate()`): fixed text as it is, each `:name` group its value written as the
    /// component writes text. Throws for what cannot be built: a group with a modifier, a
    /// regexp or wildcard group, a group without a name or a value, a value holding the
    /// component's delimiter, a pathname value that is a dot segment (`.`, `..`).
    public func generate(_ component: Component, groups: [String: String]) throws(URLPatternError) -> String {
        let compiled = compiled[component.rawValue]
        var out = ""
        for part in compiled.parts.parts {
            guard part.modifier == .none else { throw URLPatternError("cannot generate a \(component) with a modifier") }
            switch part.kind {
            case .fixedText:
                out += part.value
            case .segmentWildcard:
                guard let first = part.name.unicodeScalars.first, !first.isASCIIDigit else {
                    throw URLPatternError("cannot generate a \(component) with an unnamed group")
                }
                guard let value = groups[part.name] else { throw URLPatternError("no value for the group '\(part.name)'") }
                let delimiter = compiled.parts.options.delimiter
                guard delimiter.isEmpty || !value.contains(delimiter) else {
                    throw URLPatternError("the value of '\(part.name)' holds '\(delimiter)'")
                }
                // the URL parser takes a dot segment out of a path: the link would not match
                guard component != .pathname || !(WebURLParser.isSingleDot(value) || WebURLParser.isDoubleDot(value)) else {
                    throw URLPatternError("the value of '\(part.name)' is the dot segment '\(value)', which a URL's path drops")
                }
                out += part.prefix + (try compiled.encoding(value)) + part.suffix
            case .regexp, .fullWildcard:
                throw URLPatternError("cannot generate a \(component) with a regexp or wildcard group")
            }
        }
        return out
    }

    /// A link the pattern takes, each component generated (`generate(_:groups:)`) with the
    /// values `value` gives its named groups, a component left as the wildcard `*` empty
    /// (`urnfmt --link`). Throws what `generate` throws, and for a protocol left open.
    public func link(_ value: (String) -> String?) throws(URLPatternError) -> String {
        var texts: [String] = []
        for component in Component.allCases {
            guard pattern(component) != "*" else {
                if component == .protocol { throw URLPatternError("the protocol is a wildcard: no link names one") }
                texts.append("")
                continue
            }
            var groups: [String: String] = [:]
            for part in compiled[component.rawValue].parts.groups { groups[part.name] = value(part.name) }
            texts.append(try generate(component, groups: groups))
        }
        let (scheme, username, password, hostname, port, pathname, search, hash) =
            (texts[0], texts[1], texts[2], texts[3], texts[4], texts[5], texts[6], texts[7])
        var out = scheme + ":"
        if !hostname.isEmpty || WebURL.specialSchemes[scheme] != nil {
            out += "//"
            if !username.isEmpty || !password.isEmpty { out += username + (password.isEmpty ? "" : ":" + password) + "@" }
            out += hostname + (port.isEmpty ? "" : ":" + port)
        }
        out += pathname
        if !search.isEmpty { out += "?" + search }
        if !hash.isEmpty { out += "#" + hash }
        return out
    }

    /// The order of two patterns' `component` (the tentative `compareComponent()`): part by
    /// part, fixed text before a regexp before a segment wildcard before a full wildcard, no
    /// modifier before `+` before `?` before `*`, then prefix, value and suffix as text; a
    /// shorter list compared as if it went on with empty fixed text. Negative when `a` is the
    /// less specific.
    public static func compare(_ component: Component, _ a: URLPattern, _ b: URLPattern) -> Int {
        let left = a.compiled[component.rawValue].parts.parts, right = b.compiled[component.rawValue].parts.parts
        let empty = PatternParts.Part(kind: .fixedText, value: "", modifier: .none)
        for index in 0..<max(left.count, right.count) {
            let order = PatternParts.compare(index < left.count ? left[index] : empty, index < right.count ? right[index] : empty)
            if order != 0 { return order }
        }
        return 0
    }

    /// A component's match: its input and its groups, in order (nil for a group that took no part).
    public struct ComponentResult: Equatable, Sendable {
        /// The component's text, as matched.
        public let input: String
        /// The groups, in order: name and value, nil for a group that took no part.
        public let groups: [(name: String, value: String?)]

        /// Whether two results have the same input and groups.
        public static func == (a: ComponentResult, b: ComponentResult) -> Bool {
            a.input == b.input && a.groups.elementsEqual(b.groups) { $0.name == $1.name && $0.value == $1.value }
        }
    }

    /// The match of `input`, a link resolved against `baseURL`, or nil when a component does
    /// not match or the link is no URL.
    public func exec(_ input: String, baseURL: String? = nil) throws(URLPatternError) -> [ComponentResult]? {
        do {
            return try matching(input, baseURL: baseURL)
        } catch {
            throw URLPatternError("a regular expression ran past its limits: \(error.message)")
        }
    }

    /// `exec(_:baseURL:)`, a regex at its limits the matcher's error.
    func matching(_ input: String, baseURL: String?) throws(Regex.MatchError) -> [ComponentResult]? {
        var base: WebURL?
        if let baseURL {
            guard let url = WebURL(baseURL, domainToASCII: domainToASCII) else { return nil }
            base = url
        }
        guard let url = WebURL(input, base: base, domainToASCII: domainToASCII) else { return nil }
        return try match(URLPatternInput(Self.texts(of: url)))
    }

    /// The match of `input`, a `URLPatternInit` of text, or nil.
    public func exec(_ input: URLPatternInit) throws(URLPatternError) -> [ComponentResult]? {
        guard let processed = try? input.processed(as: .url, defaults: Array(repeating: "", count: 8), domainToASCII: domainToASCII) else {
            return nil
        }
        do {
            return try match(URLPatternInput(processed.components.map { $0 ?? "" }))
        } catch {
            throw URLPatternError("a regular expression ran past its limits: \(error.message)")
        }
    }

    /// What keeps a link from a pattern.
    enum Mismatch {
        /// The WHATWG URL parser reads no URL from it.
        case noURL
        /// The first component the pattern refuses, and the link's text there.
        case component(Component, String)
        /// Nothing: the pattern takes it.
        case none
    }

    /// What keeps `input`, resolved against `baseURL`, from the pattern (`urnmatch --explain`).
    func mismatch(_ input: String, baseURL: String?) throws(Regex.MatchError) -> Mismatch {
        let base = baseURL.flatMap { WebURL($0, domainToASCII: domainToASCII) }
        guard baseURL == nil || base != nil, let url = WebURL(input, base: base, domainToASCII: domainToASCII) else { return .noURL }
        for (component, text) in zip(Component.allCases, Self.texts(of: url)) {
            guard try compiled[component.rawValue].regex.matches(Array(text.utf8)) else { return .component(component, text) }
        }
        return .none
    }

    /// The eight component texts of a URL, as `exec()` matches them.
    package static func texts(of url: WebURL) -> [String] {
        [url.scheme, url.username, url.password, url.hostname, url.portText, url.pathname, url.query ?? "", url.fragment ?? ""]
    }

    /// Whether the pattern takes `input`: the pathname's fixed start first, then each
    /// component not left as `*`; `pathnameTaken`: a segment trie found the pathname, which is
    /// not tested again.
    func matches(_ texts: URLPatternInput.Texts, pathnameTaken: Bool = false) throws(Regex.MatchError) -> Bool {
        guard pathnameTaken || texts[Component.pathname.rawValue].starts(with: pathnamePrefix) else { return false }
        for component in tested where !pathnameTaken || component != .pathname {
            guard try compiled[component.rawValue].matches(texts[component.rawValue]) else { return false }
        }
        return true
    }

    /// Calls `body` with each group of the components the pattern tests (those not left as
    /// `*`), in URL order: its name and its text in `input`, nil for one that took no part.
    /// For a pattern that takes `input`; a pathname filed by segments is read by them, without
    /// its regex. False when a component's regex does not take its text after all.
    func forEachGroup(in texts: URLPatternInput.Texts, _ body: (_ name: [UInt8], _ value: UnsafeBufferPointer<UInt8>?) -> Void)
        throws(Regex.MatchError) -> Bool {
        for index in grouped {
            let compiled = compiled[index]
            let text = texts[index]
            if index == Component.pathname.rawValue, !groupSegments.isEmpty {
                forEachSegmentGroup(text, compiled, body)
                continue
            }
            guard let captures = try compiled.regex.captures(text) else { return false }
            for (group, range) in zip(compiled.groups.indices, captures) {
                body(compiled.groupNames[group], compiled.tookNoPart(group, range) ? nil : UnsafeBufferPointer(rebasing: text[range!]))
            }
        }
        return true
    }

    /// Calls `body` with the name and text of each group of a pathname filed by segments, in
    /// `pathname`, which it takes: the segments after its first `/`, one for one.
    private func forEachSegmentGroup(_ pathname: UnsafeBufferPointer<UInt8>, _ compiled: Compiled,
                                     _ body: (_ name: [UInt8], _ value: UnsafeBufferPointer<UInt8>?) -> Void) {
        var start = 1, segment = 0, group = 0
        for end in 1...pathname.count where end == pathname.count || pathname[end] == UInt8(ascii: "/") {
            if segment == groupSegments[group] {
                body(compiled.groupNames[group], UnsafeBufferPointer(rebasing: pathname[start..<end]))
                group += 1
                if group == groupSegments.count { return }
            }
            segment += 1
            start = end + 1
        }
    }

    /// The match of the eight component texts of `input`.
    func match(_ input: URLPatternInput) throws(Regex.MatchError) -> [ComponentResult]? {
        var results: [ComponentResult] = []
        for (index, component) in compiled.enumerated() {
            let bytes = Array(input.bytes[input.ranges[index]])
            let text = String(decoding: bytes, as: UTF8.self)
            guard let captures = try component.regex.captures(bytes) else { return nil }
            // (the expression may hold more captures than the groups: a translation's own)
            let groups = zip(component.groups.indices, captures).map { index, range in
                (name: component.groups[index].name,
                 value: component.tookNoPart(index, range) ? nil : range.map { String(decoding: bytes[$0], as: UTF8.self) })
            }
            results.append(ComponentResult(input: text, groups: groups))
        }
        return results
    }
}
