/// A URLPattern pattern string read into parts (URL Pattern Standard, "Parsing pattern
/// strings"): fixed text, and matching groups (a regexp, a segment wildcard `:name`, a full
/// wildcard `*`), each with a prefix, a suffix and a modifier. It gives the regular expression
/// that matches a component ("Converting part lists to regular expressions") and the pattern
/// string the standard writes back ("Converting part lists to pattern strings").
struct PatternParts: Sendable {
    /// A part's kind.
    enum Kind: Equatable, Sendable {
        case fixedText, regexp, segmentWildcard, fullWildcard
    }

    /// A part's modifier.
    enum Modifier: String, Equatable, Sendable {
        case none = "", optional = "?", zeroOrMore = "*", oneOrMore = "+"
    }

    /// One part.
    struct Part: Equatable, Sendable {
        var kind: Kind
        /// The fixed text, or a regexp part's regular expression.
        var value: String
        var modifier: Modifier
        var name = ""
        var prefix = ""
        var suffix = ""
    }

    /// How a component's pattern is read: the code point a `:name` stops at, the one that an
    /// optional or repeated group takes with it, and whether case is ignored.
    struct Options: Equatable, Sendable {
        var delimiter: String
        var prefix: String
        var ignoreCase = false

        /// The options of the components other than hostname and pathname.
        static let plain = Options(delimiter: "", prefix: "")
        /// The hostname's options.
        static let hostname = Options(delimiter: ".", prefix: "")
        /// The pathname's options, in a URL with a special scheme or a hierarchical path.
        static let pathname = Options(delimiter: "/", prefix: "/")
    }

    /// Validates and encodes a piece of fixed text for a component (URL Pattern Standard,
    /// "Encoding callbacks").
    typealias Encoding = @Sendable (String) throws(URLPatternError) -> String

    let parts: [Part]
    let options: Options

    /// The regular expression of a full wildcard.
    static let fullWildcard = ".*"

    /// `input`, parsed with `options`, its fixed text encoded by `encoding`.
    init(parsing input: String, options: Options, encoding: @escaping Encoding) throws(URLPatternError) {
        var parser = Parser(tokens: try PatternTokenizer.tokenize(Array(input.unicodeScalars), policy: .strict),
                            options: options, encoding: encoding)
        try parser.parse()
        self.parts = parser.parts
        self.options = options
    }

    /// The regular expression of a segment wildcard: anything up to the delimiter.
    static func segmentWildcard(_ options: Options) -> String {
        "[^" + escapedRegexp(options.delimiter) + "]+?"
    }

    /// Whether any part is a regexp group (the standard's "has regexp groups").
    var hasRegexpGroups: Bool {
        parts.contains { $0.kind == .regexp }
    }

    /// The parts that are groups, in order.
    var groups: [Part] {
        parts.filter { $0.kind != .fixedText }
    }

    // MARK: Regular expression

    /// The regular expression that matches the whole component, anchored, each group
    /// capturing in the order of `groups`. Written in ECMAScript syntax; the caller translates
    /// a regexp group's text where PCRE2 reads it otherwise.
    func regularExpression(translating translate: (String) throws(URLPatternError) -> String = { $0 }) throws(URLPatternError) -> String {
        var result = "^"
        for part in parts {
            if part.kind == .fixedText {
                if part.modifier == .none {
                    result += Self.escapedRegexp(part.value)
                } else {
                    result += "(?:" + Self.escapedRegexp(part.value) + ")" + part.modifier.rawValue
                }
                continue
            }
            let value = switch part.kind {
            case .segmentWildcard: try translate(Self.segmentWildcard(options))
            case .fullWildcard: Self.fullWildcard
            default: try translate(part.value)
            }
            if part.prefix.isEmpty, part.suffix.isEmpty {
                if part.modifier == .none || part.modifier == .optional {
                    result += "(" + value + ")" + part.modifier.rawValue
                } else {
                    result += "((?:" + value + ")" + part.modifier.rawValue + ")"
                }
                continue
            }
            let prefix = Self.escapedRegexp(part.prefix), suffix = Self.escapedRegexp(part.suffix)
            if part.modifier == .none || part.modifier == .optional {
                result += "(?:" + prefix + "(" + value + ")" + suffix + ")" + part.modifier.rawValue
                continue
            }
            result += "(?:" + prefix + "((?:" + value + ")(?:" + suffix + prefix + "(?:" + value + "))*)" + suffix + ")"
            if part.modifier == .zeroOrMore { result += "?" }
        }
        return result + "$"
    }

    /// `input` with every regular expression syntax character escaped.
    static func escapedRegexp(_ input: String) -> String {
        var result = ""
        for c in input.unicodeScalars {
            if ".+*?^${}()[]|/\\".unicodeScalars.contains(c) { result += "\\" }
            result.unicodeScalars.append(c)
        }
        return result
    }

    // MARK: Pattern string

    /// The pattern string the standard writes for these parts (the `URLPattern` getters).
    var patternString: String {
        var result = ""
        for (index, part) in parts.enumerated() {
            let previous = index > 0 ? parts[index - 1] : nil
            let next = index + 1 < parts.count ? parts[index + 1] : nil
            if part.kind == .fixedText {
                if part.modifier == .none {
                    result += Self.escapedPattern(part.value)
                } else {
                    result += "{" + Self.escapedPattern(part.value) + "}" + part.modifier.rawValue
                }
                continue
            }
            let customName = !(part.name.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false)
            var grouping = !part.suffix.isEmpty || (!part.prefix.isEmpty && part.prefix != options.prefix)
            if !grouping, customName, part.kind == .segmentWildcard, part.modifier == .none, let next,
               next.prefix.isEmpty, next.suffix.isEmpty {
                if next.kind == .fixedText {
                    grouping = next.value.unicodeScalars.first.map { PatternTokenizer.isNameCodePoint($0, first: false) } ?? false
                } else {
                    grouping = next.name.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false
                }
            }
            if !grouping, part.prefix.isEmpty, let previous, previous.kind == .fixedText,
               let last = previous.value.unicodeScalars.last, String(last) == options.prefix {
                grouping = true
            }
            if grouping { result += "{" }
            result += Self.escapedPattern(part.prefix)
            if customName { result += ":" + part.name }
            switch part.kind {
            case .regexp:
                result += "(" + part.value + ")"
            case .segmentWildcard where !customName:
                result += "(" + Self.segmentWildcard(options) + ")"
            case .fullWildcard:
                let bare = previous == nil || previous?.kind == .fixedText || previous?.modifier != Modifier.none || grouping || !part.prefix.isEmpty
                result += !customName && bare ? "*" : "(" + Self.fullWildcard + ")"
            default:
                break
            }
            if part.kind == .segmentWildcard, customName, let first = part.suffix.unicodeScalars.first,
               PatternTokenizer.isNameCodePoint(first, first: false) {
                result += "\\"
            }
            result += Self.escapedPattern(part.suffix)
            if grouping { result += "}" }
            result += part.modifier.rawValue
        }
        return result
    }

    /// The order of two parts, by kind, modifier, prefix, value and suffix (`URLPattern.compare`).
    static func compare(_ a: Part, _ b: Part) -> Int {
        let kinds: [Kind] = [.fullWildcard, .segmentWildcard, .regexp, .fixedText]
        let modifiers: [Modifier] = [.zeroOrMore, .optional, .oneOrMore, .none]
        let keys = [(kinds.firstIndex(of: a.kind)!, kinds.firstIndex(of: b.kind)!),
                    (modifiers.firstIndex(of: a.modifier)!, modifiers.firstIndex(of: b.modifier)!)]
        for (x, y) in keys where x != y { return x < y ? -1 : 1 }
        for (x, y) in [(a.prefix, b.prefix), (a.value, b.value), (a.suffix, b.suffix)] where x != y {
            return Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? -1 : 1
        }
        return 0
    }

    /// `input` with every pattern syntax character escaped.
    static func escapedPattern(_ input: String) -> String {
        var result = ""
        for c in input.unicodeScalars {
            if "+*?:{}()\\".unicodeScalars.contains(c) { result += "\\" }
            result.unicodeScalars.append(c)
        }
        return result
    }
}

extension PatternParts {
    /// The parser's state as it reads the tokens.
    private struct Parser {
        let tokens: [PatternTokenizer.Token]
        let options: Options
        let encoding: Encoding
        var parts: [Part] = []
        var pending = ""
        var index = 0
        var nextNumericName = 0

        mutating func parse() throws(URLPatternError) {
            while index < tokens.count {
                let char = take(.char)
                var name = take(.name)
                var regexp = takeRegexpOrWildcard(after: name)
                if name != nil || regexp != nil {
                    var prefix = char.map { String(String.UnicodeScalarView($0.value)) } ?? ""
                    if !prefix.isEmpty, prefix != options.prefix {
                        pending += prefix
                        prefix = ""
                    }
                    try addPendingFixedText()
                    let modifier = takeModifier()
                    try add(prefix: prefix, name: name, regexp: regexp, suffix: "", modifier: modifier)
                    continue
                }
                if let fixed = char ?? take(.escapedChar) {
                    pending += String(String.UnicodeScalarView(fixed.value))
                    continue
                }
                if take(.open) != nil {
                    let prefix = text()
                    name = take(.name)
                    regexp = takeRegexpOrWildcard(after: name)
                    let suffix = text()
                    guard take(.close) != nil else { throw URLPatternError("a '{' is not closed", at: tokens[index].index) }
                    let modifier = takeModifier()
                    try add(prefix: prefix, name: name, regexp: regexp, suffix: suffix, modifier: modifier)
                    continue
                }
                try addPendingFixedText()
                guard take(.end) != nil else {
                    throw URLPatternError("unexpected '\(String(String.UnicodeScalarView(tokens[index].value)))'", at: tokens[index].index)
                }
            }
        }

        mutating func take(_ kind: PatternTokenizer.Kind) -> PatternTokenizer.Token? {
            guard index < tokens.count, tokens[index].kind == kind else { return nil }
            index += 1
            return tokens[index - 1]
        }

        mutating func takeModifier() -> PatternTokenizer.Token? {
            take(.otherModifier) ?? take(.asterisk)
        }

        mutating func takeRegexpOrWildcard(after name: PatternTokenizer.Token?) -> PatternTokenizer.Token? {
            if let regexp = take(.regexp) { return regexp }
            return name == nil ? take(.asterisk) : nil
        }

        mutating func text() -> String {
            var result = ""
            while let token = take(.char) ?? take(.escapedChar) { result += String(String.UnicodeScalarView(token.value)) }
            return result
        }

        mutating func addPendingFixedText() throws(URLPatternError) {
            guard !pending.isEmpty else { return }
            let encoded = try encoding(pending)
            pending = ""
            parts.append(Part(kind: .fixedText, value: encoded, modifier: .none))
        }

        mutating func add(prefix: String, name: PatternTokenizer.Token?, regexp: PatternTokenizer.Token?, suffix: String,
                          modifier token: PatternTokenizer.Token?) throws(URLPatternError) {
            let modifier: Modifier = switch token.map({ String(String.UnicodeScalarView($0.value)) }) {
            case "?": .optional
            case "*": .zeroOrMore
            case "+": .oneOrMore
            default: .none
            }
            if name == nil, regexp == nil, modifier == .none {
                // `{foo}`: text like any other
                pending += prefix
                return
            }
            try addPendingFixedText()
            if name == nil, regexp == nil {
                // `{foo}?`: text of its own, with its modifier
                guard !prefix.isEmpty else { return }
                parts.append(Part(kind: .fixedText, value: try encoding(prefix), modifier: modifier))
                return
            }
            var value = switch regexp?.kind {
            case nil: segmentWildcard(options)
            case .asterisk?: fullWildcard
            default: String(String.UnicodeScalarView(regexp!.value))
            }
            var kind = Kind.regexp
            if value == segmentWildcard(options) {
                kind = .segmentWildcard
                value = ""
            } else if value == fullWildcard {
                kind = .fullWildcard
                value = ""
            }
            var partName = ""
            if let name {
                partName = String(String.UnicodeScalarView(name.value))
            } else if regexp != nil {
                partName = String(nextNumericName)
                nextNumericName += 1
            }
            guard !parts.contains(where: { $0.name == partName }) else {
                throw URLPatternError("the group name '\(partName)' is used twice", at: (name ?? regexp)?.index)
            }
            parts.append(Part(kind: kind, value: value, modifier: modifier, name: partName,
                              prefix: try encoding(prefix), suffix: try encoding(suffix)))
        }
    }
}
