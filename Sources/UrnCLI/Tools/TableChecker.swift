@_spi(Records) import UrnCore

/// `urnmatch --check`: prints each finding GNU-style on stdout; 0 when clean, 1 with warnings.
struct TableChecker {
    let tables: [RouteTable]
    let caseInsensitive: Bool

    func run() -> ExitStatus {
        let findings = TableCheck.findings(tables, caseInsensitive: caseInsensitive)
        let writer = RecordWriter(separator: UInt8(ascii: "\n"), lineBuffered: false)
        do throws(WriteFailure) {
            for finding in findings { try writer.line(finding.description) }
            try writer.flush()
        } catch {
            if case let .failed(code) = error {
                Diagnostics(tool: "urnmatch").error("write error: \(code)")
                return .failure
            }
        }
        return findings.isEmpty ? .success : .nothingSelected
    }
}
