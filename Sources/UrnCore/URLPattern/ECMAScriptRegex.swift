/// A URLPattern's regular expressions, written in ECMAScript syntax with the `v` flag, in the
/// syntax PCRE2 reads for the same language. Translated: `[^]` (any code point) is `[\s\S]`,
/// `[]` (none) is `(?!)`, `\u{…}` and `\uXXXX` are `\x{…}`, and a class with nested classes or
/// the `v` flag's set operations (`[[a-z]--a]`, `[\d&&[0-1]]`) becomes lookaheads over its
/// operands. Refused, as the ECMAScript parser refuses them: escapes the `u`/`v` flags do not
/// know (`\H`, `\K`, `\z`, …), groups other than `(?:` `(?=` `(?!` `(?<=` `(?<!` `(?<name>` and
/// modifiers (`(?R)`, `(?|`, `(?>`, `(?#`), possessive quantifiers, and in a class an
/// unescaped `( ) { } / |`, a `-` outside a range and a doubled punctuator (`[a-z-]`, `[^/]`).
enum ECMAScriptRegex {
    /// `source` in PCRE2's syntax; throws for what ECMAScript refuses.
    static func pcre(_ source: String) throws(URLPatternError) -> String {
        var reader = Reader(scalars: Array(source.unicodeScalars))
        return try reader.translate()
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var i = 0

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            i + offset < scalars.count ? scalars[i + offset] : nil
        }

        func refused(_ what: String) -> URLPatternError {
            URLPatternError("invalid regular expression: \(what)", at: i)
        }

        mutating func translate() throws(URLPatternError) -> String {
            var out = ""
            var afterQuantifier = false
            while let c = peek() {
                switch c {
                case "\\":
                    out += try escape(inClass: false)
                    afterQuantifier = false
                    continue
                case "[":
                    out += try characterClass()
                    afterQuantifier = false
                    continue
                case "(":
                    if peek(1) == "?" { try checkGroup() }
                case "*", "+", "?":
                    if afterQuantifier, c == "+" { throw refused("a possessive quantifier") }
                    // a lazy `?` after a quantifier is ECMAScript too
                    afterQuantifier = !(afterQuantifier && c == "?")
                    out.unicodeScalars.append(c)
                    i += 1
                    continue
                case "}":
                    out.unicodeScalars.append(c)
                    i += 1
                    afterQuantifier = true
                    continue
                default:
                    break
                }
                afterQuantifier = false
                out.unicodeScalars.append(c)
                i += 1
            }
            return out
        }

        /// Checks the group opened by `(?` at `i`.
        func checkGroup() throws(URLPatternError) {
            guard let kind = peek(2) else { throw refused("an unfinished group") }
            switch kind {
            case ":", "=", "!": return
            case "<":
                if peek(3) == "=" || peek(3) == "!" { return }
                var j = i + 3
                while j < scalars.count, scalars[j] != ">" { j += 1 }
                guard j > i + 3, j < scalars.count else { throw refused("a group name") }
                return
            default:
                // modifiers: (?ims-ims:…)
                var j = i + 2
                var seenFlag = false
                while j < scalars.count, "ims-".unicodeScalars.contains(scalars[j]) {
                    seenFlag = seenFlag || scalars[j] != "-"
                    j += 1
                }
                guard seenFlag, j < scalars.count, scalars[j] == ":" else { throw refused("the group '(?\(kind)'") }
            }
        }

        /// The escape at `i`, translated.
        mutating func escape(inClass: Bool) throws(URLPatternError) -> String {
            guard let next = peek(1) else { throw refused("a trailing backslash") }
            switch next {
            case "u":
                guard let (value, length) = unicodeEscape() else { throw refused("a \\u escape") }
                i += length
                return "\\x{" + String(value, radix: 16) + "}"
            case "p", "P":
                guard peek(2) == "{", let close = scalars[(i + 3)...].firstIndex(of: "}") else { throw refused("a \\p escape") }
                let text = String(String.UnicodeScalarView(scalars[i...close]))
                i = close + 1
                return text
            case "k":
                guard peek(2) == "<", let close = scalars[(i + 3)...].firstIndex(of: ">") else { throw refused("a \\k escape") }
                let text = String(String.UnicodeScalarView(scalars[i...close]))
                i = close + 1
                return text
            case "c":
                guard let letter = peek(2), letter.isASCIIAlpha else { throw refused("a \\c escape") }
                i += 3
                return "\\c" + String(letter)
            case "x":
                guard let a = peek(2), let b = peek(3), a.isASCIIHexDigit, b.isASCIIHexDigit else { throw refused("a \\x escape") }
                i += 4
                return "\\x" + String(a) + String(b)
            default:
                let known = "dDwWsSbBfnrtv0123456789^$\\.*+?()[]{}|/".unicodeScalars.contains(next)
                    || (inClass && "-&!#%,:;<=>@`~".unicodeScalars.contains(next))
                guard known else { throw refused("the escape '\\\(next)'") }
                if inClass, next == "b" {
                    i += 2
                    return "\\x{8}"
                }
                i += 2
                return "\\" + String(next)
            }
        }

        /// The code point and length of `\uXXXX` or `\u{X…}` at `i`, or nil.
        func unicodeEscape() -> (UInt32, Int)? {
            if peek(2) == "{" {
                guard let close = scalars[(i + 3)...].firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16) else { return nil }
                return (value, close - i + 1)
            }
            guard i + 5 < scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)...(i + 5)])), radix: 16) else { return nil }
            return (value, 6)
        }

        /// The class at `i` (its `[`), translated.
        mutating func characterClass() throws(URLPatternError) -> String {
            i += 1
            var negated = false
            if peek() == "^" {
                negated = true
                i += 1
            }
            if peek() == "]" {
                i += 1
                return negated ? "[\\s\\S]" : "(?!)"
            }
            // the operands, and the operator between them (`--`, `&&`, or none: a union)
            var operands: [String] = []
            var plain = ""
            var setOperator: String?
            var nested = false
            func flush() {
                if !plain.isEmpty { operands.append("[" + plain + "]") }
                plain = ""
            }
            while let c = peek(), c != "]" {
                if c == "[" {
                    flush()
                    operands.append(try characterClass())
                    nested = true
                    continue
                }
                if (c == "-" && peek(1) == "-") || (c == "&" && peek(1) == "&") {
                    flush()
                    setOperator = c == "-" ? "--" : "&&"
                    i += 2
                    continue
                }
                if c == "\\" {
                    plain += try escape(inClass: true)
                    continue
                }
                // the v flag's class syntax: these must be escaped, a `-` stands only between
                // two characters of a range, and doubled punctuators are reserved
                if "(){}/|".unicodeScalars.contains(c) { throw refused("an unescaped '\(c)' in a class") }
                if c == "-", plain.isEmpty || peek(1) == "]" || peek(1) == nil { throw refused("a '-' that makes no range") }
                if peek(1) == c, "&!#$%*+,.:;<=>?@^`~".unicodeScalars.contains(c) { throw refused("the reserved '\(c)\(c)' in a class") }
                plain.unicodeScalars.append(c)
                i += 1
            }
            guard peek() == "]" else { throw refused("an unclosed class") }
            i += 1
            if setOperator == nil, !nested { return "[" + (negated ? "^" : "") + plain + "]" }
            flush()
            guard let first = operands.first else { return negated ? "[\\s\\S]" : "(?!)" }
            let body: String
            switch setOperator {
            case "--"?: body = operands.dropFirst().map { "(?!" + $0 + ")" }.joined() + first
            case "&&"?: body = operands.dropFirst().map { "(?=" + $0 + ")" }.joined() + first
            default: body = operands.joined(separator: "|")
            }
            return negated ? "(?:(?!(?:" + body + "))[\\s\\S])" : "(?:" + body + ")"
        }
    }
}
