@_spi(Records) import UrnCore

/// `urnmatch --verify` (urnmatch-tables(7) VERIFYING EXAMPLES): reads example records as
/// `--examples` wrote them and routes each link again. A hit passes when it lands on a route
/// with the pattern and target it was made for (its line may have moved) and the arguments of
/// its recorded `route`; a near miss, or a hit that did not land when it was made, passes when it
/// lands where the record says it landed (a route's pattern and target, or none). Prints the records that fail, with `expected`; a line
/// on stderr counts them; exit 0 when all pass, 1 when one fails, 2 when no link was checked.
struct VerifyStage: RecordStage {
    /// What one record's check found: whether it failed, and what was expected.
    struct Result {
        let failed: Bool
        /// The answer the record expects: `{"pattern","target","args"}`, or nil for none.
        let expected: Expected?
    }

    /// The route an example record expects its link to land on.
    struct Expected {
        let pattern: String
        let target: String?
        /// The recorded arguments' JSON text, when the record holds them.
        let args: [UInt8]?
    }

    /// Passed, failed and skipped (no link) records.
    struct Summary {
        var passed = 0, failed = 0, skipped = 0

        mutating func add(_ other: Summary) {
            passed += other.passed
            failed += other.failed
            skipped += other.skipped
        }
    }

    private(set) var matcher: Matcher
    let reader: LinkReader
    let readsRequestLines: Bool
    let diagnostics: Diagnostics
    private var routes = RouteSchema()
    private var parsed = Link()
    private var winner: Match?
    private var summary = Summary()

    private static let kind = JSONPath("example.kind")!
    private static let landed = JSONPath("example.landed")!
    private static let forPattern = JSONPath("example.for.pattern")!
    private static let forTarget = JSONPath("example.for.target")!
    private static let routePattern = JSONPath("route.pattern")!
    private static let routeTarget = JSONPath("route.target")!
    private static let routeArgs = JSONPath("route.args")!
    private static let method = JSONPath(field: "method")

    init(matcher: Matcher, reader: LinkReader, readsRequestLines: Bool, diagnostics: Diagnostics) {
        self.matcher = matcher
        self.reader = reader
        self.readsRequestLines = readsRequestLines
        self.diagnostics = diagnostics
    }

    var fieldNames: [String] { ["route", "expected"] }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        guard record.isJSON, case let .string(kind)? = record.value(at: Self.kind) else { throw NotAnExample() }
        try reader.read(link, of: record, into: &parsed)
        if winner != nil { winner = nil }
        winner = try matcher.firstMatch(parsed, method: record.requestMethod(field: Self.method, otherwise: nil))
        let expected: Expected?
        // a hit that did not land when it was made (its route is shadowed) is held to where it
        // landed, as a near miss is
        if kind == Array("hit".utf8), record.value(at: Self.landed).map({ if case .json(Array("false".utf8)) = $0 { false } else { true } }) ?? true {
            guard case let .string(pattern)? = record.value(at: Self.forPattern) else { throw NotAnExample() }
            expected = Expected(pattern: String(decoding: pattern, as: UTF8.self), target: Self.text(record, Self.forTarget),
                                args: Self.json(record, Self.routeArgs))
        } else if case let .string(pattern)? = record.value(at: Self.routePattern) {
            expected = Expected(pattern: String(decoding: pattern, as: UTF8.self), target: Self.text(record, Self.routeTarget), args: nil)
        } else {
            expected = nil
        }
        let failed = !lands(on: expected)
        if failed { summary.failed += 1 } else { summary.passed += 1 }
        return Result(failed: failed, expected: expected)
    }

    /// A record with no link: counted as skipped.
    mutating func prepare(nullLinkOf record: RecordView) throws -> Result? {
        summary.skipped += 1
        return Result(failed: false, expected: nil)
    }

    /// Whether the link just routed landed where `expected` says.
    private func lands(on expected: Expected?) -> Bool {
        guard let expected else { return winner == nil }
        guard let winner, winner.route.pattern.text == expected.pattern, winner.route.target == expected.target else { return false }
        guard let recorded = expected.args else { return true }
        // both sides are urnmatch's JSON text of the arguments, so equal answers are equal bytes
        var args = JSONWriter(capacity: 256)
        ArgumentsSchema.write(winner.args, into: &args)
        return args.withSpan { span in span.withUnsafeBufferPointer { $0.elementsEqual(recorded) } }
    }

    /// The string at `path`, nil when missing or null.
    private static func text(_ record: RecordView, _ path: JSONPath) -> String? {
        if case let .string(bytes)? = record.value(at: path) { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    /// The JSON text of the value at `path`, nil when missing, null or a string.
    private static func json(_ record: RecordView, _ path: JSONPath) -> [UInt8]? {
        if case let .json(bytes)? = record.value(at: path) { return bytes }
        return nil
    }

    mutating func selects(_ result: Result) -> Bool { result.failed }

    func write(_ result: Result, into json: inout JSONWriter) {
        json.key("route")
        if let winner { routes.write(winner, into: &json) } else { json.null() }
        json.key("expected")
        guard let expected = result.expected else { return json.null() }
        json.beginObject()
        json.key("pattern")
        json.string(expected.pattern)
        json.key("target")
        if let target = expected.target { json.string(target) } else { json.null() }
        if let args = expected.args {
            json.key("args")
            json.rawValue(args)
        }
        json.endObject()
    }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        diagnostics.note("verify: \(summary.passed) passed, \(summary.failed) failed, \(summary.skipped) skipped (no link)")
        // a CI job whose list is empty, or holds no link, has proved nothing: it must not pass
        guard summary.passed + summary.failed > 0 else {
            diagnostics.error("verify: no example link was checked: give the records urnmatch --examples wrote")
            return .failure
        }
        return summary.failed > 0 ? .nothingSelected : .success
    }

    func copyForThread() -> VerifyStage {
        var copy = self
        copy.matcher = Matcher(sharingTablesOf: matcher)
        copy.routes = routes.copyForThread()
        return copy
    }

    mutating func takeSummary() -> Summary {
        defer { summary = Summary() }
        return summary
    }

    mutating func add(_ other: Summary) { summary.add(other) }
}

/// A record `--verify` cannot check: it is no example record (`--examples` writes `example`,
/// with `kind` and, for a hit, `for.pattern`).
struct NotAnExample: CodedError {
    var code: String { "not-an-example" }
    var message: String { "the record is no example record as urnmatch --examples writes them ('example.kind', and 'example.for.pattern' for a hit)" }
    var offset: Int? { nil }
}
