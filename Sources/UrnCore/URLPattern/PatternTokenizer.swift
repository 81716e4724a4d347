/// The tokens of a URLPattern pattern string (URL Pattern Standard, "Tokenizing"): `{` `}`,
/// `(regexp)`, `:name`, `\`-escaped characters, the modifiers `?` `+` `*`, and every other code
/// point as itself. The strict policy throws on a malformed name or regexp; the lenient one,
/// which the constructor-string parser uses, makes it an `invalidChar` token.
struct PatternTokenizer {
    /// A token's kind.
    enum Kind: Equatable {
        case open, close, regexp, name, char, escapedChar, otherModifier, asterisk, end, invalidChar
    }

    /// One token: its kind, where it starts (a code point index) and its text (a name without
    /// its `:`, a regexp without its parentheses).
    struct Token {
        let kind: Kind
        let index: Int
        let value: [Unicode.Scalar]
    }

    /// How malformed input is met.
    enum Policy {
        case strict, lenient
    }

    /// The tokens of `input`, the last an `end` token.
    static func tokenize(_ input: [Unicode.Scalar], policy: Policy) throws(URLPatternError) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        /// Adds a token that spans `start..<next` (its value `valueStart` with `length` code
        /// points) and moves on to `next`.
        func add(_ kind: Kind, next: Int, valueStart: Int, length: Int) {
            tokens.append(Token(kind: kind, index: index, value: Array(input[valueStart..<(valueStart + length)])))
            index = next
        }
        func error(next: Int, valueStart: Int) throws(URLPatternError) {
            guard policy == .lenient else { throw URLPatternError("invalid pattern syntax", at: index) }
            add(.invalidChar, next: next, valueStart: valueStart, length: next - valueStart)
        }
        while index < input.count {
            let scalar = input[index]
            switch scalar {
            case "*": add(.asterisk, next: index + 1, valueStart: index, length: 1)
            case "+", "?": add(.otherModifier, next: index + 1, valueStart: index, length: 1)
            case "\\":
                guard index < input.count - 1 else {
                    try error(next: index + 1, valueStart: index)
                    continue
                }
                add(.escapedChar, next: index + 2, valueStart: index + 1, length: 1)
            case "{": add(.open, next: index + 1, valueStart: index, length: 1)
            case "}": add(.close, next: index + 1, valueStart: index, length: 1)
            case ":":
                let start = index + 1
                var position = start
                while position < input.count, isNameCodePoint(input[position], first: position == start) { position += 1 }
                guard position > start else {
                    try error(next: start, valueStart: index)
                    continue
                }
                add(.name, next: position, valueStart: start, length: position - start)
            case "(":
                guard let end = regexpEnd(input, from: index + 1) else {
                    try error(next: index + 1, valueStart: index)
                    continue
                }
                add(.regexp, next: end + 1, valueStart: index + 1, length: end - index - 1)
            default:
                add(.char, next: index + 1, valueStart: index, length: 1)
            }
        }
        add(.end, next: index, valueStart: index, length: 0)
        return tokens
    }

    /// The index of the `)` that closes a regexp group whose text starts at `start`, or nil
    /// when the group is malformed: empty, not ASCII, starting with `?`, unclosed, or holding a
    /// group that is not `(?…`.
    private static func regexpEnd(_ input: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 1
        var position = start
        while position < input.count {
            let scalar = input[position]
            guard scalar.isASCII else { return nil }
            if position == start, scalar == "?" { return nil }
            switch scalar {
            case "\\":
                guard position < input.count - 1, input[position + 1].isASCII else { return nil }
                position += 2
                continue
            case ")":
                depth -= 1
                if depth == 0 { return position > start ? position : nil }
            case "(":
                depth += 1
                guard position < input.count - 1, input[position + 1] == "?" else { return nil }
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// Whether `scalar` may be in a group name: ECMAScript's IdentifierStart first
    /// (ID_Start, `$`, `_`), IdentifierPart after (ID_Continue, `$`, ZWNJ, ZWJ).
    static func isNameCodePoint(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar == "$" || scalar == "_" { return true }
        if first { return scalar.properties.isIDStart }
        return scalar.properties.isIDContinue || scalar.value == 0x200C || scalar.value == 0x200D
    }
}

/// A URLPattern that cannot be made: the constructor's TypeError, with the code point index
/// where it was found in the text it was reading.
public struct URLPatternError: Error, Equatable, Sendable {
    /// What is wrong.
    public let message: String
    /// The code point index in the pattern string, where known.
    public let index: Int?

    init(_ message: String, at index: Int? = nil) {
        self.message = message
        self.index = index
    }
}
