/// The WHATWG URL Standard's basic URL parser: its state machine over the input's code points,
/// with the state overrides that the URL setters and URLPattern's canonicalization use.
struct WebURLParser {
    /// The parser's states.
    enum State {
        case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative, relativeSlash
        case specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host, hostname, port
        case file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
    }

    let input: [Unicode.Scalar]
    let base: WebURL?
    var url: WebURL
    let override: State?
    let domainToASCII: (@Sendable (String) -> String?)?

    init(input: String, base: WebURL?, url: WebURL, override: State?, domainToASCII: (@Sendable (String) -> String?)?) {
        var scalars = Array(input.unicodeScalars)
        if override == nil {
            // leading and trailing C0 controls and spaces
            while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
            while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        self.input = scalars
        self.base = base
        self.url = url
        self.override = override
        self.domainToASCII = domainToASCII
    }

    /// Runs the parser over `url`; nil for failure. A state override may end the run early
    /// with success, leaving `url` as set so far.
    mutating func run() -> WebURL? {
        var state = override ?? .schemeStart
        var buffer: [Unicode.Scalar] = []
        var atSignSeen = false, insideBrackets = false, passwordTokenSeen = false
        var pointer = 0
        let special = { (url: WebURL) in url.isSpecial }
        func remaining(startsWith text: String) -> Bool {
            let scalars = Array(text.unicodeScalars)
            return pointer + scalars.count < input.count && Array(input[(pointer + 1)...(pointer + scalars.count)]) == scalars
        }
        /// At `//`: `then`, past both slashes; else `otherwise`, from this code point again.
        func afterSlashes(_ c: Unicode.Scalar?, _ then: State, otherwise: State) -> State {
            if c == "/", remaining(startsWith: "/") {
                pointer += 1
                return then
            }
            pointer -= 1
            return otherwise
        }
        while true {
            let c: Unicode.Scalar? = pointer < input.count ? input[pointer] : nil
            switch state {
            case .schemeStart:
                if let c, c.isASCIIAlpha {
                    buffer.append(c.asciiLowercased)
                    state = .scheme
                } else if override == nil {
                    state = .noScheme
                    pointer -= 1
                } else {
                    return nil
                }
            case .scheme:
                if let c, c.isASCIIAlphanumeric || c == "+" || c == "-" || c == "." {
                    buffer.append(c.asciiLowercased)
                } else if c == ":" {
                    let scheme = String(String.UnicodeScalarView(buffer))
                    if override != nil {
                        let bufferSpecial = WebURL.specialSchemes[scheme] != nil
                        if url.isSpecial != bufferSpecial { return url }
                        if (url.hasCredentials || url.port != nil) && scheme == "file" { return url }
                        if url.scheme == "file", url.host == .empty { return url }
                    }
                    url.scheme = scheme
                    if override != nil {
                        if url.port != nil, url.port == WebURL.specialSchemes[scheme] ?? nil { url.port = nil }
                        return url
                    }
                    buffer = []
                    if scheme == "file" {
                        state = .file
                    } else if url.isSpecial, let base, base.scheme == scheme {
                        state = .specialRelativeOrAuthority
                    } else if url.isSpecial {
                        state = .specialAuthoritySlashes
                    } else if remaining(startsWith: "/") {
                        state = .pathOrAuthority
                        pointer += 1
                    } else {
                        url.path = .opaque("")
                        state = .opaquePath
                    }
                } else if override == nil {
                    buffer = []
                    state = .noScheme
                    pointer = -1
                } else {
                    return nil
                }
            case .noScheme:
                guard let base else { return nil }
                if case .opaque = base.path {
                    guard c == "#" else { return nil }
                    url.scheme = base.scheme
                    url.path = base.path
                    url.query = base.query
                    url.fragment = ""
                    state = .fragment
                } else {
                    state = base.scheme == "file" ? .file : .relative
                    pointer -= 1
                }
            case .specialRelativeOrAuthority:
                state = afterSlashes(c, .specialAuthorityIgnoreSlashes, otherwise: .relative)
            case .pathOrAuthority:
                if c == "/" {
                    state = .authority
                } else {
                    state = .path
                    pointer -= 1
                }
            case .relative:
                guard let base else { return nil }
                url.scheme = base.scheme
                if c == "/" || (special(url) && c == "\\") {
                    state = .relativeSlash
                } else {
                    inherit(from: base)
                    url.path = base.path
                    url.query = base.query
                    if let next = startQueryOrFragment(c) {
                        state = next
                    } else if c != nil {
                        url.query = nil
                        shortenPath()
                        state = .path
                        pointer -= 1
                    }
                }
            case .relativeSlash:
                if special(url), c == "/" || c == "\\" {
                    state = .specialAuthorityIgnoreSlashes
                } else if c == "/" {
                    state = .authority
                } else {
                    if let base { inherit(from: base) }
                    state = .path
                    pointer -= 1
                }
            case .specialAuthoritySlashes:
                state = afterSlashes(c, .specialAuthorityIgnoreSlashes, otherwise: .specialAuthorityIgnoreSlashes)
            case .specialAuthorityIgnoreSlashes:
                if c != "/", c != "\\" {
                    state = .authority
                    pointer -= 1
                }
            case .authority:
                if c == "@" {
                    if atSignSeen { buffer = Array("%40".unicodeScalars) + buffer }
                    atSignSeen = true
                    for scalar in buffer {
                        if scalar == ":", !passwordTokenSeen {
                            passwordTokenSeen = true
                            continue
                        }
                        let encoded = PercentEncodeSet.userinfo.encode(scalar)
                        if passwordTokenSeen { url.password += encoded } else { url.username += encoded }
                    }
                    buffer = []
                } else if c == nil || c == "/" || c == "?" || c == "#" || (special(url) && c == "\\") {
                    if atSignSeen, buffer.isEmpty { return nil }
                    pointer -= buffer.count + 1
                    buffer = []
                    state = .host
                } else {
                    buffer.append(c!)
                }
            case .host, .hostname:
                if override != nil, url.scheme == "file" {
                    pointer -= 1
                    state = .fileHost
                } else if c == ":", !insideBrackets {
                    if buffer.isEmpty || override == .hostname { return nil }
                    guard let host = WebHost.parse(String(String.UnicodeScalarView(buffer)), opaque: !special(url), domainToASCII: domainToASCII) else { return nil }
                    url.host = host
                    buffer = []
                    state = .port
                } else if c == nil || c == "/" || c == "?" || c == "#" || (special(url) && c == "\\") {
                    pointer -= 1
                    if special(url), buffer.isEmpty { return nil }
                    if override != nil, buffer.isEmpty, url.hasCredentials || url.port != nil { return url }
                    guard let host = WebHost.parse(String(String.UnicodeScalarView(buffer)), opaque: !special(url), domainToASCII: domainToASCII) else { return nil }
                    url.host = host
                    buffer = []
                    state = .pathStart
                    if override != nil { return url }
                } else {
                    if c == "[" { insideBrackets = true }
                    if c == "]" { insideBrackets = false }
                    buffer.append(c!)
                }
            case .port:
                if let c, c.isASCIIDigit {
                    buffer.append(c)
                } else if c == nil || c == "/" || c == "?" || c == "#" || (special(url) && c == "\\") || override != nil {
                    if !buffer.isEmpty {
                        // leading zeros are allowed; a value past 65535 is not
                        let digits = buffer.drop { $0 == "0" }
                        guard digits.count <= 5, let port = Int(String(String.UnicodeScalarView(digits))) ?? (digits.isEmpty ? 0 : nil),
                              port <= 65535 else { return nil }
                        url.port = port == WebURL.specialSchemes[url.scheme] ?? nil ? nil : port
                        buffer = []
                    }
                    if override != nil { return url }
                    state = .pathStart
                    pointer -= 1
                } else {
                    return nil
                }
            case .file:
                url.scheme = "file"
                url.host = .empty
                if c == "/" || c == "\\" {
                    state = .fileSlash
                } else if let base, base.scheme == "file" {
                    url.host = base.host
                    url.path = base.path
                    url.query = base.query
                    if let next = startQueryOrFragment(c) {
                        state = next
                    } else if c != nil {
                        url.query = nil
                        if !Self.startsWithWindowsDriveLetter(input[pointer...]) {
                            shortenPath()
                        } else {
                            url.path = .segments([])
                        }
                        state = .path
                        pointer -= 1
                    }
                } else {
                    state = .path
                    pointer -= 1
                }
            case .fileSlash:
                if c == "/" || c == "\\" {
                    state = .fileHost
                } else {
                    if let base, base.scheme == "file" {
                        url.host = base.host
                        if !Self.startsWithWindowsDriveLetter(input[min(pointer, input.count)...]),
                           case let .segments(segments) = base.path, let first = segments.first, Self.isNormalizedWindowsDriveLetter(first) {
                            appendSegment(first)
                        }
                    }
                    state = .path
                    pointer -= 1
                }
            case .fileHost:
                if c == nil || c == "/" || c == "\\" || c == "?" || c == "#" {
                    pointer -= 1
                    if override == nil, Self.isWindowsDriveLetter(String(String.UnicodeScalarView(buffer))) {
                        state = .path
                    } else if buffer.isEmpty {
                        url.host = .empty
                        if override != nil { return url }
                        state = .pathStart
                    } else {
                        guard var host = WebHost.parse(String(String.UnicodeScalarView(buffer)), opaque: false, domainToASCII: domainToASCII) else { return nil }
                        if host == .domain("localhost") { host = .empty }
                        url.host = host
                        if override != nil { return url }
                        buffer = []
                        state = .pathStart
                    }
                } else {
                    buffer.append(c!)
                }
            case .pathStart:
                if special(url) {
                    state = .path
                    if c != "/", c != "\\" { pointer -= 1 }
                } else if override == nil, let next = startQueryOrFragment(c) {
                    state = next
                } else if c != nil {
                    state = .path
                    if c != "/" { pointer -= 1 }
                } else if override != nil, url.host == nil {
                    appendSegment("")
                }
            case .path:
                let slash = c == "/" || (special(url) && c == "\\")
                if c == nil || slash || (override == nil && (c == "?" || c == "#")) {
                    let segment = String(String.UnicodeScalarView(buffer))
                    if Self.isDoubleDot(segment) {
                        shortenPath()
                        if !slash { appendSegment("") }
                    } else if Self.isSingleDot(segment), !slash {
                        appendSegment("")
                    } else if !Self.isSingleDot(segment) {
                        var segment = segment
                        if url.scheme == "file", case let .segments(segments) = url.path, segments.isEmpty, Self.isWindowsDriveLetter(segment) {
                            segment = String(segment.prefix(1)) + ":"
                        }
                        appendSegment(segment)
                    }
                    buffer = []
                    if let next = startQueryOrFragment(c) { state = next }
                } else {
                    buffer += PercentEncodeSet.path.encode(c!).unicodeScalars
                }
            case .opaquePath:
                if let next = startQueryOrFragment(c) {
                    state = next
                } else if let c, case let .opaque(text) = url.path {
                    // a space before a query or fragment is encoded, so that it is not trimmed away
                    let encoded = c == " " && (remaining(startsWith: "?") || remaining(startsWith: "#"))
                        ? "%20" : PercentEncodeSet.c0Control.encode(c)
                    url.path = .opaque(text + encoded)
                }
            case .query:
                if (override == nil && c == "#") || c == nil {
                    let set: PercentEncodeSet = special(url) ? .specialQuery : .query
                    url.query = (url.query ?? "") + buffer.map(set.encode).joined()
                    buffer = []
                    if c == "#" {
                        url.fragment = ""
                        state = .fragment
                    }
                } else if let c {
                    buffer.append(c)
                }
            case .fragment:
                if let c { url.fragment = (url.fragment ?? "") + PercentEncodeSet.fragment.encode(c) }
            }
            // a run that stepped back from the end runs again there
            if pointer >= input.count { break }
            pointer += 1
        }
        return url
    }

    /// Takes the base URL's credentials, host and port.
    private mutating func inherit(from base: WebURL) {
        url.username = base.username
        url.password = base.password
        url.host = base.host
        url.port = base.port
    }

    /// Starts the query (at `?`) or the fragment (at `#`): the state that reads it, or nil for
    /// any other code point.
    private mutating func startQueryOrFragment(_ c: Unicode.Scalar?) -> State? {
        if c == "?" {
            url.query = ""
            return .query
        }
        if c == "#" {
            url.fragment = ""
            return .fragment
        }
        return nil
    }

    private mutating func appendSegment(_ segment: String) {
        if case let .segments(segments) = url.path { url.path = .segments(segments + [segment]) }
    }

    /// Removes the path's last segment, but not a file URL's only drive letter.
    private mutating func shortenPath() {
        guard case var .segments(segments) = url.path else { return }
        if url.scheme == "file", segments.count == 1, Self.isNormalizedWindowsDriveLetter(segments[0]) { return }
        if !segments.isEmpty { segments.removeLast() }
        url.path = .segments(segments)
    }

    static func isSingleDot(_ segment: String) -> Bool {
        segment == "." || segment.lowercased() == "%2e"
    }

    static func isDoubleDot(_ segment: String) -> Bool {
        ["..", ".%2e", "%2e.", "%2e%2e"].contains(segment.lowercased())
    }

    static func isWindowsDriveLetter(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        return scalars.count == 2 && scalars[0].isASCIIAlpha && (scalars[1] == ":" || scalars[1] == "|")
    }

    static func isNormalizedWindowsDriveLetter(_ text: String) -> Bool {
        isWindowsDriveLetter(text) && text.hasSuffix(":")
    }

    static func startsWithWindowsDriveLetter(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard text.count >= 2 else { return false }
        let start = text.startIndex
        guard isWindowsDriveLetter(String(String.UnicodeScalarView(text[start..<(start + 2)]))) else { return false }
        return text.count == 2 || ["/", "\\", "?", "#"].contains(text[start + 2])
    }
}

extension Unicode.Scalar {
    var isASCIIAlpha: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIIAlphanumeric: Bool { isASCIIAlpha || isASCIIDigit }
    var isASCIIHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
    var asciiLowercased: Unicode.Scalar { ("A"..."Z").contains(self) ? Unicode.Scalar(value + 0x20)! : self }
}
