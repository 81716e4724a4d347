/// Reverse routing (`urnfmt --link`): builds a concrete link from a pattern of any syntax of urn-patterns(7)
/// and argument values, percent-encoding each value for its place and checking typed and regex
/// placeholders. A query after `?` may hold `{name}` placeholders too (`/search?q={q}`).
@_spi(Records) public final class LinkBuilder: Sendable {
    /// Why a link could not be built; it names the placeholder.
    @_spi(Records) public enum BuildError: CodedError, Equatable {
        case missing(String)
        case invalid(String, value: String, wanted: String)
        case unbuildable(String)

        @_spi(Records) public var code: String {
            switch self {
            case .missing: return "missing-arg"
            case .invalid: return "invalid-arg"
            case .unbuildable: return "unbuildable"
            }
        }

        @_spi(Records) public var message: String {
            switch self {
            case let .missing(name): return "no value for placeholder '\(name)'"
            case let .invalid(name, value, wanted): return "placeholder '\(name)' needs \(wanted), not '\(value)'"
            case let .unbuildable(why): return "cannot build a link through \(why)"
            }
        }

        @_spi(Records) public var offset: Int? { nil }
    }

    /// The pattern of the path part.
    @_spi(Records) public let pattern: Pattern
    /// The pattern's text, whose bytes outside the segments a link keeps as written.
    private let source: [UInt8]
    /// The delimiter of delimiter-split patterns.
    @_spi(Records) public let delimiter: [UInt8]
    private let query: [QueryPiece]?

    private enum QueryPiece: Sendable {
        case text([UInt8])
        case value(String)
    }

    /// Whether the `?` at `index` of an Express template starts its query: `NAME=` follows it
    /// and no backslash escapes it.
    private static func startsExpressQuery(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index == 0 || bytes[index - 1] != UInt8(ascii: "\\") else { return false }
        let name = bytes[(index + 1)...].prefix { ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        return !name.isEmpty && name.endIndex < bytes.count && bytes[name.endIndex] == UInt8(ascii: "=")
    }

    /// Whether `bytes` ends with a whole `/`-separated segment `:name`.
    private static func endsWithColonPlaceholder(_ bytes: ArraySlice<UInt8>) -> Bool {
        let segment = bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? (bytes.startIndex - 1)) + 1)...]
        guard segment.count > 1, segment.first == UInt8(ascii: ":") else { return false }
        return segment.dropFirst().allSatisfy(PatternParser.isNameByte)
    }

    /// A builder for `text`, compiled with `parser`.
    @_spi(Records) public init(_ text: String, parser: PatternParser) throws(PatternError) {
        let bytes = Array(text.utf8)
        var queryStart: Int?
        var depth = 0
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: "}") { depth -= 1 }
            guard byte == UInt8(ascii: "?"), depth == 0 else { continue }
            // in an Express path `?` is syntax (`:slug?`, `/?`, `ab?c`): there the query starts
            // at a `?` that `NAME=` follows, and `\?` is never one
            if parser.dialect == .express, !Self.startsExpressQuery(bytes, at: i) { continue }
            queryStart = i
            break
        }
        if let queryStart, Self.endsWithColonPlaceholder(bytes[..<queryStart]) {
            // `:slug?` is Express's optional placeholder, not a query: refused as urnmatch refuses it
            _ = try parser.parse(text)
        }
        pattern = try parser.parse(String(decoding: bytes[..<(queryStart ?? bytes.count)], as: UTF8.self))
        source = Array(pattern.text.utf8)
        delimiter = parser.delimiter
        if let queryStart {
            var pieces: [QueryPiece] = []
            var i = queryStart + 1
            var literal: [UInt8] = []
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "{") {
                    let close = try PatternParser.closingBrace(bytes, from: i, end: bytes.count)
                    if !literal.isEmpty { pieces.append(.text(literal)); literal = [] }
                    pieces.append(.value(String(decoding: bytes[(i + 1)..<close], as: UTF8.self)))
                    i = close + 1
                } else {
                    literal.append(bytes[i])
                    i += 1
                }
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            query = pieces
        } else {
            query = nil
        }
    }

    /// A builder for a pattern already compiled (a route's), without a query; `delimiter`
    /// splits its delimiter-split segments.
    init(pattern: Pattern, delimiter: [UInt8]) {
        self.pattern = pattern
        source = Array(pattern.text.utf8)
        self.delimiter = delimiter
        query = nil
    }

    /// The names of the placeholders, each once, in the order they are written.
    @_spi(Records) public var names: [String] {
        if let urlPattern = pattern.urlPattern { return urlPattern.groupNames }
        var names: [String] = []
        func add(_ name: String?) { if let name, !names.contains(name) { names.append(name) } }
        for segment in pattern.segments {
            switch segment {
            case let .placeholder(placeholder): add(placeholder.name)
            case let .composite(composite):
                for case let .placeholder(placeholder) in composite.parts { add(placeholder.name) }
            case let .catchAll(name): add(name)
            case .literal, .wildcard: break
            }
        }
        for case let .value(name) in query ?? [] { add(name) }
        return names
    }

    /// The link, with `value(name)` giving each placeholder's value (nil when there is none).
    /// Everything of the pattern outside its segments (scheme, host, separators, a trailing `/`)
    /// is kept as written.
    /// How literal segments are written in a built link.
    enum LiteralSpelling {
        /// As the pattern writes them when a link can hold that, else percent-encoded.
        case valid
        /// As the pattern writes them, whatever they hold.
        case asWritten
        /// Percent-encoded wherever a link needs it, `%` included.
        case percentEncoded
    }

    /// With `unnamed`, a `*` (a wildcard or a catch-all without a name) takes that value
    /// rather than making the link unbuildable.
    @_spi(Records) public func build(_ value: (String) -> String?, unnamed: String? = nil) throws(BuildError) -> [UInt8] {
        try build(value, unnamed: unnamed, literals: .valid)
    }

    /// The link, with literals written as `literals` says (`build(_:unnamed:)`).
    func build(_ value: (String) -> String?, unnamed: String?, literals: LiteralSpelling) throws(BuildError) -> [UInt8] {
        if pattern.express != nil { throw .unbuildable("an Express path that only its regex can read (a regex has no values to fill in)") }
        if let urlPattern = pattern.urlPattern {
            do {
                return Array(try urlPattern.link(value).utf8)
            } catch {
                throw .unbuildable("a URLPattern: \(error.message)")
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 32)
        var written = 0
        for (index, (segment, range)) in zip(pattern.segments, pattern.sourceRanges).enumerated() {
            if pattern.optionalSegments.contains(index), case let .placeholder(placeholder) = segment,
               value(placeholder.name)?.isEmpty ?? true {
                // an optional Express segment without a value is left out with the `/` before it
                written = range.upperBound
                continue
            }
            out += source[written..<range.lowerBound]
            try append(segment, written: source[range], value, unnamed: unnamed, literals: literals, into: &out)
            written = range.upperBound
        }
        out += source[written...]
        if let query {
            out.append(UInt8(ascii: "?"))
            for piece in query {
                switch piece {
                case let .text(text): out += text
                case let .value(name):
                    guard let given = value(name) else { throw .missing(name) }
                    PercentCoding.encode(given.utf8, keeping: Self.keepsInQuery, into: &out)
                }
            }
        }
        return out
    }

    private func append(_ segment: Segment, written: ArraySlice<UInt8>, _ value: (String) -> String?, unnamed: String?,
                        literals: LiteralSpelling, into out: inout [UInt8]) throws(BuildError) {
        let keep = pattern.slashSeparated ? Self.keepsInSegment : keepsInName
        switch segment {
        case let .literal(text):
            // as written when a link can hold it (`%20` stays), else the literal encoded (`a\{b`, `a b`)
            // (a waap `/` component is the separator itself: NSString.pathComponents)
            let slash = pattern.slashSeparated && written.elementsEqual([UInt8(ascii: "/")])
            switch literals {
            case _ where slash, .asWritten: out += written
            case .valid where Self.isValid(written, keeping: keep): out += written
            case .valid: PercentCoding.encode(text, keeping: keep, into: &out)
            case .percentEncoded: PercentCoding.encode(written, keeping: keep, into: &out)
            }
        case let .placeholder(placeholder):
            PercentCoding.encode(try checked(placeholder, value).utf8, keeping: keep, into: &out)
        case let .composite(composite):
            for part in composite.parts {
                switch part {
                case let .literal(text): PercentCoding.encode(text, keeping: keep, into: &out)
                case let .placeholder(placeholder):
                    PercentCoding.encode(try checked(placeholder, value).utf8, keeping: keep, into: &out)
                }
            }
        case .wildcard:
            guard let unnamed else { throw .unbuildable("'*': it has no name to take a value from") }
            PercentCoding.encode(unnamed.utf8, keeping: keep, into: &out)
        case let .catchAll(name):
            let given: String?
            if let name {
                given = value(name)
            } else if let unnamed {
                given = unnamed
            } else {
                throw .unbuildable("a catch-all '*': it has no name to take a value from")
            }
            guard let given, !given.isEmpty else { throw .missing(name ?? "*") }
            // a catch-all value keeps its own '/' (or delimiter) between segments
            let separator: [UInt8] = pattern.slashSeparated ? [UInt8(ascii: "/")] : delimiter
            let pieces = Link.splitBytes(Array(given.utf8), on: separator)
            for (i, piece) in pieces.enumerated() {
                if i > 0 { out += separator }
                PercentCoding.encode(piece, keeping: keep, into: &out)
            }
        }
    }

    /// Whether every byte of `text` is kept by `keep` or is part of a valid `%XX`.
    private static func isValid(_ text: ArraySlice<UInt8>, keeping keep: (UInt8) -> Bool) -> Bool {
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == UInt8(ascii: "%") {
                guard i + 2 < text.endIndex, ByteClass.test(text[i + 1], .hex), ByteClass.test(text[i + 2], .hex) else { return false }
                i += 3
            } else {
                guard keep(text[i]) || text[i] >= 0x80 else { return false }
                i += 1
            }
        }
        return true
    }

    /// The value of `placeholder`, checked against its type.
    private func checked(_ placeholder: Placeholder, _ value: (String) -> String?) throws(BuildError) -> String {
        guard var given = value(placeholder.name), !given.isEmpty else { throw .missing(placeholder.name) }
        let valid: Bool
        do {
            // tested where the value lies: an array of it was an allocation a placeholder
            valid = try given.withUTF8 { try placeholder.type.accepts($0, singlePrecision: false) }
        } catch {
            throw .invalid(placeholder.name, value: given, wanted: "a value its regex can decide")
        }
        guard valid else { throw .invalid(placeholder.name, value: given, wanted: Self.describe(placeholder.type)) }
        return given
    }

    private static func describe(_ type: ValueType) -> String {
        switch type {
        case .string: return "a value"
        case .int: return "an int"
        case .float: return "a number"
        case .uuid: return "a UUID"
        case let .regex(regex): return "a value matching /\(regex.source)/"
        }
    }

    /// pchar without '%': unreserved, sub-delims, ':' and '@'; other bytes are encoded.
    static func keepsInSegment(_ byte: UInt8) -> Bool { ByteClass.test(byte, .pchar) }

    /// In a path: pchar and `/`.
    static func keepsInPath(_ byte: UInt8) -> Bool { ByteClass.test(byte, .pchar) || byte == UInt8(ascii: "/") }

    /// In a Compass name, as Compass's encoder does: path characters stay (`/` too), the
    /// delimiter's bytes are encoded.
    private func keepsInName(_ byte: UInt8) -> Bool {
        (ByteClass.test(byte, .pchar) || byte == UInt8(ascii: "/")) && !delimiter.contains(byte)
    }

    /// In a query value: unreserved and the sub-delims that do not separate parameters.
    static func keepsInQuery(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, [.unreserved, .pcharExtra]) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
            || (ByteClass.test(byte, .subDelim) && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "+"))
    }
}
