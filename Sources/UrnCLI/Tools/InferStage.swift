@_spi(Records) import UrnCore

/// `urnmatch --infer` (urnmatch-tables(7) INFERRING ROUTES): feeds each record's link to a
/// `RouteInference` (with tables, only the links no route takes) and writes the inferred table
/// after the last record, instead of records.
struct InferStage: RecordStage {
    private var inference: RouteInference
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

    /// One link read in a thread: its components, method and text.
    struct Observation {
        let components: [[UInt8]]
        let method: String?
        let link: String
    }

    init(reader: LinkReader, matcher: Matcher?, dialect: InferredTableDialect, method: String?, methodField: JSONPath?,
         readsRequestLines: Bool) {
        self.reader = reader
        let inferenceParser = reader.parser.readingLinks(as: dialect)
        inferenceReader = inferenceParser.requestTargets == reader.parser.requestTargets ? nil : LinkReader(parser: inferenceParser)
        self.matcher = matcher
        inference = RouteInference(dialect: dialect)
        self.method = method
        self.methodField = methodField
        self.readsRequestLines = readsRequestLines
    }

    var fieldNames: [String] { [] }
    var writesRecords: Bool { false }

    /// Whether the link was added (false: a route of the tables takes it).
    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Bool {
        try reader.read(link, of: record, into: &parsed)
        let method = record.requestMethod(field: methodField, otherwise: method)
        if matcher != nil, try matcher!.firstMatch(parsed, method: method) != nil { return false }
        if let inferenceReader { try inferenceReader.read(link, of: record, into: &reread) }
        let inferred = inferenceReader == nil ? parsed : reread
        if read != nil {
            read!.append(Observation(components: inference.components(of: inferred), method: method,
                                     link: String(decoding: inferred.text, as: UTF8.self)))
        } else {
            inference.add(inferred, method: method)
        }
        return true
    }

    func copyForThread() -> InferStage {
        var copy = self
        copy.read = []
        // the tables are shared, the matcher's scratch state is each thread's own
        copy.matcher = matcher.map(Matcher.init(sharingTablesOf:))
        return copy
    }

    mutating func takeSummary() -> [Observation] {
        defer { if read != nil { read = [] } }
        return read ?? []
    }

    mutating func add(_ summary: [Observation]) {
        for observation in summary {
            inference.add(components: observation.components, method: observation.method) { observation.link }
        }
    }

    func write(_ added: Bool, into json: inout JSONWriter) {}

    /// Writes the table; 1 when no link was left to infer from.
    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        var text = inference.table().text()
        if text.hasSuffix("\n") { text.removeLast() }
        try writer.line(text)
        return inference.linkCount > 0 ? .success : .nothingSelected
    }
}
