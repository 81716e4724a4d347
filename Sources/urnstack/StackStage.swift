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
    let frames: Bool
    let fromField: JSONPath?
    /// The stack of `--from`, computed once.
    var fixedFrom: [Frame]?
    private var matched = 0

    init(builder: StackBuilder, reader: LinkReader, frames: Bool, fromField: JSONPath?) {
        self.builder = builder
        self.reader = reader
        self.frames = frames
        self.fromField = fromField
    }

    var fieldNames: [String] { frames ? ["frame"] : ["stack", "transition", "handler"] }

    /// The stack of a link given as text (for `--from`).
    func stack(ofLink text: [UInt8]) throws -> [Frame] {
        try builder.stack(for: try reader.parser.parse(text))
    }

    mutating func prepare(link: UnsafeBufferPointer<UInt8>, record: RecordView) throws -> Result {
        let parsed = try reader.read(link, of: record)
        let (stack, handler) = try opening(of: parsed, record: record)
        if !stack.isEmpty || handler != nil { matched += 1 }
        var current = fixedFrom
        if let fromField, record.isJSON, let member = record.member(String(decoding: fromField.head, as: UTF8.self)) {
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
    private func opening(of link: Link, record: RecordView) throws -> (frames: [Frame], handler: Frame?) {
        guard record.isJSON, let route = record.member("route") else { return try builder.opening(for: link) }
        if route.kind == .null { return ([], nil) }
        guard route.kind == .object, let top = upstreamRoute(route.value, in: record.text),
              let args = JSONScanner.member(named: Array("args".utf8), of: route.value, in: record.text), args.kind == .object
        else { return try builder.opening(for: link) }
        let handler = JSONScanner.member(named: Array("handler".utf8), of: route.value, in: record.text)
            .flatMap { $0.kind == .object ? upstreamRoute($0.value, in: record.text) : nil }
        return try builder.opening(for: link, top: top, topArgs: .json(Array(record.text[args.value])), handler: handler)
    }

    /// The table's route that an upstream object `{"pattern","table","line",…}` names, if any.
    private func upstreamRoute(_ object: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Route? {
        func member(_ name: String) -> JSONMember? { JSONScanner.member(named: Array(name.utf8), of: object, in: text) }
        guard let pattern = member("pattern"), pattern.kind == .string,
              let table = member("table"), table.kind == .string,
              let line = member("line"), line.kind == .number, let lineNumber = Int(String(decoding: text[line.value], as: UTF8.self))
        else { return nil }
        return builder.matcher.route(table: String(decoding: JSONString.decoded(table.value, in: text), as: UTF8.self),
                                     line: lineNumber,
                                     pattern: String(decoding: JSONString.decoded(pattern.value, in: text), as: UTF8.self))
    }

    func outputCount(_ result: Result) -> Int { frames ? result.frames.count : 1 }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        json.key("stack")
        json.beginArray()
        for frame in result.frames { frame.write(into: &json) }
        json.endArray()
        if let transition = result.transition {
            json.key("transition")
            transition.write(into: &json)
        }
        if let handler = result.handler {
            json.key("handler")
            handler.write(into: &json)
        }
    }

    mutating func write(_ result: Result, output: Int, into json: inout JSONWriter) {
        guard frames else { write(result, into: &json); return }
        json.key("frame")
        result.frames[output].write(into: &json, depth: output, of: result.frames.count)
    }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        matched > 0 ? .success : .nothingSelected
    }
}
