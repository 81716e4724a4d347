/// Why the library refused a link, a table, a pattern or a template: the same short, stable code
/// and message that the tools write in their error records (urnparse(1), urnmatch(1)).
public struct UrnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable code, as listed in the man pages (`invalid-port`, `invalid-table`).
    public let code: String
    /// A lower-case message without a final period.
    public let message: String
    /// Where the error points, when it points into a text: a 0-based byte offset.
    public let offset: Int?
    /// The table and line of a table error (`routes.txt`, 3), when it is one.
    public let table: String?
    /// The 1-based line of a table error.
    public let line: Int?

    package init(_ error: some CodedError) {
        code = error.code
        message = error.message
        offset = error.offset
        if let tableError = error as? TableError {
            table = tableError.table
            line = tableError.line
        } else {
            table = nil
            line = nil
        }
    }

    package init(code: String, message: String) {
        self.code = code
        self.message = message
        offset = nil
        table = nil
        line = nil
    }

    /// The message GNU-style, with the table and line when it has them (`app.routes:3:12: …`).
    public var description: String {
        guard let table, let line else { return message }
        return "\(table):\(line):\(offset.map { "\($0 + 1):" } ?? "") \(message)"
    }
}

/// An error the library's API throws is one the tools write as an error record too.
@_spi(Records) extension UrnError: CodedError {}
