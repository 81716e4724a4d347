/// A URLPattern constructor string (`https://*.example.com/blog/:slug`) cut into the components
/// of a `URLPatternInit` (URL Pattern Standard, "Constructor string parsing"): a state machine
/// over the string's lenient tokens, so that `:` `/` `?` `#` `@` `[` `]` end a component only
/// where they are plain characters, and never inside a `{…}` group.
struct ConstructorStringParser {
    private enum State: Equatable {
        case initial, `protocol`, authority, username, password, hostname, port, pathname, search, hash, done

        /// The component the state reads, if any.
        var component: URLPattern.Component? {
            switch self {
            case .protocol: .protocol
            case .username: .username
            case .password: .password
            case .hostname: .hostname
            case .port: .port
            case .pathname: .pathname
            case .search: .search
            case .hash: .hash
            case .initial, .authority, .done: nil
            }
        }
    }

    private let input: [Unicode.Scalar]
    private let tokens: [PatternTokenizer.Token]
    private var result = URLPatternInit()
    private var componentStart = 0
    private var tokenIndex = 0
    private var tokenIncrement = 1
    private var groupDepth = 0
    private var bracketDepth = 0
    private var specialScheme = false
    private var state = State.initial

    /// The components of `input`.
    static func parse(_ input: String) throws(URLPatternError) -> URLPatternInit {
        var parser = try ConstructorStringParser(input)
        try parser.run()
        return parser.result
    }

    private init(_ input: String) throws(URLPatternError) {
        self.input = Array(input.unicodeScalars)
        tokens = try PatternTokenizer.tokenize(self.input, policy: .lenient)
    }

    private mutating func run() throws(URLPatternError) {
        while tokenIndex < tokens.count {
            tokenIncrement = 1
            if tokens[tokenIndex].kind == .end {
                if state == .initial {
                    rewind()
                    if isPlain("#") {
                        change(to: .hash, skip: 1)
                    } else if isSearchPrefix() {
                        change(to: .search, skip: 1)
                    } else {
                        change(to: .pathname, skip: 0)
                    }
                    tokenIndex += tokenIncrement
                    continue
                }
                if state == .authority {
                    rewind()
                    state = .hostname
                    tokenIndex += tokenIncrement
                    continue
                }
                change(to: .done, skip: 0)
                break
            }
            if tokens[tokenIndex].kind == .open {
                groupDepth += 1
                tokenIndex += tokenIncrement
                continue
            }
            if groupDepth > 0 {
                if tokens[tokenIndex].kind == .close {
                    groupDepth -= 1
                } else {
                    tokenIndex += tokenIncrement
                    continue
                }
            }
            switch state {
            case .initial:
                if isPlain(":") {
                    rewind()
                    state = .protocol
                }
            case .protocol:
                if isPlain(":") {
                    try computeSpecialScheme()
                    if isPlain("/", at: tokenIndex + 1), isPlain("/", at: tokenIndex + 2) {
                        change(to: .authority, skip: 3)
                    } else {
                        change(to: specialScheme ? .authority : .pathname, skip: 1)
                    }
                }
            case .authority:
                if isPlain("@") {
                    rewind()
                    state = .username
                } else if isPlain("/") || isSearchPrefix() || isPlain("#") {
                    rewind()
                    state = .hostname
                }
            case .username:
                if isPlain(":") {
                    change(to: .password, skip: 1)
                } else if isPlain("@") {
                    change(to: .hostname, skip: 1)
                }
            case .password:
                if isPlain("@") { change(to: .hostname, skip: 1) }
            case .hostname:
                if isPlain("[") {
                    bracketDepth += 1
                } else if isPlain("]") {
                    bracketDepth -= 1
                } else if isPlain(":"), bracketDepth == 0 {
                    change(to: .port, skip: 1)
                } else {
                    changeAtPathSearchOrHash()
                }
            case .port:
                changeAtPathSearchOrHash()
            case .pathname:
                if isSearchPrefix() {
                    change(to: .search, skip: 1)
                } else if isPlain("#") {
                    change(to: .hash, skip: 1)
                }
            case .search:
                if isPlain("#") { change(to: .hash, skip: 1) }
            case .hash, .done:
                break
            }
            tokenIndex += tokenIncrement
        }
        if result[.hostname] != nil, result[.port] == nil { result[.port] = "" }
    }

    /// The pathname, search or hash state where one starts.
    private mutating func changeAtPathSearchOrHash() {
        if isPlain("/") {
            change(to: .pathname, skip: 0)
        } else if isSearchPrefix() {
            change(to: .search, skip: 1)
        } else if isPlain("#") {
            change(to: .hash, skip: 1)
        }
    }

    /// Ends the current component and starts `next` past `skip` tokens, filling the components
    /// that a later one implies: an empty hostname, a pathname (`/` for a special scheme), an
    /// empty search.
    private mutating func change(to next: State, skip: Int) {
        if let component = state.component { result[component] = componentString() }
        if state != .initial, next != .done {
            let beforeHostname: [State] = [.protocol, .authority, .username, .password]
            if beforeHostname.contains(state), [.port, .pathname, .search, .hash].contains(next), result[.hostname] == nil {
                result[.hostname] = ""
            }
            if (beforeHostname + [.hostname, .port]).contains(state), next == .search || next == .hash, result[.pathname] == nil {
                result[.pathname] = specialScheme ? "/" : ""
            }
            if (beforeHostname + [.hostname, .port, .pathname]).contains(state), next == .hash, result[.search] == nil {
                result[.search] = ""
            }
        }
        state = next
        tokenIndex += skip
        componentStart = tokenIndex
        tokenIncrement = 0
    }

    private mutating func rewind() {
        tokenIndex = componentStart
        tokenIncrement = 0
    }

    private func token(at index: Int) -> PatternTokenizer.Token {
        index < tokens.count ? tokens[index] : tokens[tokens.count - 1]
    }

    /// Whether the token at `index` is `value` as a plain character (not syntax).
    private func isPlain(_ value: Unicode.Scalar, at index: Int? = nil) -> Bool {
        let token = token(at: index ?? tokenIndex)
        guard token.value == [value] else { return false }
        return token.kind == .char || token.kind == .escapedChar || token.kind == .invalidChar
    }

    /// Whether the token starts a search: a plain `?`, or a `?` that modifies nothing.
    private func isSearchPrefix() -> Bool {
        if isPlain("?") { return true }
        guard tokens[tokenIndex].value == ["?"] else { return false }
        guard tokenIndex > 0 else { return true }
        return ![.name, .regexp, .close, .asterisk].contains(token(at: tokenIndex - 1).kind)
    }

    /// The text of the current component, from its start to the current token.
    private func componentString() -> String {
        let start = token(at: componentStart).index, end = tokens[tokenIndex].index
        return String(String.UnicodeScalarView(input[start..<end]))
    }

    /// Whether the protocol read so far, compiled, matches a special scheme.
    private mutating func computeSpecialScheme() throws(URLPatternError) {
        let parts = try PatternParts(parsing: componentString(), options: .plain) { (value) throws(URLPatternError) in
            try URLPatternCanonical.protocolText(value)
        }
        guard let regex = try? Regex(try parts.regularExpression(translating: ECMAScriptRegex.pcre), anchoring: .source) else {
            throw URLPatternError("invalid protocol regular expression")
        }
        specialScheme = WebURL.specialSchemes.keys.contains { (try? regex.matches(Array($0.utf8))) == true }
    }
}
