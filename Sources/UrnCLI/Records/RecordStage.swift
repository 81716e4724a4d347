@_spi(Records) import UrnCore

/// One tool's work on a record: compute from the link, decide whether the record is selected,
/// then write the tool's fields. Summaries (counts, statistics) come at the end.
package protocol RecordStage {
    /// What `prepare` computes for one record.
    associatedtype Prepared
    /// The fields this stage writes; same-named input fields are dropped.
    var fieldNames: [String] { get }
    /// Whether records (and error records) are written at all; false when only a summary is.
    var writesRecords: Bool { get }
    /// Whether a record must have a link; when not, a record without one gets an empty link.
    var requiresLink: Bool { get }
    /// Whether a raw `METHOD target` line is read as a record with a method (`RequestLine`):
    /// where the tables have methods.
    var readsRequestLines: Bool { get }
    /// The record paths `prepare` reads in every record, whose values the scan of each record
    /// notes (`RecordView.watched`, slot by slot).
    var watchedPaths: [JSONPath] { get }
    /// Computes the stage's result for `link` (a view valid only during the call); throws a
    /// `CodedError` for a bad link.
    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Prepared
    /// Computes the stage's result for a record whose link is `null` (a log line whose request
    /// names no target): a record, not an error. Nil where the stage has no such result, and
    /// the record is then one without a link (`requiresLink`).
    mutating func prepare(nullLinkOf record: RecordView) throws -> Prepared?
    /// Whether the link of the record just prepared is known to need no JSON escape
    /// (`Link.textNeedsNoEscape`): a raw line is then written back as `link` without a scan.
    var linkNeedsNoEscape: Bool { get }
    /// Whether the record is selected for output.
    mutating func selects(_ prepared: Prepared) -> Bool
    /// Whether the selected record just prepared settles the exit status as success, so that
    /// `-q` can stop reading there (grep's `-q`): a match, for the tools that route.
    func settlesStatus(_ prepared: Prepared) -> Bool
    /// Writes the stage's fields for `prepared` into the open output record.
    mutating func write(_ prepared: Prepared, into json: inout JSONWriter)
    /// How many output records one input record gives (one, unless a stage fans out).
    func outputCount(_ prepared: Prepared) -> Int
    /// Writes the stage's fields of output record `output` (0-based) of `prepared`.
    mutating func write(_ prepared: Prepared, output: Int, into json: inout JSONWriter)
    /// Whether error records are written where their lines were (else they are left out of the
    /// output, and only reported on stderr and in the exit status).
    var writesErrorRecords: Bool { get }
    /// Counts a record that became an error record (for `--stats`).
    mutating func countError()
    /// Whether output records are JSON objects (else lines of text that `writeText` makes).
    var writesJSON: Bool { get }
    /// Writes the text of output record `output` of `prepared` (text output only).
    mutating func writeText(_ prepared: Prepared, output: Int, into json: inout JSONWriter)
    /// Writes anything that comes before the first record (a table header).
    mutating func start(into writer: RecordWriter) throws(WriteFailure)
    /// Writes any summary after the last record and says whether anything was selected.
    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus

    /// What the stage gathers over records for `finish` (counts for `-c` and `--stats`, the
    /// template paths no record had), taken apart from the stage so that the `--jobs` threads'
    /// gatherings add up, in input order, to what one stage gathers.
    associatedtype Summary = Void
    /// A copy of this stage for another thread (`--jobs`): it shares what was compiled (route
    /// tables, templates) and has scratch state of its own (a matcher's, a renderer's).
    func copyForThread() -> Self
    /// Hands over what was gathered since the last call (or since `start`), and gathers anew.
    mutating func takeSummary() -> Summary
    /// Adds what a copy of this stage gathered (`takeSummary`) over the records that follow
    /// those gathered here.
    mutating func add(_ summary: Summary)
}

extension RecordStage {
    package var writesRecords: Bool { true }
    package var requiresLink: Bool { true }
    package var readsRequestLines: Bool { false }
    package var watchedPaths: [JSONPath] { [] }
    package var linkNeedsNoEscape: Bool { false }
    package mutating func prepare(nullLinkOf record: RecordView) throws -> Prepared? { nil }
    package mutating func selects(_ prepared: Prepared) -> Bool { true }
    package func settlesStatus(_ prepared: Prepared) -> Bool { false }
    package mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus { .success }
    package func outputCount(_ prepared: Prepared) -> Int { 1 }
    package var writesJSON: Bool { true }
    package var writesErrorRecords: Bool { true }
    package mutating func countError() {}
    package mutating func writeText(_ prepared: Prepared, output: Int, into json: inout JSONWriter) {}
    package mutating func start(into writer: RecordWriter) throws(WriteFailure) {}
    package mutating func write(_ prepared: Prepared, output: Int, into json: inout JSONWriter) {
        write(prepared, into: &json)
    }
    /// A plain copy, for a stage whose state is all values (no class holds its scratch).
    package func copyForThread() -> Self { self }
}

extension RecordStage where Summary == Void {
    package mutating func takeSummary() {}
    package mutating func add(_ summary: Void) {}
}
