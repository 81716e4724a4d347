/// A route pattern compiled from any of the syntaxes of urn-patterns(7) into one form: an optional scheme
/// and host, and a list of segment matchers.
///
/// What most patterns leave empty (a scheme, a host, warnings, optional segments, an Express
/// regex) is kept in one `Extras` that such patterns do not have: each reference a pattern holds
/// is counted every time it is copied, and a table copies each of its patterns.
@_spi(Records) public struct Pattern: Sendable {
    /// The pattern as written.
    @_spi(Records) public let text: String
    /// The required scheme, lower case (`myapp` of `myapp://user/<int:id>`).
    @_spi(Records) public var scheme: [UInt8]? { extras?.scheme }
    /// The scheme as written, for dialects that compare it exactly.
    @_spi(Records) public var schemeAsWritten: [UInt8]? { extras?.schemeAsWritten }
    /// The required host, lower case, for http(s)-like schemes in the `urn` dialect.
    @_spi(Records) public var host: [UInt8]? { extras?.host }
    /// The segments, in order.
    @_spi(Records) public let segments: [Segment]
    /// Where each segment is written in `text` (UTF-8 offsets), so that reverse routing keeps
    /// everything between and around them as written: scheme, host, separators, a trailing `/`.
    @_spi(Records) public let sourceRanges: [Range<Int>]
    /// The segments were split on `/` (else on the delimiter).
    @_spi(Records) public let slashSeparated: Bool
    /// The number of literal segments.
    @_spi(Records) public let literalCount: Int
    /// The number of literals that rank the pattern (precedence rule 1): its literal segments,
    /// or in the navigator dialect the plain components of the pattern as written, query and
    /// fragment included, as URLNavigator counts them (URLMatcher.swift:170–175).
    @_spi(Records) public let rankLiteralCount: Int
    /// The number of catch-all segments (precedence rule 3).
    @_spi(Records) public let catchAllCount: Int
    /// Where the arguments of a pattern made only of literals, `*` and untyped placeholders come
    /// from (`applies` false for any other pattern). Such a pattern's arguments are its
    /// components as they are, with nothing to test. Not optional, so that matching reads it in
    /// place: binding an optional copied its arrays, two reference counts a link on patterns
    /// that `--jobs` workers share.
    let untypedPlaceholders: UntypedPlaceholders
    /// The pattern also takes links with more components than it has segments (URLNavigator's
    /// `<path:p>`, which does not stop the later segments being compared by position).
    @_spi(Records) public let openEnded: Bool
    /// What `--check` should say about the pattern although it loads (an unknown URLNavigator type).
    @_spi(Records) public var warnings: [PatternWarning] { extras?.warnings ?? [] }
    /// The segments a link may leave out, each with its `/` (Express's `:name?`).
    @_spi(Records) public var optionalSegments: [Int] { extras?.optionalSegments ?? [] }
    /// An Express path that only its regex can match (then `segments` is empty).
    package var express: ExpressRegex? { extras?.express }
    /// A URLPattern, which `exec()` matches (then `segments` is empty).
    package var urlPattern: URLPattern? { extras?.urlPattern }
    /// The parts most patterns do not have; nil when they have none of them.
    private let extras: Extras?

    /// A scheme, a host, warnings, optional segments, an Express regex: what a pattern has
    /// beside its segments, when it has any of them.
    private final class Extras: Sendable {
        let scheme: [UInt8]?
        let schemeAsWritten: [UInt8]?
        let host: [UInt8]?
        let warnings: [PatternWarning]
        let optionalSegments: [Int]
        let express: ExpressRegex?
        let urlPattern: URLPattern?
        /// `variants` for a pattern with optional segments, empty for the others.
        let optionalVariants: [[Segment]]

        init(scheme: [UInt8]?, schemeAsWritten: [UInt8]?, host: [UInt8]?, warnings: [PatternWarning], optionalSegments: [Int],
             express: ExpressRegex?, urlPattern: URLPattern?, optionalVariants: [[Segment]]) {
            self.scheme = scheme
            self.schemeAsWritten = schemeAsWritten
            self.host = host
            self.warnings = warnings
            self.optionalSegments = optionalSegments
            self.express = express
            self.urlPattern = urlPattern
            self.optionalVariants = optionalVariants
        }
    }

    /// A pattern from its parts.
    package init(text: String, scheme: [UInt8]?, schemeAsWritten: [UInt8]?, host: [UInt8]?, segments: [Segment],
                sourceRanges: [Range<Int>], slashSeparated: Bool, openEnded: Bool = false, warnings: [PatternWarning] = [],
                optionalSegments: [Int] = [], express: ExpressRegex? = nil, urlPattern: URLPattern? = nil, rankLiteralCount: Int? = nil,
                sharingPlaceholdersOf previous: UntypedPlaceholders? = nil) {
        precondition(sourceRanges.count == segments.count, "one source range a segment")
        self.text = text
        self.segments = segments
        self.sourceRanges = sourceRanges
        self.slashSeparated = slashSeparated
        self.openEnded = openEnded
        if scheme == nil, schemeAsWritten == nil, host == nil, warnings.isEmpty, optionalSegments.isEmpty, express == nil, urlPattern == nil {
            extras = nil
        } else {
            extras = Extras(scheme: scheme, schemeAsWritten: schemeAsWritten, host: host, warnings: warnings,
                            optionalSegments: optionalSegments, express: express, urlPattern: urlPattern,
                            optionalVariants: optionalSegments.isEmpty ? [] : Self.variants(of: segments, optional: optionalSegments))
        }
        var literalCount = 0
        var catchAllCount = 0
        for segment in segments {
            if segment.isLiteral { literalCount += 1 } else if segment.isCatchAll { catchAllCount += 1 }
        }
        self.literalCount = literalCount
        self.rankLiteralCount = rankLiteralCount ?? literalCount
        self.catchAllCount = catchAllCount
        // a table's routes come in runs of one shape (`/repos/:owner/:repo/…`): a list equal to
        // the previous route's is shared, where building it was an allocation a route
        if let previous, previous.isList(of: segments) {
            untypedPlaceholders = previous
        } else {
            untypedPlaceholders = Self.untypedPlaceholders(of: segments)
        }
    }

    /// The names of the placeholders, in order.
    @_spi(Records) public var placeholderNames: [String] { segments.flatMap(\.placeholderNames) }

    /// The placeholders of `segments` by index, which apply only when every segment is a
    /// literal, `*` or an untyped placeholder.
    private static func untypedPlaceholders(of segments: [Segment]) -> UntypedPlaceholders {
        var found = UntypedPlaceholders()
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal, .wildcard: continue
            case let .placeholder(placeholder) where placeholder.type.isPlain:
                found.slots.append((index, found.names.count..<(found.names.count + placeholder.nameBytes.count)))
                // a lone name is the placeholder's own bytes, shared rather than copied
                if found.names.isEmpty { found.names = placeholder.nameBytes } else { found.names += placeholder.nameBytes }
            default: return UntypedPlaceholders()
            }
        }
        found.applies = true
        found.namesArePlain = found.names.withUnsafeBufferPointer { names in
            names.isEmpty || EscapeFreeRun.end(names.baseAddress!, from: 0, to: names.count) == names.count
        }
        return found
    }

    /// The segment lists a link may match: the segments, and without each subset of the
    /// optional ones (Express's `/topic/:id/:slug?` is `/topic/:id/:slug` and `/topic/:id`).
    @_spi(Records) public var variants: [[Segment]] {
        guard let variants = extras?.optionalVariants, !variants.isEmpty else { return [segments] }
        return variants
    }

    /// Calls `body` with each of `variants` in order until it returns false (whether to go
    /// on), without making a list of them when the pattern has no optional segment.
    @_spi(Records) public func forEachVariant<Failure: Error>(_ body: ([Segment]) throws(Failure) -> Bool) throws(Failure) {
        guard let variants = extras?.optionalVariants, !variants.isEmpty else {
            _ = try body(segments)
            return
        }
        for variant in variants where !(try body(variant)) { return }
    }

    /// `segments` without each subset of the segments at `optional`.
    private static func variants(of segments: [Segment], optional: [Int]) -> [[Segment]] {
        var variants = [segments]
        for index in optional.reversed() {
            variants += variants.map { variant in
                var shorter = variant
                shorter.remove(at: index)
                return shorter
            }
        }
        return variants
    }
}

/// One segment of a pattern.
@_spi(Records) public enum Segment: Sendable {
    /// Literal text, percent-decoded.
    case literal([UInt8])
    /// A whole-segment placeholder.
    case placeholder(Placeholder)
    /// Literal text and placeholders sharing one segment, matched by one regex.
    indirect case composite(Composite)
    /// `*` in the middle: one segment, not captured.
    case wildcard
    /// One or more segments to the end: `*`, `*name`, `<path:name>`.
    case catchAll(name: String?)

    /// Whether this is a literal segment.
    @_spi(Records) public var isLiteral: Bool { if case .literal = self { return true } else { return false } }
    /// Whether this is a catch-all.
    @_spi(Records) public var isCatchAll: Bool { if case .catchAll = self { return true } else { return false } }

    /// The precedence class of rule 2 of urn-patterns(7) PRECEDENCE: literal 0, typed or regex 1, plain 2, catch-all 3.
    @_spi(Records) public var rank: Int {
        switch self {
        case .literal: return 0
        case let .placeholder(p): return p.type.isPlain ? 2 : 1
        case .composite: return 1
        case .wildcard: return 2
        case .catchAll: return 3
        }
    }

    /// Whether this segment captures a placeholder named `name`.
    @_spi(Records) public func captures(_ name: String) -> Bool {
        switch self {
        case let .placeholder(p): p.name == name
        case let .composite(c): c.placeholders.contains { $0.name == name }
        case let .catchAll(captured): captured == name
        case .literal, .wildcard: false
        }
    }

    /// The placeholder names this segment captures.
    @_spi(Records) public var placeholderNames: [String] {
        switch self {
        case let .placeholder(p): return [p.name]
        case let .composite(c): return c.placeholders.map(\.name)
        case let .catchAll(name): return name.map { [$0] } ?? []
        case .literal, .wildcard: return []
        }
    }
}

/// A named placeholder and the type its value must have. A class, so that matching passes a
/// reference around instead of copying its name, bytes and type.
@_spi(Records) public final class Placeholder: Sendable {
    /// The name, the key of its argument.
    @_spi(Records) public let name: String
    /// The name's UTF-8 bytes, kept so that matching does not make them for every link.
    @_spi(Records) public let nameBytes: [UInt8]
    /// The type or constraint.
    @_spi(Records) public let type: ValueType

    /// A placeholder.
    @_spi(Records) public init(name: String, type: ValueType) {
        self.name = name
        self.nameBytes = Array(name.utf8)
        self.type = type
    }

    /// A placeholder named by the UTF-8 bytes `nameBytes` (a table's 100,000 names are read
    /// without going through their strings' views).
    init(nameBytes: [UInt8], type: ValueType) {
        self.name = String(decoding: nameBytes, as: UTF8.self)
        self.nameBytes = nameBytes
        self.type = type
    }
}

/// Literal text and placeholders in one segment (`{file}.{ext:png|jpg}`, `user-<int:id>`).
@_spi(Records) public struct Composite: Sendable {
    /// A piece of the segment, in order: literal text (decoded) or a placeholder.
    @_spi(Records) public enum Part: Sendable {
        case literal([UInt8])
        case placeholder(Placeholder)
    }

    /// The pieces, in order (for building links back).
    @_spi(Records) public let parts: [Part]
    /// The placeholders, in order.
    @_spi(Records) public let placeholders: [Placeholder]
    /// The regex matching the whole segment.
    @_spi(Records) public let regex: Regex
    /// For each placeholder, the index of its capturing group in `regex` (0-based).
    @_spi(Records) public let groups: [Int]
    /// The segment as written, the key that merges equal composites in the trie.
    @_spi(Records) public let source: String

    /// The literal text before the first placeholder (empty when the segment starts with one).
    var literalStart: [UInt8] {
        guard case let .literal(text)? = parts.first else { return [] }
        return text
    }

    /// The literal text after the last placeholder (empty when the segment ends with one).
    var literalEnd: [UInt8] {
        guard case let .literal(text)? = parts.last else { return [] }
        return text
    }
}

/// The placeholders of a pattern made only of literals, `*` and untyped placeholders: each
/// one's segment index and name, in order, the names in one array (read once an argument list,
/// not once a name).
package struct UntypedPlaceholders: Sendable {
    /// The pattern is made only of literals, `*` and untyped placeholders; else the lists are empty.
    var applies = false
    /// Each placeholder's segment index and where its name lies in `names`.
    var slots: [(index: Int, name: Range<Int>)] = []
    /// The names, one after another.
    var names: [UInt8] = []
    /// Every name is written in JSON as it is (printable ASCII other than `"` and `\`).
    var namesArePlain = false
}

extension UntypedPlaceholders {
    /// Whether this is the list `Pattern` builds for `segments`, which can then share it: the
    /// same untyped placeholders, named the same, at the same indices, and nothing typed.
    func isList(of segments: [Segment]) -> Bool {
        guard applies else { return false }
        var count = 0
        var nameEnd = 0
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal, .wildcard: continue
            case let .placeholder(placeholder) where placeholder.type.isPlain:
                let name = nameEnd..<(nameEnd + placeholder.nameBytes.count)
                guard count < slots.count, slots[count].index == index, slots[count].name == name,
                      names[name].elementsEqual(placeholder.nameBytes) else { return false }
                nameEnd = name.upperBound
                count += 1
            default: return false
            }
        }
        return count == slots.count
    }
}
