/// Compiles pattern text of any syntax of urn-patterns(7) SYNTAXES (Compass `{name}`, URLNavigator `<type:name>`,
/// Express and WAAppRouting `:name` and `*`, and the `{name:REGEX}` extension) into a `Pattern`.
@_spi(Records) public struct PatternParser: Sendable {
    /// The segment delimiter of patterns without `/`.
    @_spi(Records) public var delimiter: [UInt8]
    /// Custom placeholder types (`--type NAME=REGEX`, `@type NAME REGEX`).
    @_spi(Records) public var customTypes: [String: Regex]
    /// The dialect the pattern is read for.
    @_spi(Records) public var dialect: Dialect
    /// Compare literals and regexes without regard to case (`-i`).
    @_spi(Records) public var caseInsensitive: Bool
    /// The base URL of URLPattern constructor strings (`@base`, `--base`).
    @_spi(Records) public var baseURL: String?
    /// UTS #46 ToASCII for URLPattern hostnames (UrnDomains gives it).
    @_spi(Records) public var domainToASCII: (@Sendable (String) -> String?)?

    /// A parser with the given settings.
    @_spi(Records) public init(delimiter: String = ":", customTypes: [String: Regex] = [:], dialect: Dialect = .urn, caseInsensitive: Bool = false) {
        self.delimiter = Array(delimiter.utf8)
        self.customTypes = customTypes
        self.dialect = dialect
        self.caseInsensitive = caseInsensitive
    }

    /// Compiles `text`. In `compass`, `navigator` and `waap` only the library's own syntax is
    /// read (see `ExactSyntax`), in `express` path-to-regexp's (`ExpressSyntax`); `urn` reads
    /// every syntax of urn-patterns(7).
    @_spi(Records) public func parse(_ text: String) throws(PatternError) -> Pattern {
        var pool = SegmentPool()
        return try parse(text, pool: &pool)
    }

    /// Compiles `text`, taking its literal segments and untyped placeholders from `pool`
    /// (a table's patterns share them).
    func parse(_ text: String, pool: inout SegmentPool) throws(PatternError) -> Pattern {
        switch dialect {
        case .compass: return ExactSyntax.compass(text, delimiter: delimiter)
        case .navigator: return ExactSyntax.navigator(text, customTypes: customTypes)
        case .waap: return ExactSyntax.waap(text)
        case .express: return try ExpressSyntax.pattern(text)
        case .urlpattern: return try URLPatternSyntax.pattern(text, baseURL: baseURL, ignoreCase: caseInsensitive, domainToASCII: domainToASCII)
        case .urn: return try unifiedPattern(text, pool: &pool)
        }
    }

    /// Reads `text` in the `urn` syntax, its UTF-8 read in place (a copy of it was an allocation
    /// a pattern).
    private func unifiedPattern(_ text: String, pool: inout SegmentPool) throws(PatternError) -> Pattern {
        let read = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(PatternError) in try unifiedPattern(text, bytes, pool: &pool) }
        } ?? Array(text.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(PatternError) in try unifiedPattern(text, bytes, pool: &pool) }
        }
        return try read.get()
    }

    private func unifiedPattern(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>, pool: inout SegmentPool) throws(PatternError) -> Pattern {
        guard !bytes.isEmpty else {
            // the empty pattern (written `""` in a table) takes links without components
            return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: [],
                           sourceRanges: [], slashSeparated: false)
        }
        var start = 0
        var scheme: [UInt8]?
        if let end = Self.schemeEnd(bytes) {
            scheme = Array(bytes[..<end])
            start = end + 3
        }
        // split on `/` first, which most patterns are: a pattern with a `/` outside braces and
        // angle brackets is split on it, one without on the delimiter (a pattern whose braces
        // do not balance is read as split on `/` if it has one anywhere, and fails below)
        let slashRanges = try? Self.split(bytes, from: start, on: Self.slash)
        let slashSeparated = scheme != nil || (slashRanges.map { $0.count > 1 } ?? bytes[start...].contains(UInt8(ascii: "/")))
        var ranges = if slashSeparated, let slashRanges { slashRanges } else {
            try Self.split(bytes, from: start, on: slashSeparated ? Self.slash : delimiter)
        }
        if scheme == nil && bytes[start...].first == UInt8(ascii: "/") && slashSeparated { ranges.removeFirst() }
        if slashSeparated, ranges.count > 0, ranges.last!.isEmpty, !(scheme != nil && ranges.count == 1) { ranges.removeLast() }

        var host: [UInt8]?
        let lowerScheme = scheme.map { $0.map(ByteClass.lowercased) }
        if let lowerScheme, WebScheme.contains(lowerScheme), let first = ranges.first {
            guard !bytes[first].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "<") }) else {
                throw PatternError("the host of a web pattern must be literal", at: first.lowerBound)
            }
            host = bytes[first].map(ByteClass.lowercased)
            ranges.removeFirst()
        }
        var segments: [Segment] = []
        segments.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            let next = try segment(bytes, range, isLast: index == ranges.count - 1, slashSeparated: slashSeparated, pool: &pool)
            // a name is looked for in the segments before (a pattern has few): a list of the
            // names seen was an allocation a pattern
            if case let .placeholder(placeholder) = next {
                if segments.contains(where: { $0.captures(placeholder.name) }) {
                    throw PatternError("duplicate placeholder name '\(placeholder.name)'", at: range.lowerBound)
                }
            } else if !next.isLiteral {
                let names = next.placeholderNames
                for (k, name) in names.enumerated() where names[..<k].contains(name) || segments.contains(where: { $0.captures(name) }) {
                    throw PatternError("duplicate placeholder name '\(name)'", at: range.lowerBound)
                }
            }
            segments.append(next)
        }
        let pattern = Pattern(text: text, scheme: lowerScheme, schemeAsWritten: scheme, host: host, segments: segments,
                              sourceRanges: ranges, slashSeparated: slashSeparated, warnings: Self.globWarnings(segments),
                              sharingPlaceholdersOf: pool.lastUntypedPlaceholders)
        pool.lastUntypedPlaceholders = pattern.untypedPlaceholders
        return pattern
    }

    /// What `--check` says of a Rails glob that shares its segment with other text
    /// (`/<*id>.<format>`): it takes that one segment only, as a placeholder named `*id`, where
    /// Rails would take several.
    private static func globWarnings(_ segments: [Segment]) -> [PatternWarning] {
        var warnings: [PatternWarning] = []
        for case let .composite(composite) in segments {
            for placeholder in composite.placeholders where placeholder.name.hasPrefix("*") {
                warnings.append(PatternWarning("glob-in-segment", "'<\(placeholder.name)>' shares its segment with other text, so urn reads it as one segment, a placeholder named '\(placeholder.name)', not as a glob of one or more segments (urn-patterns(7))"))
            }
        }
        return warnings
    }

    /// One piece of a segment while it is being read.
    private enum Piece {
        case literal([UInt8])
        case placeholder(Placeholder, at: Int)
    }

    private func segment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isLast: Bool, slashSeparated: Bool,
                         pool: inout SegmentPool) throws(PatternError) -> Segment {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        // most segments are plain literal text: nothing below would change them but the decoding
        if !text.contains(where: Self.mayStartSyntax) {
            return .literal(pool.literal(text, decode: decodedLiteral))
        }
        // and most others a whole `:name`, which the loop below reads the same way
        if slashSeparated, text.count > 1, text[0] == UInt8(ascii: ":"), text.dropFirst().allSatisfy(Self.isNameByte) {
            return .placeholder(pool.placeholder(named: UnsafeBufferPointer(rebasing: text.dropFirst())))
        }
        if text.first == UInt8(ascii: "*"), text.dropFirst().allSatisfy(Self.isNameByte) {
            // `*` is one segment in the middle and one or more at the end; `*name` is always a catch-all
            let name = text.count > 1 ? String(decoding: text.dropFirst(), as: UTF8.self) : nil
            return name == nil && !isLast ? .wildcard : .catchAll(name: name)
        }
        if text.count > 3, text.starts(with: "<*".utf8), text.last == UInt8(ascii: ">"),
           text.dropFirst(2).dropLast().allSatisfy(Self.isNameByte) {
            // a Rails glob, `<*name>`: one or more segments, anywhere
            return .catchAll(name: String(decoding: text.dropFirst(2).dropLast(), as: UTF8.self))
        }
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = [] }
        }
        var i = range.lowerBound
        if slashSeparated, i < range.upperBound, bytes[i] == UInt8(ascii: ":"), i + 1 < range.upperBound, Self.isNameByte(bytes[i + 1]) {
            var end = i + 1
            while end < range.upperBound, Self.isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            try Self.refuseExpressSyntax(bytes, name: name, after: end, segmentEnd: range.upperBound)
            pieces.append(.placeholder(Placeholder(name: name, type: .string), at: i))
            i = end
        }
        while i < range.upperBound {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\\"):
                guard i + 1 < range.upperBound else { throw PatternError("'\\' at the end of a segment", at: i) }
                literal.append(bytes[i + 1])
                i += 2
            case UInt8(ascii: "{"):
                flush()
                let close = try Self.closingBrace(bytes, from: i, end: range.upperBound)
                pieces.append(.placeholder(try bracePlaceholder(bytes, (i + 1)..<close), at: i))
                i = close + 1
            case UInt8(ascii: "<"):
                flush()
                guard let close = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ">")) else {
                    throw PatternError("unbalanced '<'", at: i)
                }
                let (name, typeName) = Self.angleContent(bytes, (i + 1)..<close)
                guard !name.isEmpty else { throw PatternError("empty placeholder name", at: i) }
                if typeName == "path" {
                    guard i == range.lowerBound, close + 1 == range.upperBound else {
                        throw PatternError("a path placeholder must be a whole segment", at: i)
                    }
                    return .catchAll(name: name)
                }
                pieces.append(.placeholder(Placeholder(name: name, type: try type(named: typeName, at: i)), at: i))
                i = close + 1
            case UInt8(ascii: "}"):
                throw PatternError("unbalanced '}'", at: i)
            default:
                literal.append(byte)
                i += 1
            }
        }
        flush()
        switch pieces.count {
        case 0:
            return .literal([])
        case 1:
            switch pieces[0] {
            case let .literal(text): return .literal(decodedLiteral(text))
            case let .placeholder(placeholder, _): return .placeholder(placeholder)
            }
        default:
            return .composite(try composite(pieces, source: String(decoding: text, as: UTF8.self), at: range.lowerBound))
        }
    }

    /// Express's `:name?`, `:name*`, `:name+`, `:name(…)` and `:a-:b` would be read as literal
    /// text after a placeholder and never match: they are an error that names the dialect that
    /// reads them.
    private static func refuseExpressSyntax(_ bytes: UnsafeBufferPointer<UInt8>, name: String, after end: Int, segmentEnd: Int) throws(PatternError) {
        if end < segmentEnd, "?*+(".utf8.contains(bytes[end]) {
            let mark = Character(Unicode.Scalar(bytes[end]))
            throw PatternError("':\(name)\(mark)' is Express syntax: use --dialect express (or @dialect express), or write \\\(mark) for a literal '\(mark)'", at: end)
        }
        var i = end
        while i + 1 < segmentEnd {
            if bytes[i] == UInt8(ascii: ":"), bytes[i - 1] != UInt8(ascii: "\\"), Self.isNameByte(bytes[i + 1]) {
                throw PatternError("':\(name)' and a second ':' parameter in one segment is Express syntax: use --dialect express, or {\(name)} and {…}", at: i)
            }
            i += 1
        }
    }

    private func composite(_ pieces: [Piece], source: String, at offset: Int) throws(PatternError) -> Composite {
        var expression = ""
        var placeholders: [Placeholder] = []
        var parts: [Composite.Part] = []
        var groups: [Int] = []
        var nextGroup = 0
        for piece in pieces {
            switch piece {
            case let .literal(text):
                expression += Self.regexQuoted(decodedLiteral(text))
                parts.append(.literal(decodedLiteral(text)))
            case let .placeholder(placeholder, _):
                placeholders.append(placeholder)
                parts.append(.placeholder(placeholder))
                groups.append(nextGroup)
                expression += "(" + placeholder.type.fragment + ")"
                nextGroup += 1 + placeholder.type.fragmentGroups
            }
        }
        do {
            let regex = try Regex(expression, caseInsensitive: caseInsensitive)
            return Composite(parts: parts, placeholders: placeholders, regex: regex, groups: groups, source: source)
        } catch {
            throw PatternError("invalid segment: \(error.message)", at: offset)
        }
    }

    private func bracePlaceholder(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) throws(PatternError) -> Placeholder {
        let colon = bytes[content].firstIndex(of: UInt8(ascii: ":"))
        let nameEnd = colon ?? content.upperBound
        let name = String(decoding: bytes[content.lowerBound..<nameEnd], as: UTF8.self)
        guard !name.isEmpty else { throw PatternError("empty placeholder name", at: content.lowerBound - 1) }
        guard let colon else { return Placeholder(name: name, type: .string) }
        let source = String(decoding: bytes[(colon + 1)..<content.upperBound], as: UTF8.self)
        guard !source.isEmpty else { throw PatternError("empty regex for '\(name)'", at: colon + 1) }
        do {
            return Placeholder(name: name, type: .regex(try Regex(source, caseInsensitive: caseInsensitive)))
        } catch {
            throw PatternError("invalid regex for '\(name)': \(error.message)", at: colon + 1 + error.position)
        }
    }

    private func type(named name: String?, at offset: Int) throws(PatternError) -> ValueType {
        switch name {
        case nil, "string": return .string
        case "int": return .int
        case "float": return .float
        case "uuid": return .uuid
        case let name?:
            guard let regex = customTypes[name] else { throw PatternError("unknown type '\(name)'", at: offset + 1) }
            return .regex(regex)
        }
    }

    private func decodedLiteral(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(UInt8(ascii: "%")) else { return text }
        return PercentCoding.decodedUTF8(ArraySlice(text)) ?? text
    }

    /// `/`, the separator of slash-separated patterns.
    private static let slash = [UInt8(ascii: "/")]

    /// Whether `byte` may start something other than literal text in a segment: an escape, a
    /// placeholder, a catch-all or a stray `}` (a segment without any is a literal).
    private static func mayStartSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: "*"), UInt8(ascii: ":"): true
        default: false
        }
    }

    /// `name` and `type` of `<type:name>` or `<name>`.
    private static func angleContent(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>) -> (String, String?) {
        guard let colon = bytes[content].firstIndex(of: UInt8(ascii: ":")) else {
            return (String(decoding: bytes[content], as: UTF8.self), nil)
        }
        return (String(decoding: bytes[(colon + 1)..<content.upperBound], as: UTF8.self),
                String(decoding: bytes[content.lowerBound..<colon], as: UTF8.self))
    }

    /// The offset of the `}` that closes the `{` at `open`, skipping escaped and nested braces.
    static func closingBrace<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from open: Int, end: Int) throws(PatternError) -> Int
        where Bytes.Index == Int {
        var depth = 0
        var i = open
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 1
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        throw PatternError("unbalanced '{'", at: open)
    }

    /// Splits `bytes[start...]` on `separator` outside braces and angle brackets.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, on separator: [UInt8]) throws(PatternError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        // room for as many ranges as the separator's first byte allows: a pattern's ranges are
        // kept (`Pattern.sourceRanges`), and room for eight held half a large table's in waste
        ranges.reserveCapacity(ByteCount.occurrences(of: separator[0], in: UnsafeBufferPointer(rebasing: bytes[start...])) + 1)
        var segmentStart = start
        var i = start
        let first = separator[0], single = separator.count == 1
        while i < bytes.count {
            // the bytes up to the next that may end a segment or start syntax are passed at once
            i = ByteSearch.firstIndex(in: bytes, from: i, of: first, UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "<"), first)
            guard i < bytes.count else { break }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\\"):
                i += 2
                continue
            case UInt8(ascii: "{"):
                i = try closingBrace(bytes, from: i, end: bytes.count) + 1
                continue
            case UInt8(ascii: "<"):
                if let close = bytes[i...].firstIndex(of: UInt8(ascii: ">")) { i = close + 1; continue }
            default:
                break
            }
            if byte == first, single || bytes[i...].starts(with: separator) {
                ranges.append(segmentStart..<i)
                i += separator.count
                segmentStart = i
            } else {
                i += 1
            }
        }
        ranges.append(segmentStart..<min(i, bytes.count))
        return ranges
    }

    /// The end of `scheme` in `scheme://…`, if the pattern starts with one.
    static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, ByteClass.test(first, .alpha) else { return nil }
        var i = 1
        while i < bytes.count, ByteClass.test(bytes[i], [.alpha, .digit]) || bytes[i] == UInt8(ascii: "+")
            || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: ".") { i += 1 }
        guard bytes[i...].starts(with: "://".utf8) else { return nil }
        return i
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, [.alpha, .digit]) || byte == UInt8(ascii: "_")
    }

    /// `text` with every ASCII punctuation byte escaped for PCRE2.
    static func regexQuoted(_ text: [UInt8]) -> String {
        var out: [UInt8] = []
        for byte in text {
            if byte < 0x80, !ByteClass.test(byte, [.alpha, .digit]) { out.append(UInt8(ascii: "\\")) }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
