@_spi(Records) import UrnCore

/// `urnmatch --check`: prints each finding GNU-style on stdout, with `--json` as one JSON line a
/// finding, with `--sarif` as one SARIF 2.1.0 log (urnmatch-tables(7) CHECKING A TABLE), leaving
/// out those of a `--baseline`; 0 when clean, 1 with warnings.
struct TableChecker {
    /// How the findings are written.
    enum Output {
        case text, json, sarif
    }

    let tables: [RouteTable]
    let caseInsensitive: Bool
    let output: Output
    /// The findings accepted before (`--baseline`), left out.
    var baseline: CheckBaseline?
    /// Makes the example link that proves a finding about two routes.
    let examples: ExampleMaker
    /// The app's association files, checked after the tables.
    var associations = AssociationSet()

    mutating func run(diagnostics: Diagnostics) -> ExitStatus {
        var findings = examples.proving(TableCheck.findings(tables, caseInsensitive: caseInsensitive))
        var found = associations.findings()
        if var accepted = baseline {
            findings.removeAll { accepted.leavesOut($0) }
            found.removeAll { accepted.leavesOut($0) }
            for name in accepted.gone { diagnostics.warning("--baseline: \(name) no longer occurs: its line can go") }
        }
        let lines: [String]
        switch output {
        case .text: lines = findings.map(\.description) + found.map(\.description)
        case .json: lines = findings.map(Self.json(of:)) + found.map(Self.json(of:))
        case .sarif:
            var log = SARIFLog()
            for finding in findings { log.add(finding) }
            for finding in found { log.add(finding) }
            lines = [log.text()]
        }
        guard Self.write(lines) else { return .failure }
        // an association error is one the OS acts on (§10: 2 on errors); a note fails nothing
        switch found.map(\.severity).max() {
        case .error?: return .failure
        case .warning?: return .nothingSelected
        default: return findings.isEmpty ? .success : .nothingSelected
        }
    }

    /// Writes each table error (`--check --json` or `--sarif`, where a table cannot be read) and
    /// says whether they were written.
    static func writeErrors(_ errors: [TableError], output: Output) -> Bool {
        if output == .sarif {
            var log = SARIFLog()
            for error in errors { log.add(error) }
            return write([log.text()])
        }
        return write(errors.map { error in
            line(table: error.table, line: error.line, column: error.column, severity: "error", code: error.code,
                 message: error.reason, routes: [])
        })
    }

    /// Writes `lines` to stdout; says whether they were written.
    private static func write(_ lines: [String]) -> Bool {
        let writer = RecordWriter(separator: UInt8(ascii: "\n"), lineBuffered: false)
        do throws(WriteFailure) {
            for line in lines { try writer.line(line) }
            try writer.flush()
        } catch {
            if case .failed = error {
                Diagnostics(tool: "urnmatch").error(error.message)
                return false
            }
        }
        return true
    }

    /// A finding as its JSON line.
    private static func json(of finding: TableCheck.Finding) -> String {
        line(table: finding.route.table, line: finding.findingLine, column: nil, severity: "warning", code: finding.code,
             message: finding.message, routes: finding.routes, example: finding.example)
    }

    /// An association finding as its JSON line: no routes.
    private static func json(of finding: AssociationFinding) -> String {
        line(table: finding.file, line: finding.line, column: nil, severity: finding.severity.rawValue, code: finding.code,
             message: finding.message, routes: [])
    }

    /// `{"table","line","column","severity","code","message","routes":[{"table","line","pattern"}]}`,
    /// and `"example"`, the link that proves a finding about two routes, when there is one.
    private static func line(table: String, line: Int, column: Int?, severity: String, code: String, message: String,
                             routes: [Route], example: String? = nil) -> String {
        var json = JSONWriter(capacity: 512)
        json.beginObject()
        json.key("table")
        json.string(table)
        json.key("line")
        json.int(line)
        json.key("column")
        if let column { json.int(column) } else { json.null() }
        json.key("severity")
        json.string(severity)
        json.key("code")
        json.string(code)
        json.key("message")
        json.string(message)
        json.key("routes")
        json.beginArray()
        for route in routes { RouteSchema.writeDeclaration(of: route, into: &json) }
        json.endArray()
        if let example {
            json.key("example")
            json.string(example)
        }
        json.endObject()
        return json.withSpan { span in span.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }
    }
}
