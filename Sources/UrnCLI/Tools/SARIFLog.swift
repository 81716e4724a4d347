@_spi(Records) import UrnCore

/// `urnmatch --check --sarif`: the findings as one SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), the file code-scanning services read: one result a finding, its code as
/// the rule, its severity as the level, the table as the artifact with the line (and column of
/// a table error), the proving link in the message.
struct SARIFLog {
    /// One result.
    struct Result {
        let code: String
        let level: String
        let message: String
        let table: String
        let line: Int
        let column: Int?
    }

    var results: [Result] = []

    /// Adds a finding of `--check`.
    mutating func add(_ finding: TableCheck.Finding) {
        results.append(Result(code: finding.code, level: "warning",
                              message: finding.message + (finding.example.map { " (example: \($0))" } ?? ""),
                              table: finding.route.table, line: finding.findingLine, column: nil))
    }

    /// Adds an association file's finding, its severity as the level (`info` a note).
    mutating func add(_ finding: AssociationFinding) {
        results.append(Result(code: finding.code, level: finding.severity == .info ? "note" : finding.severity.rawValue,
                              message: finding.message, table: finding.file, line: finding.line, column: nil))
    }

    /// Adds a table that could not be read.
    mutating func add(_ error: TableError) {
        results.append(Result(code: error.code, level: "error", message: error.reason, table: error.table, line: error.line,
                              column: error.column))
    }

    /// The log's text.
    func text() -> String {
        var json = JSONWriter(capacity: 4096)
        json.beginObject()
        json.key("$schema")
        json.string("https://json.schemastore.org/sarif-2.1.0.json")
        json.key("version")
        json.string("2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.key("name")
        json.string("urnmatch")
        json.key("version")
        json.string(UrnVersion.string)
        json.key("rules")
        json.beginArray()
        var ruleIndex: [String: Int] = [:]
        for result in results where ruleIndex[result.code] == nil {
            ruleIndex[result.code] = ruleIndex.count
            json.beginObject()
            json.key("id")
            json.string(result.code)
            json.key("shortDescription")
            json.beginObject()
            json.key("text")
            json.string("urnmatch --check: \(result.code) (urnmatch-tables(7), CHECKING A TABLE)")
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endObject()
        json.key("results")
        json.beginArray()
        for result in results { write(result, ruleIndex: ruleIndex[result.code]!, into: &json) }
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
        return json.withSpan { span in span.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }
    }

    private func write(_ result: Result, ruleIndex: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("ruleId")
        json.string(result.code)
        json.key("ruleIndex")
        json.int(ruleIndex)
        json.key("level")
        json.string(result.level)
        json.key("message")
        json.beginObject()
        json.key("text")
        json.string(result.message)
        json.endObject()
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        json.beginObject()
        json.key("uri")
        json.string(result.table)
        json.endObject()
        json.key("region")
        json.beginObject()
        json.key("startLine")
        json.int(max(1, result.line))
        if let column = result.column {
            json.key("startColumn")
            json.int(max(1, column))
        }
        json.endObject()
        json.endObject()
        json.endObject()
        json.endArray()
        json.endObject()
    }
}
