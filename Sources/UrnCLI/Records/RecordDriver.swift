@_spi(Records) import UrnCore

/// The loop every tool runs: read lines, turn them into records, let the stage work, write
/// records or error records, and track the exit status (urnparse(1) EXIT STATUS).
package struct RecordDriver {
    private let options: CommonOptions
    let diagnostics: Diagnostics
    /// Under `urnparse --log`, how lines are read as access-log lines.
    let log: LogInput?
    /// Where the lines come from: the files of `options`, or records given in memory.
    let sources: [RecordReader.Source]

    /// A driver for `options`, reporting through `diagnostics`, reading lines as access-log
    /// lines when `log` says how, and reading `records` (named `name` in diagnostics) instead of
    /// the files when given.
    package init(options: CommonOptions, diagnostics: Diagnostics, log: LogInput? = nil,
                 records: (name: String, bytes: [UInt8])? = nil) {
        self.options = options
        self.diagnostics = diagnostics
        self.log = log
        sources = records.map { [.memory(name: $0.name, bytes: $0.bytes)] }
            ?? (options.files.isEmpty ? ["-"] : options.files).map(RecordReader.Source.file)
    }

    /// What every record's work reads, read once from the options: an ArgumentParser property
    /// is costly to read, and records are many.
    struct Settings {
        /// The stage's fields and `error`, which input fields of the same name give way to.
        let replaced: FieldNames
        /// What an error record replaces: the same, but the link, which the error is about
        /// (urnfmt --json writes the edited link as `link`, and a failed edit has none).
        let replacedInErrors: FieldNames
        let separatorIsNUL: Bool
        let quiet: Bool
        let failFast: Bool
    }

    /// What the records worked on so far came to.
    struct Outcome {
        var status = ExitStatus.success
        /// Lines that became error records (or came as one).
        var errors = 0
        /// Error records from an earlier tool that text output left out.
        var leftOut = 0
        /// Under `-q`, a selected record answered yes.
        var settled = false
        var writeFailure: WriteFailure?
    }

    /// Runs `stage` over all input and returns the exit status.
    package func run<Stage: RecordStage>(_ stage: inout Stage) -> ExitStatus {
        let writer = RecordWriter(separator: options.separator, lineBuffered: options.lineBuffered, discards: options.quiet)
        let settings = Settings(replaced: FieldNames(Self.replacedNames(of: stage)),
                                replacedInErrors: FieldNames(Self.replacedNames(of: stage).filter { $0 != "link" }),
                                separatorIsNUL: options.nullSeparated,
                                quiet: options.quiet, failFast: options.failFast)
        var outcome = Outcome()
        let meter = ProgressMeter(enabled: options.progress, tool: diagnostics.tool, paths: options.files)
        defer {
            meter?.finish(errors: outcome.errors)
            diagnostics.finish()
        }

        do throws(WriteFailure) { try stage.start(into: writer) } catch { outcome.writeFailure = error }
        let readAll = outcome.writeFailure != nil ? true
            : options.jobs > 1 ? ChunkPipeline(driver: self, options: options, settings: settings, stage: stage)
                .run(&stage, writer: writer, meter: meter, outcome: &outcome)
            : readInOneJob(&stage, writer, settings, meter, &outcome)
        // grep -q: a selected record answers yes, whatever came before it
        if outcome.settled { return .success }
        if outcome.leftOut > 0 {
            // said as the lines' own diagnostics are: not under -s
            let records = outcome.leftOut == 1 ? "error record" : "error records"
            if !diagnostics.noMessages {
                diagnostics.error("left out \(outcome.leftOut) \(records) of an earlier tool (--errors=row writes each in its place)")
            }
            outcome.status = .failure
        }
        var selection = ExitStatus.success
        if outcome.writeFailure == nil {
            do throws(WriteFailure) {
                selection = try stage.finish(into: writer)
                try writer.flush()
            } catch {
                outcome.writeFailure = error
            }
        }
        switch outcome.writeFailure {
        case .brokenPipe?:
            return outcome.status
        case let failure?:
            diagnostics.error(failure.message)
            return .failure
        case nil:
            return readAll ? max(outcome.status, selection) : .failure
        }
    }

    /// Reads and works on every line in this thread; says whether every source was read.
    private func readInOneJob<Stage: RecordStage>(_ stage: inout Stage, _ writer: RecordWriter, _ settings: Settings,
                                                  _ meter: ProgressMeter?, _ outcome: inout Outcome) -> Bool {
        let reader = RecordReader(sources: sources, separator: options.separator,
                                  maxLine: options.maxLine, diagnostics: diagnostics)
        var parser = recordParser(for: stage)
        return reader.forEachLine { line in
            meter?.count(bytes: line.bytes.count + 1)
            return consume(line, &stage, &parser, writer, settings, &outcome)
        }
    }

    /// The parser of records for `stage`.
    func recordParser<Stage: RecordStage>(for stage: Stage) -> RecordParser {
        RecordParser(field: options.fieldPath, fieldName: options.field, maxLine: options.maxLine, stagePaths: stage.watchedPaths,
                     replaced: Self.replacedNames(of: stage), log: log, requestLines: stage.readsRequestLines)
    }

    /// The fields whose input values give way to `stage`'s: its own and `error`.
    static func replacedNames<Stage: RecordStage>(of stage: Stage) -> [String] {
        stage.fieldNames + ["error"]
    }

    /// Works on one line and says whether to read on: not after a record that settles `-q`, a
    /// failed write, or under `--fail-fast` a line that could not be processed.
    @inline(__always)
    func consume<Stage: RecordStage>(_ line: InputLine, _ stage: inout Stage, _ parser: inout RecordParser,
                                     _ writer: RecordWriter, _ settings: Settings, _ outcome: inout Outcome) -> Bool {
        do throws(WriteFailure) {
            if try process(line, settings, &stage, &parser, writer, &outcome) {
                outcome.settled = true
                return false
            }
        } catch {
            outcome.writeFailure = error
            return false
        }
        return !(settings.failFast && outcome.status == .failure)
    }

    /// Works on one line; says whether, under `-q` (`quiet`), its record settles the status.
    private func process<Stage: RecordStage>(
        _ line: InputLine, _ settings: Settings, _ stage: inout Stage, _ parser: inout RecordParser,
        _ writer: RecordWriter, _ outcome: inout Outcome
    ) throws(WriteFailure) -> Bool {
        let replaced = settings.replaced
        let record: RecordView
        do {
            // a blank line is no record at all: skipped
            guard let read = try parser.record(line, separatorIsNUL: settings.separatorIsNUL) else { return false }
            record = read
        } catch {
            if stage.writesRecords && stage.writesErrorRecords {
                writer.beginUnusable(RecordParser.trimmed(line.bytes))
                writer.error(error)
                try writer.end()
            }
            report(error, line, &outcome.status)
            outcome.errors += 1
            return false
        }
        if ErrorSchema.isErrorRecord(record) {
            // An upstream tool already reported this line: pass its error record on unchanged,
            // or count it as left out, which the end of the run reports
            if stage.writesRecords {
                if stage.writesErrorRecords { try writer.passThrough(record.text) } else { outcome.leftOut += 1 }
            }
            stage.countError()
            outcome.errors += 1
            return false
        }
        let prepared: Stage.Prepared
        do {
            do {
                prepared = try parser.withLink(of: record) { link in try stage.prepare(link: link, record: record) }
            } catch RecordError.missingField(_, _) where !stage.requiresLink {
                prepared = try stage.prepare(link: Span(), record: record)
            } catch let RecordError.nullLink(name) {
                if let taken = try stage.prepare(nullLinkOf: record) {
                    prepared = taken
                } else {
                    guard !stage.requiresLink else { throw RecordError.fieldNotString(name) }
                    prepared = try stage.prepare(link: Span(), record: record)
                }
            }
        } catch {
            try fail(record, error, line, stage.writesRecords && stage.writesErrorRecords, writer, settings.replacedInErrors,
                     &outcome.status)
            stage.countError()
            outcome.errors += 1
            return false
        }
        guard stage.selects(prepared) else { return false }
        if settings.quiet && stage.settlesStatus(prepared) { return true }
        guard stage.writesRecords else { return false }
        let keepsEveryMember = stage.writesJSON && record.isJSON && parser.keepsEveryMember(record)
        for output in 0..<stage.outputCount(prepared) {
            if stage.writesJSON {
                writer.begin(record, replacing: replaced, plainLink: stage.linkNeedsNoEscape, keepsEveryMember: keepsEveryMember)
                stage.write(prepared, output: output, into: &writer.json)
                try writer.end()
            } else {
                stage.writeText(prepared, output: output, into: &writer.json)
                try writer.endText()
            }
        }
        return false
    }

    /// Writes the error record of a record whose stage failed and reports it. Apart from
    /// `process`, whose every record would otherwise pay for the error's cleanup.
    @inline(never)
    private func fail(_ record: RecordView, _ error: any Error, _ line: InputLine, _ writesRecords: Bool, _ writer: RecordWriter,
                      _ replaced: FieldNames, _ status: inout ExitStatus) throws(WriteFailure) {
        var coded = (error as? any CodedError) ?? InternalError(description: "\(error)")
        if !record.isJSON, let hint = RequestLine.hint(record.text) { coded = RequestLineHint(error: coded, hint: hint) }
        if writesRecords {
            writer.begin(record, replacing: replaced)
            writer.error(coded)
            try writer.end()
        }
        report(coded, line, &status)
    }

    private func report(_ error: any CodedError, _ line: InputLine, _ status: inout ExitStatus) {
        diagnostics.line(line.source, line.number, code: error.code, error.message)
        status = .failure
    }
}

/// An error that is not one of the coded kinds; it should not happen, but must not crash.
struct InternalError: CodedError {
    let description: String
    var code: String { "internal" }
    var message: String { "internal error: \(description)" }
    var offset: Int? { nil }
}
