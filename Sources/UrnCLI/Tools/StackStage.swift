@_spi(Records) import UrnCore

/// urnstack's work on one record: the stack of its link (reusing an upstream `route`), and the
/// transition from the current stack.
struct StackStage: RecordStage {
    /// What a record gives besides the stack laid out in `layout`: the transition from the
    /// current stack.
    struct Result {
        let transition: Transition?
    }

    /// The builder, whose matcher's scratch state is this stage's own (`copyForThread`).
    private(set) var builder: StackBuilder
    let reader: LinkReader
    private(set) var schema: StackSchema
    /// The route an upstream record names, read back.
    let upstream: UpstreamRoute
    let frames: Bool
    let fromField: JSONPath?
    /// The stack of `--from`, computed once.
    var fixedFrom: [Frame]?
    /// The link being stacked, whose storage the next record's reuses.
    private var parsed = Link()
    /// What the record's link opens, in storage kept from record to record.
    private var layout = StackLayout()
    /// Whether the last link parsed needs no JSON escape (`RecordStage.linkNeedsNoEscape`).
    private(set) var linkNeedsNoEscape = false
    private var matched = 0
    /// The upstream `args` of the last record, in storage kept from record to record (the
    /// layout, cleared first, holds it no longer).
    private var upstreamArgs: [UInt8] = []

    init(builder: StackBuilder, reader: LinkReader, frames: Bool, fromField: JSONPath?, readsRequestLines: Bool) {
        self.builder = builder
        self.readsRequestLines = readsRequestLines
        self.reader = reader
        schema = StackSchema(routes: RouteSchema())
        upstream = UpstreamRoute(matcher: builder.matcher)
        self.frames = frames
        self.fromField = fromField
    }

    var fieldNames: [String] { frames ? ["frame"] : ["stack", "transition", "handler"] }
    let readsRequestLines: Bool

    /// An upstream `route`, read in the scan of each record.
    var watchedPaths: [JSONPath] { UpstreamRoute.paths }

    /// The stack of a link given as text (for `--from`).
    func stack(ofLink text: [UInt8]) throws -> [Frame] {
        try builder.stack(for: try reader.parser.parse(text))
    }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        // the last layout holds the last link's text: let it go before the storage is reused
        layout.clear()
        try reader.read(link, of: record, into: &parsed)
        linkNeedsNoEscape = parsed.textNeedsNoEscape
        try layOut(record: record)
        if !layout.isEmpty || layout.hasHandler { matched += 1 }
        var current = fixedFrom
        if let fromField, record.isJSON, let member = record.member(fromField.head) {
            guard let (range, kind) = fromField.resolve(from: member.value, kind: member.kind, step: 1, in: record.text),
                  kind == .string else { throw RecordError.fieldNotString(fromField.steps.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")) }
            current = try self.stack(ofLink: JSONString.decoded(range, in: record.text))
        } else if fromField != nil {
            current = []  // no current link: a cold start
        }
        return Result(transition: current.map { Transition(from: $0, to: layout.frames) })
    }

    /// A record whose link is `null` (a log line whose request names no target): it opens
    /// nothing, and moves no current stack.
    mutating func prepare(nullLinkOf record: RecordView) throws -> Result? {
        layout.clear()
        linkNeedsNoEscape = false
        return Result(transition: nil)
    }

    /// Lays out what the link just parsed opens, taking the top route (and its `handler`) from
    /// an upstream `route` when the record has one.
    private mutating func layOut(record: RecordView) throws {
        switch upstream.value(of: record, watchedFrom: 0) {
        case .absent:
            try builder.layOut(parsed, into: &layout)
            // Express answers 400, not 404: an error record, as urnmatch writes
            if layout.isEmpty, !layout.hasHandler { try builder.matcher.throwRefusal() }
        case .unmatched: layout.clear()
        case let .matched(top, args, handler):
            // replaced in place, in one call rather than an emptying and an append
            upstreamArgs.replaceSubrange(upstreamArgs.indices, with: UnsafeBufferPointer(rebasing: record.text[args]))
            try builder.layOut(parsed, top: top, topArgs: .json(upstreamArgs), handler: handler, into: &layout)
        }
    }

    func outputCount(_ result: Result) -> Int { frames ? layout.count : 1 }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        // every frame written (the transition pushes frames of this stack) is a slice of the link
        // just prepared, so the links are plain when it is
        schema.write(stack: layout, transition: result.transition, plainLinks: linkNeedsNoEscape, into: &json)
    }

    mutating func write(_ result: Result, output: Int, into json: inout JSONWriter) {
        guard frames else { write(result, into: &json); return }
        schema.write(frame: layout[output], depth: output, of: layout.count, plainLink: linkNeedsNoEscape, into: &json)
    }

    func settlesStatus(_ result: Result) -> Bool { !layout.isEmpty || layout.hasHandler }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        matched > 0 ? .success : .nothingSelected
    }

    /// A copy with a matcher of its own over the same compiled tables, and route encodings of
    /// its own.
    func copyForThread() -> StackStage {
        var copy = self
        copy.builder = StackBuilder(matcher: Matcher(sharingTablesOf: builder.matcher))
        copy.schema = StackSchema(routes: schema.routes.copyForThread())
        return copy
    }

    /// The records whose link opened something.
    mutating func takeSummary() -> Int {
        defer { matched = 0 }
        return matched
    }

    mutating func add(_ summary: Int) { matched += summary }
}
