/// The exit statuses of urnparse(1) EXIT STATUS, thrown out of a tool's `run()` to end it.
package enum ExitStatus: Int32, Error, Comparable {
    /// Success.
    case success = 0
    /// Nothing selected (urnmatch, urnstack).
    case nothingSelected = 1
    /// Usage error, unreadable input, invalid table, write failure or a bad input line.
    case failure = 2

    package static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
