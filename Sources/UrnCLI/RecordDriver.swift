import UrnCore

/// The loop every tool runs: read lines, turn them into records, let the stage work, write
/// records or error records, and track the exit status (urnparse(1) EXIT STATUS).
public struct RecordDriver {
    private let options: CommonOptions
    private let diagnostics: Diagnostics

    /// A driver for `options`, reporting through `diagnostics`.
    public init(options: CommonOptions, diagnostics: Diagnostics) {
        self.options = options
        self.diagnostics = diagnostics
    }

    /// Runs `stage` over all input and returns the exit status.
    public func run<Stage: RecordStage>(_ stage: inout Stage) -> ExitStatus {
        let reader = RecordReader(paths: options.files, separator: options.separator,
                                  maxLine: options.maxLine, diagnostics: diagnostics)
        let writer = RecordWriter(separator: options.separator, lineBuffered: options.lineBuffered, discards: options.quiet)
        let replacedNames = stage.fieldNames + ["error"]
        var parser = RecordParser(field: options.fieldPath, fieldName: options.field, maxLine: options.maxLine,
                                  stagePaths: stage.watchedPaths, replaced: replacedNames)
        let replaced = FieldNames(replacedNames)
        var status = ExitStatus.success
        var errors = 0
        var settled = false
        var writeFailure: WriteFailure?
        // Read once: an ArgumentParser property costs hundreds of instructions per read.
        let failFast = options.failFast
        let separatorIsNUL = options.nullSeparated
        let quiet = options.quiet
        let meter = ProgressMeter(enabled: options.progress, tool: diagnostics.tool, paths: options.files)
        defer {
            meter?.finish(errors: errors)
            diagnostics.finish()
        }

        do throws(WriteFailure) { try stage.start(into: writer) } catch { writeFailure = error }
        let readAll = writeFailure != nil ? true : reader.forEachLine { line in
            meter?.count(bytes: line.bytes.count + 1)
            do {
                if try process(line, separatorIsNUL, &stage, &parser, writer, replaced, &status, &errors, quiet) {
                    settled = true
                    return false
                }
            } catch let failure as WriteFailure {
                writeFailure = failure
                return false
            } catch {
                return false
            }
            return !(failFast && status == .failure)
        }
        // grep -q: a selected record answers yes, whatever came before it
        if settled { return .success }
        var selection = ExitStatus.success
        if writeFailure == nil {
            do throws(WriteFailure) {
                selection = try stage.finish(into: writer)
                try writer.flush()
            } catch {
                writeFailure = error
            }
        }
        switch writeFailure {
        case .brokenPipe?:
            return status
        case let failure?:
            diagnostics.error(failure.message)
            return .failure
        case nil:
            return readAll ? max(status, selection) : .failure
        }
    }

    /// Works on one line; says whether, under `-q` (`quiet`), its record settles the status.
    private func process<Stage: RecordStage>(
        _ line: InputLine, _ separatorIsNUL: Bool, _ stage: inout Stage, _ parser: inout RecordParser,
        _ writer: RecordWriter, _ replaced: FieldNames, _ status: inout ExitStatus, _ errors: inout Int, _ quiet: Bool
    ) throws(WriteFailure) -> Bool {
        let record: RecordView
        do {
            // a blank line is no record at all: skipped
            guard let read = try parser.record(line, separatorIsNUL: separatorIsNUL) else { return false }
            record = read
        } catch {
            if stage.writesRecords && stage.writesErrorRecords {
                writer.beginUnusable(RecordParser.trimmed(line.bytes))
                writer.error(error)
                try writer.end()
            }
            report(error, line, &status)
            errors += 1
            return false
        }
        if ErrorSchema.isErrorRecord(record) {
            // An upstream tool already reported this line: pass its error record on unchanged.
            if stage.writesRecords && stage.writesErrorRecords { try writer.passThrough(record.text) }
            stage.countError()
            errors += 1
            return false
        }
        let prepared: Stage.Prepared
        do {
            do {
                prepared = try parser.withLink(of: record) { link in try stage.prepare(link: link, record: record) }
            } catch RecordError.missingField(_, _) where !stage.requiresLink {
                prepared = try stage.prepare(link: Span(), record: record)
            }
        } catch {
            try fail(record, error, line, stage.writesRecords && stage.writesErrorRecords, writer, replaced, &status)
            stage.countError()
            errors += 1
            return false
        }
        guard stage.selects(prepared) else { return false }
        if quiet && stage.settlesStatus(prepared) { return true }
        guard stage.writesRecords else { return false }
        let keepsEveryMember = stage.writesJSON && record.isJSON && parser.keepsEveryMember(record)
        for output in 0..<stage.outputCount(prepared) {
            if stage.writesJSON {
                writer.begin(record, replacing: replaced, plainLink: stage.linkIsPlain, keepsEveryMember: keepsEveryMember)
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
        let coded = (error as? any CodedError) ?? InternalError(description: "\(error)")
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
