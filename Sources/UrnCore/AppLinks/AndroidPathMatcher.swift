/// One path attribute of an Android `<data>` element, matched as Android's `PatternMatcher`
/// does (core/java/android/os/PatternMatcher.java, `matchPattern`, `matchGlobPattern`,
/// `matchAdvancedPattern` at aosp-mirror/platform_frameworks_base ff2ffe4): against the whole
/// decoded path, character by character, and neither glob ever backtracks.
public struct AndroidPathMatcher: Sendable {
    /// The attribute.
    public enum Kind: String, Sendable, CaseIterable {
        case path, pathPrefix, pathSuffix, pathPattern, pathAdvancedPattern
    }

    /// One token of a `pathAdvancedPattern`, with how often it repeats.
    struct Token: Sendable {
        enum Test: Sendable {
            case any
            case character(Unicode.Scalar)
            /// Inclusive ranges; `inverse` for `[^…]`.
            case set([ClosedRange<UInt32>], inverse: Bool)
        }
        let test: Test
        let minimum: Int
        let maximum: Int
    }

    /// The attribute it came from.
    public let kind: Kind
    /// The value, after the XML string's escapes are read (`\\*` is `\*`).
    public let value: String
    private let scalars: [Unicode.Scalar]
    private let tokens: [Token]

    /// Why an advanced pattern cannot be used (Android refuses the manifest).
    public struct Failure: Error, Equatable {
        /// What is wrong.
        public let reason: String
    }

    /// The matcher for attribute `kind` with `value`.
    public init(_ kind: Kind, _ value: String) throws(Failure) {
        self.kind = kind
        self.value = value
        scalars = Array(value.unicodeScalars)
        tokens = kind == .pathAdvancedPattern ? try Self.tokens(Array(value.unicodeScalars)) : []
    }

    /// Whether the decoded path `path` matches.
    public func matches(_ path: [Unicode.Scalar]) -> Bool {
        switch kind {
        case .path: return path == scalars
        case .pathPrefix: return path.starts(with: scalars)
        case .pathSuffix: return path.count >= scalars.count && Array(path.suffix(scalars.count)) == scalars
        case .pathPattern: return Self.globMatches(scalars, path)
        case .pathAdvancedPattern: return Self.advancedMatches(tokens, path)
        }
    }

    /// The simple glob: `x*` takes as many `x` as there are, `.` any one character, `.*`
    /// everything up to the first occurrence of the character after it, `\` escapes.
    static func globMatches(_ pattern: [Unicode.Scalar], _ subject: [Unicode.Scalar]) -> Bool {
        if pattern.isEmpty { return subject.isEmpty }
        var p = 0, s = 0
        func at(_ i: Int) -> Unicode.Scalar? { i < pattern.count ? pattern[i] : nil }
        while p < pattern.count, s < subject.count {
            var character = pattern[p]
            p += 1
            let escaped = character == "\\"
            if escaped {
                character = at(p) ?? "\0"
                p += 1
            }
            if at(p) == "*" {
                p += 1
                if !escaped, character == "." {
                    // `.*` at the end takes the rest
                    guard var stop = at(p) else { return true }
                    if stop == "\\" { p += 1; stop = at(p) ?? "\0" }
                    while s < subject.count, subject[s] != stop { s += 1 }
                    guard s < subject.count else { return false }
                    p += 1
                    s += 1
                } else {
                    while s < subject.count, subject[s] == character { s += 1 }
                }
            } else {
                // an escaped `.` still takes any character, as Android's loop does
                guard character == "." || subject[s] == character else { return false }
                s += 1
            }
        }
        if p >= pattern.count, s >= subject.count { return true }
        // the subject ran out with a trailing `.*` left: still a match
        return p == pattern.count - 2 && pattern[p] == "." && pattern[p + 1] == "*"
    }

    /// The advanced glob: each token takes as many characters as it can, up to its maximum.
    static func advancedMatches(_ tokens: [Token], _ subject: [Unicode.Scalar]) -> Bool {
        var s = 0
        for token in tokens {
            var taken = 0
            while taken < token.maximum, s + taken < subject.count, token.accepts(subject[s + taken]) { taken += 1 }
            guard taken >= token.minimum else { return false }
            s += taken
        }
        return s == subject.count
    }

    /// The tokens of an advanced pattern: `.`, `[a-z]`, `[^…]`, literal characters (`\` escapes),
    /// each optionally followed by `*`, `+` or `{n}`, `{m,n}`, `{m,}`.
    static func tokens(_ pattern: [Unicode.Scalar]) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < pattern.count {
            let test: Token.Test
            switch pattern[i] {
            case "*", "+", "{":
                throw Failure(reason: "'\(pattern[i])' must follow a character, '.' or a set")
            case ".":
                test = .any
                i += 1
            case "\\":
                guard i + 1 < pattern.count else { throw Failure(reason: "'\\' at the end of the pattern") }
                test = .character(pattern[i + 1])
                i += 2
            case "[":
                var j = i + 1
                let inverse = j < pattern.count && pattern[j] == "^"
                if inverse { j += 1 }
                var ranges: [ClosedRange<UInt32>] = []
                while j < pattern.count, pattern[j] != "]" {
                    var low = pattern[j]
                    if low == "\\", j + 1 < pattern.count { j += 1; low = pattern[j] }
                    if j + 2 < pattern.count, pattern[j + 1] == "-", pattern[j + 2] != "]" {
                        let high = pattern[j + 2]
                        guard low.value <= high.value else { throw Failure(reason: "set range '\(low)-\(high)' is backwards") }
                        ranges.append(low.value...high.value)
                        j += 3
                    } else {
                        ranges.append(low.value...low.value)
                        j += 1
                    }
                }
                guard j < pattern.count else { throw Failure(reason: "set not closed with ']'") }
                guard !ranges.isEmpty else { throw Failure(reason: "a set must name characters") }
                test = .set(ranges, inverse: inverse)
                i = j + 1
            case "}":
                // a `}` outside a range is dropped, as Android's parser drops it
                i += 1
                continue
            default:
                test = .character(pattern[i])
                i += 1
            }
            var minimum = 1, maximum = 1
            if i < pattern.count {
                switch pattern[i] {
                case "*": minimum = 0; maximum = Int.max; i += 1
                case "+": maximum = Int.max; i += 1
                case "{":
                    guard let close = pattern[i...].firstIndex(of: "}") else { throw Failure(reason: "range not closed with '}'") }
                    let inside = String(String.UnicodeScalarView(pattern[(i + 1)..<close]))
                    let bounds = inside.split(separator: ",", omittingEmptySubsequences: false)
                    guard (1...2).contains(bounds.count), let low = Int(bounds[0]) else { throw Failure(reason: "range '{\(inside)}' is not {n}, {m,n} or {m,}") }
                    minimum = low
                    if bounds.count == 1 {
                        maximum = low
                    } else if bounds[1].isEmpty {
                        maximum = Int.max
                    } else {
                        guard let high = Int(bounds[1]) else { throw Failure(reason: "range '{\(inside)}' is not {n}, {m,n} or {m,}") }
                        maximum = high
                    }
                    guard minimum <= maximum else { throw Failure(reason: "range '{\(inside)}' has its minimum above its maximum") }
                    i = close + 1
                default: break
                }
                if i < pattern.count, ["*", "+", "{"].contains(pattern[i]) { throw Failure(reason: "'\(pattern[i])' must follow a character, '.' or a set") }
            }
            tokens.append(Token(test: test, minimum: minimum, maximum: maximum))
        }
        return tokens
    }
}

extension AndroidPathMatcher.Token {
    /// Whether the token takes `character`.
    func accepts(_ character: Unicode.Scalar) -> Bool {
        switch test {
        case .any: return true
        case let .character(expected): return character == expected
        case let .set(ranges, inverse): return ranges.contains { $0.contains(character.value) } != inverse
        }
    }
}
