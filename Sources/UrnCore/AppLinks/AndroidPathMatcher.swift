/// One path attribute of an Android `<data>` element, matched as Android's `PatternMatcher`
/// does (core/java/android/os/PatternMatcher.java at aosp-mirror/platform_frameworks_base
/// 01a7983f, ported line by line): against the whole decoded path, UTF-16 unit by unit as a Java
/// `String` is compared (`.` takes one half of an emoji), and neither glob ever backtracks.
@_spi(Records) public struct AndroidPathMatcher: Sendable {
    /// The attribute.
    @_spi(Records) public enum Kind: String, Sendable, CaseIterable {
        case path, pathPrefix, pathSuffix, pathPattern, pathAdvancedPattern
    }

    /// The attribute it came from.
    @_spi(Records) public let kind: Kind
    /// The value, after the XML string's escapes are read (`\\*` is `\*`).
    @_spi(Records) public let value: String
    private let units: [UInt16]
    /// `mParsedPattern` of an advanced pattern: a UTF-16 unit where positive, else a token
    /// placeholder, with a range's two bounds after its start.
    private let parsed: [Int32]

    /// Why an advanced pattern cannot be used (Android refuses the manifest).
    @_spi(Records) public struct Failure: Error, Equatable {
        /// What is wrong.
        @_spi(Records) public let reason: String
    }

    /// The matcher for attribute `kind` with `value`.
    @_spi(Records) public init(_ kind: Kind, _ value: String) throws(Failure) {
        self.kind = kind
        self.value = value
        units = Array(value.utf16)
        parsed = kind == .pathAdvancedPattern ? try Self.parsed(units) : []
    }

    /// Whether the decoded path `path` (UTF-16 units; nil for a link with none) matches
    /// (PatternMatcher.java `matchPattern`).
    @_spi(Records) public func matches(_ path: [UInt16]?) -> Bool {
        guard let path else { return false }
        switch kind {
        case .path: return path == units
        case .pathPrefix: return path.starts(with: units)
        case .pathSuffix: return path.count >= units.count && path.suffix(units.count).elementsEqual(units)
        case .pathPattern: return Self.globMatches(units, path)
        case .pathAdvancedPattern: return Self.advancedMatches(parsed, path)
        }
    }

    /// A PCRE2 expression for the simple glob `pattern` (`globMatches`), for making paths it
    /// takes: `.` any one character (escaped or not, as Android reads it), `x*` any number of
    /// `x`, everything else literal.
    static func globExpression(_ pattern: String) -> String {
        var out = ""
        var scalars = pattern.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            var unit = scalar
            if scalar == "\\", let next = scalars.popFirst() { unit = next }
            if unit == "." {
                out += "."
            } else if unit == "*", scalar != "\\" {
                out += "*"
            } else {
                out += "\\x{" + String(unit.value, radix: 16) + "}"
            }
        }
        return out
    }

    /// The simple glob (PatternMatcher.java:229 `matchGlobPattern`): `x*` takes as many `x` as
    /// there are, `.` any one unit, `.*` everything up to the first occurrence of the unit after
    /// it, `\` escapes; past the end of the pattern its next unit reads as 0.
    static func globMatches(_ pattern: [UInt16], _ match: [UInt16]) -> Bool {
        let np = pattern.count, nm = match.count
        if np <= 0 { return nm <= 0 }
        let dot = UInt16(UInt8(ascii: ".")), star = UInt16(UInt8(ascii: "*")), backslash = UInt16(UInt8(ascii: "\\"))
        func at(_ i: Int) -> UInt16 { i < np ? pattern[i] : 0 }
        var ip = 0, im = 0
        var nextChar = pattern[0]
        while ip < np, im < nm {
            var c = nextChar
            ip += 1
            nextChar = at(ip)
            let escaped = c == backslash
            if escaped {
                c = nextChar
                ip += 1
                nextChar = at(ip)
            }
            if nextChar == star {
                if !escaped, c == dot {
                    // a `.*` at the end takes the rest
                    if ip >= np - 1 { return true }
                    ip += 1
                    nextChar = pattern[ip]
                    if nextChar == backslash {
                        ip += 1
                        nextChar = at(ip)
                    }
                    while im < nm, match[im] != nextChar { im += 1 }
                    if im == nm { return false }
                    ip += 1
                    nextChar = at(ip)
                    im += 1
                } else {
                    while im < nm, match[im] == c { im += 1 }
                    ip += 1
                    nextChar = at(ip)
                }
            } else {
                // an escaped `.` still takes any unit, as Android's loop does
                if c != dot, match[im] != c { return false }
                im += 1
            }
        }
        if ip >= np, im >= nm { return true }
        // the subject ran out with a trailing `.*` left: still a match
        return ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }

    // PatternMatcher.java's placeholders in a parsed advanced pattern
    private static let setStart: Int32 = -1, inverseSetStart: Int32 = -2, setStop: Int32 = -3, any: Int32 = -4
    private static let rangeStart: Int32 = -5, rangeStop: Int32 = -6, zeroOrMore: Int32 = -7, oneOrMore: Int32 = -8
    /// `MAX_PATTERN_STORAGE`.
    private static let maximumStorage = 2048

    /// PatternMatcher.java:314 `parseAndVerifyAdvancedPattern`: `.`, `[a-z]`, `[^…]`, literal
    /// units (`\` escapes), each optionally followed by `*`, `+` or `{n}`, `{m,n}`, `{m,}` whose
    /// numbers `Integer.parseInt` reads. A `}` outside a range is dropped; in a set every unit is
    /// literal, and a backwards range is kept (it matches nothing). Throws where Android throws.
    static func parsed(_ pattern: [UInt16]) throws(Failure) -> [Int32] {
        func unit(_ c: Character) -> UInt16 { c.utf16.first! }
        var out: [Int32] = []
        var ip = 0
        let lp = pattern.count
        var inSet = false, inRange = false, inCharClass = false
        func isModifier(_ token: Int32) -> Bool {
            token == oneOrMore || token == zeroOrMore || token == rangeStop || token == rangeStart
        }
        while ip < lp {
            if out.count > maximumStorage - 3 { throw Failure(reason: "the pattern is too large (PatternMatcher keeps 2048 entries)") }
            var c = pattern[ip]
            var add = false
            switch c {
            case unit("["):
                if inSet {
                    add = true
                } else {
                    guard ip + 1 < lp else { throw Failure(reason: "'[' at the end of the pattern") }
                    if pattern[ip + 1] == unit("^") {
                        out.append(inverseSetStart)
                        ip += 1
                    } else {
                        out.append(setStart)
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case unit("]"):
                if !inSet {
                    add = true
                } else {
                    if out.last == setStart || out.last == inverseSetStart { throw Failure(reason: "a set must name characters") }
                    out.append(setStop)
                    inSet = false
                    inCharClass = false
                }
            case unit("{"):
                if !inSet {
                    if out.isEmpty || isModifier(out[out.count - 1]) { throw Failure(reason: "'\(String(decoding: [c], as: UTF16.self))' must follow a character, '.' or a set") }
                    out.append(rangeStart)
                    ip += 1
                    inRange = true
                }
            case unit("}"):
                if inRange {
                    out.append(rangeStop)
                    inRange = false
                }
            case unit("*"), unit("+"):
                if !inSet {
                    if out.isEmpty || isModifier(out[out.count - 1]) { throw Failure(reason: "'\(String(decoding: [c], as: UTF16.self))' must follow a character, '.' or a set") }
                    out.append(c == unit("*") ? zeroOrMore : oneOrMore)
                }
            case unit("."):
                if !inSet { out.append(any) }
            case unit("\\"):
                if ip + 1 >= lp { throw Failure(reason: "'\\' at the end of the pattern") }
                ip += 1
                c = pattern[ip]
                add = true
            default:
                add = true
            }
            if inSet {
                if inCharClass {
                    out.append(Int32(c))
                    inCharClass = false
                } else if ip + 2 < lp, pattern[ip + 1] == unit("-"), pattern[ip + 2] != unit("]") {
                    // the lower end of a range; the upper end is the next unit read
                    inCharClass = true
                    out.append(Int32(c))
                    ip += 1
                } else {
                    out.append(Int32(c))
                    out.append(Int32(c))
                }
            } else if inRange {
                guard let close = pattern[ip...].firstIndex(of: unit("}")) else { throw Failure(reason: "range not closed with '}'") }
                let text = String(decoding: pattern[ip..<close], as: UTF16.self)
                let malformed = Failure(reason: "range '{\(text)}' is not {n}, {m,n} or {m,} (32-bit numbers)")
                let minimum: Int32, maximum: Int32
                if let comma = text.unicodeScalars.firstIndex(of: ",") {
                    guard let low = JavaText.parseInt(text[..<comma]) else { throw malformed }
                    minimum = low
                    let afterComma = text.unicodeScalars.index(after: comma)
                    if afterComma == text.endIndex {
                        maximum = Int32.max
                    } else {
                        guard let high = JavaText.parseInt(text[afterComma...]) else { throw malformed }
                        maximum = high
                    }
                } else {
                    guard let value = JavaText.parseInt(text) else { throw malformed }
                    minimum = value
                    maximum = value
                }
                if minimum > maximum { throw Failure(reason: "range '{\(text)}' has its minimum above its maximum") }
                out.append(minimum)
                out.append(maximum)
                ip = close
                continue
            } else if add {
                out.append(Int32(c))
            }
            ip += 1
        }
        if inSet { throw Failure(reason: "set not closed with ']'") }
        return out
    }

    /// PatternMatcher.java `matchAdvancedPattern` and :584 `matchChar`: each token takes as many units as it can,
    /// up to its maximum, and the pattern must end where the path does.
    static func advancedMatches(_ parsed: [Int32], _ match: [UInt16]) -> Bool {
        var ip = 0, im = 0
        let lp = parsed.count
        while ip < lp {
            var accepts: (UInt16) -> Bool
            switch parsed[ip] {
            case any:
                accepts = { _ in true }
                ip += 1
            case setStart, inverseSetStart:
                let inverse = parsed[ip] == inverseSetStart
                let start = ip + 1
                ip += 1
                while ip < lp, parsed[ip] != setStop { ip += 1 }
                let end = ip - 1
                ip += 1
                accepts = { unit in
                    var i = start
                    while i < end {
                        if Int32(unit) >= parsed[i], Int32(unit) <= parsed[i + 1] { return !inverse }
                        i += 2
                    }
                    return inverse
                }
            default:
                let literal = parsed[ip]
                accepts = { Int32($0) == literal }
                ip += 1
            }
            var minimum: Int32 = 1, maximum: Int32 = 1
            if ip < lp {
                switch parsed[ip] {
                case zeroOrMore: minimum = 0; maximum = Int32.max; ip += 1
                case oneOrMore: maximum = Int32.max; ip += 1
                case rangeStart:
                    minimum = parsed[ip + 1]
                    maximum = parsed[ip + 2]
                    ip += 4
                default: break
                }
            }
            if minimum > maximum { return false }
            // matchChars: as many as it can, up to the maximum
            var matched: Int32 = 0
            while matched < maximum, im + Int(matched) < match.count, accepts(match[im + Int(matched)]) { matched += 1 }
            if matched < minimum { return false }
            im += Int(matched)
        }
        return ip >= lp && im >= match.count
    }
}
