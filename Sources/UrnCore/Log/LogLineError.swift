/// Why an access-log line cannot become a record (urnparse(1), ERROR CODES).
@_spi(Records) public enum LogLineError: CodedError, Equatable {
    /// The line's text differs from the format's: `expected` was due at the offset.
    case mismatch(expected: String, at: Int)
    /// A value the format names cannot be what it stands for (a status that is no number).
    case invalidValue(String, String, at: Int)
    /// The line is not valid UTF-8 (with `urnparse --strict`; a log is otherwise read with
    /// U+FFFD for such bytes, and its target percent-encoded).
    case invalidUTF8(at: Int)
    /// A `--log json` line that is no JSON object.
    case notAnObject

    @_spi(Records) public var code: String {
        switch self {
        case .mismatch, .invalidValue, .notAnObject: "invalid-log-line"
        case .invalidUTF8: "invalid-utf8"
        }
    }

    @_spi(Records) public var message: String {
        switch self {
        case let .mismatch(expected, at): "line does not fit the log format: expected \(expected) at offset \(at)"
        case let .invalidValue(field, value, at): "line does not fit the log format: \(field) '\(value)' at offset \(at)"
        case let .invalidUTF8(at): "invalid UTF-8 at offset \(at)"
        case .notAnObject: "line is not a JSON object (--log json reads one object a line)"
        }
    }

    @_spi(Records) public var offset: Int? {
        switch self {
        case let .mismatch(_, at), let .invalidValue(_, _, at), let .invalidUTF8(at): at
        case .notAnObject: 0
        }
    }
}
