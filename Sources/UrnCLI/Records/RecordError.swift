@_spi(Records) import UrnCore

/// Why a line could not become a record with a link. Codes are stable (urnparse(1)).
package enum RecordError: CodedError {
    case lineTooLong(limit: Int)
    case nulByte(at: Int)
    case json(JSONError)
    /// The field the link was looked for in, and a string field that holds a link instead.
    case missingField(String, suggestion: String? = nil)
    case fieldNotString(String)
    /// The link field is `null`: a record without a link (`urnparse --log` writes one for a
    /// request that names no target), which a stage may take (`RecordStage.prepare(nullLinkOf:)`)
    /// and which is otherwise a field that is no string.
    case nullLink(String)
    /// An access-log line that does not fit its format (`urnparse --log`).
    case log(LogLineError)

    package var code: String {
        switch self {
        case .lineTooLong: return "line-too-long"
        case .nulByte: return "nul-byte"
        case let .json(error): return error.code
        case .missingField: return "missing-field"
        case .fieldNotString, .nullLink: return "field-not-string"
        case let .log(error): return error.code
        }
    }

    package var message: String {
        switch self {
        case let .lineTooLong(limit): return "line longer than --max-line (\(limit) bytes)"
        case let .nulByte(at): return "NUL byte at column \(at + 1)"
        case let .json(error): return error.message
        case let .missingField(name, suggestion?):
            return "record has no '\(name)' field (its '\(suggestion)' holds a link: --field \(suggestion))"
        case let .missingField(name, nil): return "record has no '\(name)' field"
        case let .fieldNotString(name), let .nullLink(name): return "field '\(name)' is not a string"
        case let .log(error): return error.message
        }
    }

    package var offset: Int? {
        switch self {
        case let .nulByte(at): return at
        case let .json(error): return error.offset
        case let .log(error): return error.offset
        default: return nil
        }
    }
}
