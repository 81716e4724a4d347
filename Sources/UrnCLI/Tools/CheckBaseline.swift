@_spi(Records) import UrnCore

/// `urnmatch --check --baseline FILE`: the findings an earlier `--check --json` wrote, which
/// are left out of this check's, so that only new findings are printed and fail (urnmatch-tables(7)
/// CHECKING A TABLE). A finding is known by its code, its table and the patterns of its routes
/// (or, for one about no route, its message), never by its line: lines move as a table grows.
struct CheckBaseline {
    /// The accepted findings' keys, each with how to name it, in the file's order.
    private var accepted: [(key: String, name: String)] = []
    /// The keys this check met (`leavesOut`), to say which accepted finding no longer occurs.
    private var met: Set<String> = []

    /// Why a baseline cannot be read.
    struct Failure: Error {
        let message: String
    }

    /// Reads `path` (`-`: standard input): JSON lines as `--check --json` writes them.
    init(contentsOf path: String) throws(Failure) {
        let data: [UInt8]
        switch FileContents.read(path) {
        case let .success(bytes): data = bytes
        case let .failure(error): throw Failure(message: "\(path): cannot read the baseline: \(error.message)")
        }
        for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
            let node: JSONDocument.Node
            do throws(JSONError) {
                node = try JSONDocument(Array(line)).root
            } catch {
                throw Failure(message: "\(path):\(number + 1): not a line of --check --json: \(error.message)")
            }
            guard let code = node["code"]?.string, let table = node["table"]?.string else {
                throw Failure(message: "\(path):\(number + 1): not a line of --check --json: 'code' and 'table' are missing")
            }
            let patterns = (node["routes"]?.array ?? []).compactMap { $0["pattern"]?.string }
            let key = Self.key(code: code, table: table, patterns: patterns, message: node["message"]?.string ?? "")
            accepted.append((key, "\(table): \(code)" + (patterns.isEmpty ? "" : " (" + patterns.joined(separator: ", ") + ")")))
        }
    }

    /// Whether `finding` is in the baseline (and is then left out); notes that it was met.
    mutating func leavesOut(_ finding: TableCheck.Finding) -> Bool {
        let key = Self.key(code: finding.code, table: finding.route.table, patterns: finding.routes.map(\.pattern.text),
                           message: finding.message)
        guard accepted.contains(where: { $0.key == key }) else { return false }
        met.insert(key)
        return true
    }

    /// Whether the association finding `finding` is in the baseline (and is then left out).
    mutating func leavesOut(_ finding: AssociationFinding) -> Bool {
        let key = Self.key(code: finding.code, table: finding.file, patterns: [], message: finding.message)
        guard accepted.contains(where: { $0.key == key }) else { return false }
        met.insert(key)
        return true
    }

    /// The accepted findings this check did not meet, by name: the baseline's lines that can go.
    var gone: [String] {
        accepted.filter { !met.contains($0.key) }.map(\.name)
    }

    /// What identifies a finding across versions of a table.
    private static func key(code: String, table: String, patterns: [String], message: String) -> String {
        ([code, table] + (patterns.isEmpty ? [message] : patterns)).joined(separator: "\u{1F}")
    }
}
