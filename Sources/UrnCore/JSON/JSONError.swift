/// Why a JSON text was rejected; `offset` is the byte where the reader gave up.
@_spi(Records) public struct JSONError: CodedError, Equatable {
    /// What went wrong.
    @_spi(Records) public enum Reason: Equatable, Sendable {
        case unexpectedEnd
        case unexpected(UInt8, expected: String)
        case invalidEscape
        case invalidUnicodeEscape
        case loneSurrogate
        case controlCharacter
        case invalidNumber
        case invalidUTF8
        case tooDeep(limit: Int)
        case trailingData
        case notAnObject
    }

    /// What went wrong.
    @_spi(Records) public let reason: Reason
    /// The byte offset of the fault in the JSON text.
    @_spi(Records) public let at: Int

    /// A JSON error for `reason` at byte `at`.
    @_spi(Records) public init(_ reason: Reason, at: Int) {
        self.reason = reason
        self.at = at
    }

    @_spi(Records) public var offset: Int? { at }

    @_spi(Records) public var code: String {
        switch reason {
        case .invalidUTF8: return "invalid-utf8"
        case .tooDeep: return "json-too-deep"
        default: return "invalid-json"
        }
    }

    @_spi(Records) public var message: String {
        let column = " at column \(at + 1)"
        switch reason {
        case .unexpectedEnd: return "invalid JSON: unexpected end of record" + column
        case let .unexpected(byte, expected):
            return "invalid JSON: expected \(expected), found \(JSONError.describe(byte))" + column
        case .invalidEscape: return "invalid JSON: invalid escape sequence" + column
        case .invalidUnicodeEscape: return "invalid JSON: invalid \\u escape" + column
        case .loneSurrogate: return "invalid JSON: unpaired surrogate in \\u escape" + column
        case .controlCharacter: return "invalid JSON: unescaped control character in string" + column
        case .invalidNumber: return "invalid JSON: invalid number" + column
        case .invalidUTF8: return "invalid UTF-8" + column
        case let .tooDeep(limit): return "JSON nested deeper than \(limit) levels" + column
        case .trailingData: return "invalid JSON: data after the object" + column
        case .notAnObject: return "JSON record is not an object" + column
        }
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
