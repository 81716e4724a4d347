/// What `urnmatch --check` finds in an association file (an assetlinks.json, an entitlements
/// plist) or between the files of one app (urnmatch-tables(7) ASSOCIATION FILES): a stable code,
/// a severity, where, and what.
@_spi(Records) public struct AssociationFinding: Sendable, Equatable {
    /// How bad it is: `error`, the OS rejects or ignores it; `warning`, legal but almost surely
    /// wrong; `info`, a note.
    @_spi(Records) public enum Severity: String, Sendable, Comparable {
        case info, warning, error

        @_spi(Records) public static func < (a: Severity, b: Severity) -> Bool {
            [.info, .warning, .error].firstIndex(of: a)! < [.info, .warning, .error].firstIndex(of: b)!
        }
    }

    /// The stable code (`al-bad-fingerprint`, `x-assetlinks-package`, …).
    @_spi(Records) public let code: String
    /// How bad it is.
    @_spi(Records) public let severity: Severity
    /// The file it is about, as it was named.
    @_spi(Records) public let file: String
    /// The 1-based line in `file`.
    @_spi(Records) public let line: Int
    /// What was found.
    @_spi(Records) public let message: String

    /// A finding.
    @_spi(Records) public init(_ code: String, _ severity: Severity, file: String, line: Int, _ message: String) {
        self.code = code
        self.severity = severity
        self.file = file
        self.line = line
        self.message = message
    }

    /// The GNU-style line, as a route's finding is written: `file:line: severity: message`.
    @_spi(Records) public var description: String {
        "\(file):\(line): \(severity.rawValue): \(message)"
    }
}
