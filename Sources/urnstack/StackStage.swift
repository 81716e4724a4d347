import UrnCLI
import UrnCore

/// urnstack's work on one record: the stack of its link (reusing an upstream `route`), and the
/// transition from the current stack.
struct StackStage: RecordStage {
    struct Result {
        let frames: [Frame]
        let transition: Transition?
        /// The WAAppRouting block handler that runs too.
        let handler: Frame?
    }

    let builder: StackBuilder
    let reader: LinkReader
    let schema: StackSchema
    let frames: Bool
    let fromField: JSONPath?
    /// The stack of `--from`, computed once.
    var fixedFrom: [Frame]?
    /// The link being stacked, whose storage the next record's reuses.
    private var parsed = Link()
    /// Whether the last link parsed needs no JSON escape (`RecordStage.linkIsPlain`).
    private(set) var linkIsPlain = false
    /// The frames of the last record once written, whose storage the next stack reuses.
    private var frameStorage: [Frame] = []
    private var matched = 0

    init(builder: StackBuilder, reader: LinkReader, frames: Bool, fromField: JSONPath?) {
        self.builder = builder
        self.reader = reader
        schema = StackSchema(routes: RouteSchema(matcher: builder.matcher))
        self.frames = frames
        self.fromField = fromField
    }

    var fieldNames: [String] { frames ? ["frame"] : ["stack", "transition", "handler"] }

    /// The stack of a link given as text (for `--from`).
    func stack(ofLink text: [UInt8]) throws -> [Frame] {
        try builder.stack(for: try reader.parser.parse(text))
    }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        // the last frames hold slices of the last link's text and the matcher's argument
        // storage: let them go before both are reused
        frameStorage.removeAllShort()
        try reader.read(link, of: record, into: &parsed)
        linkIsPlain = parsed.textIsPlain
        let (stack, handler) = try opening(of: parsed, record: record)
        if !stack.isEmpty || handler != nil { matched += 1 }
        var current = fixedFrom
        if let fromField, record.isJSON, let member = record.member(fromField.head) {
            guard let (range, kind) = fromField.resolve(from: member.value, kind: member.kind, step: 1, in: record.text),
                  kind == .string else { throw RecordError.fieldNotString(fromField.steps.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")) }
            current = try self.stack(ofLink: JSONString.decoded(range, in: record.text))
        } else if fromField != nil {
            current = []  // no current link: a cold start
        }
        return Result(frames: stack, transition: current.map { Transition(from: $0, to: stack) }, handler: handler)
    }

    /// The stack and block handler, taking the top route (and its `handler`) from an upstream
    /// `route` when the record has one.
    private mutating func opening(of link: Link, record: RecordView) throws -> (frames: [Frame], handler: Frame?) {
        switch schema.routes.upstream(of: record, matcher: builder.matcher) {
        case .absent: return try builder.opening(for: link, reusing: &frameStorage)
        case .unmatched: return ([], nil)
        case let .matched(top, args, handler): return try builder.opening(for: link, top: top, topArgs: .json(args), handler: handler)
        }
    }

    func outputCount(_ result: Result) -> Int { frames ? result.frames.count : 1 }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        // every frame written (the transition pushes frames of this stack) is a slice of the link
        // just prepared, so the links are plain when it is
        schema.write(stack: result.frames, transition: result.transition, handler: result.handler,
                     plainLinks: linkIsPlain, into: &json)
        keepStorage(of: result.frames)
    }

    mutating func write(_ result: Result, output: Int, into json: inout JSONWriter) {
        guard frames else { write(result, into: &json); return }
        schema.write(frame: result.frames[output], depth: output, of: result.frames.count, plainLink: linkIsPlain, into: &json)
        keepStorage(of: result.frames)
    }

    /// Keeps the storage of a record's frames for the next record's stack, once this result is
    /// gone. An empty stack was never built in it (no route took the link), so the storage kept
    /// already stays.
    private mutating func keepStorage(of frames: [Frame]) {
        if !frames.isEmpty { frameStorage = frames }
    }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        matched > 0 ? .success : .nothingSelected
    }
}
