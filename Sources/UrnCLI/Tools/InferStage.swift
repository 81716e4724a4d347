@_spi(Records) import UrnCore
import UrnDomains

/// `urnmatch --infer` (urnmatch-tables(7) INFERRING ROUTES): feeds each record's link to a
/// `RouteInference` (with tables, only the links no route takes) and writes the inferred table
/// after the last record, instead of records. A record whose link is null (a log line with no
/// request) is counted and skipped, and so, unless `--infer-status all`, is one whose `status`
/// says the server refused it (400 or more): the table's first lines give both counts.
struct InferStage: RecordStage {
    private var inference: RouteInference
    /// The records read but not inferred from.
    private var leftOut = InferredTable.LeftOut()
    /// Where a record's HTTP status is read, when refused requests are left out.
    private let statusPath: JSONPath?
    let reader: LinkReader
    /// Reads a link as the inferred table will, where that differs from `reader`, the tables'
    /// reading (`LinkParser.readingLinks(as:)`): Express reads request targets.
    let inferenceReader: LinkReader?
    /// The tables whose links are left out (`-f`), when given.
    private(set) var matcher: Matcher?
    /// `--method`, and the field `--method-field` reads a record's method from.
    let method: String?
    let methodField: JSONPath?
    let readsRequestLines: Bool
    /// The link being read, whose storage the next record's reuses.
    private var parsed = Link()
    /// The link being read by `inferenceReader`, likewise.
    private var reread = Link()
    /// In a `--jobs` thread's copy, the links read, in order, for the stage that infers to add
    /// (`takeSummary`): threads read links, one tree takes them as one thread would.
    private var read: [Observation]?

    /// One link read in a thread: its components, origin, method and text.
    struct Observation {
        let components: [[UInt8]]
        let origin: [UInt8]?
        let method: String?
        let link: String
    }

    /// What a thread hands over: its links in order, and the records it left out.
    struct Summary {
        var observations: [Observation]
        var leftOut: InferredTable.LeftOut
    }

    init(reader: LinkReader, matcher: Matcher?, dialect: InferredTableDialect, keepsRefused: Bool, method: String?,
         methodField: JSONPath?, readsRequestLines: Bool) {
        self.reader = reader
        statusPath = keepsRefused ? nil : JSONPath(field: "status")
        let inferenceParser = reader.parser.readingLinks(as: dialect)
        inferenceReader = inferenceParser.requestTargets == reader.parser.requestTargets ? nil : LinkReader(parser: inferenceParser)
        self.matcher = matcher
        inference = RouteInference(dialect: dialect)
        // read as the tools read a URLPattern table's links: internationalized domains in ASCII
        inference.domainToASCII = IDNA.webASCII
        self.method = method
        self.methodField = methodField
        self.readsRequestLines = readsRequestLines
    }

    var fieldNames: [String] { [] }
    var writesRecords: Bool { false }
    var watchedPaths: [JSONPath] { statusPath.map { [$0] } ?? [] }

    /// Whether the link was added (false: a route of the tables takes it, or the server
    /// refused the request).
    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Bool {
        if let statusPath, case let .json(number)? = record.value(watched: 0, at: statusPath), Self.isRefusal(number) {
            leftOut.refused += 1
            return false
        }
        try reader.read(link, of: record, into: &parsed)
        let method = record.requestMethod(field: methodField, otherwise: method)
        if matcher != nil, try matcher!.firstMatch(parsed, method: method) != nil { return false }
        if let inferenceReader { try inferenceReader.read(link, of: record, into: &reread) }
        let inferred = inferenceReader == nil ? parsed : reread
        if read != nil {
            let (components, origin) = try inference.components(of: inferred)
            read!.append(Observation(components: components, origin: origin, method: method,
                                     link: String(decoding: inferred.text, as: UTF8.self)))
        } else {
            try inference.add(inferred, method: method)
        }
        return true
    }

    /// A record with no request: counted, not inferred from.
    mutating func prepare(nullLinkOf record: RecordView) throws -> Bool? {
        leftOut.withoutLink += 1
        return false
    }

    /// Whether the JSON number `text` is an HTTP status of 400 or more (a refusal: client or
    /// server error); a status that is no integer of three digits is none.
    static func isRefusal(_ text: [UInt8]) -> Bool {
        guard text.count == 3, text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return text[0] >= UInt8(ascii: "4")
    }

    func copyForThread() -> InferStage {
        var copy = self
        copy.read = []
        // the tables are shared, the matcher's scratch state is each thread's own
        copy.matcher = matcher.map(Matcher.init(sharingTablesOf:))
        return copy
    }

    mutating func takeSummary() -> Summary {
        defer {
            if read != nil { read = [] }
            leftOut = InferredTable.LeftOut()
        }
        return Summary(observations: read ?? [], leftOut: leftOut)
    }

    mutating func add(_ summary: Summary) {
        leftOut.add(summary.leftOut)
        for observation in summary.observations {
            inference.add(components: observation.components, origin: observation.origin, method: observation.method) { observation.link }
        }
    }

    func write(_ added: Bool, into json: inout JSONWriter) {}

    /// Writes the table; 1 when no link was left to infer from.
    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        var text = inference.table(leftOut: leftOut).text()
        if text.hasSuffix("\n") { text.removeLast() }
        try writer.line(text)
        return inference.linkCount > 0 ? .success : .nothingSelected
    }
}
