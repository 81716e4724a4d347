@preconcurrency import Glibc
import UrnCore

/// One input record: a raw link or a JSON object, with the link it carries.
public struct InputRecord {
    /// The line, trimmed of blanks (and a trailing `\r`).
    public let text: UnsafeBufferPointer<UInt8>
    /// Where the line came from.
    public let source: String
    /// Its line number.
    public let number: Int
    /// Whether it is a JSON object (else a raw link).
    public let isJSON: Bool
    /// The object's members, when `isJSON`.
    public let members: [JSONMember]
}

/// Why a line could not become a record with a link. Codes are stable (urnparse(1)).
public enum RecordError: CodedError {
    case lineTooLong(limit: Int)
    case nulByte(at: Int)
    case json(JSONError)
    case missingField(String)
    case fieldNotString(String)

    public var code: String {
        switch self {
        case .lineTooLong: return "line-too-long"
        case .nulByte: return "nul-byte"
        case let .json(error): return error.code
        case .missingField: return "missing-field"
        case .fieldNotString: return "field-not-string"
        }
    }

    public var message: String {
        switch self {
        case let .lineTooLong(limit): return "line longer than --max-line (\(limit) bytes)"
        case let .nulByte(at): return "NUL byte at column \(at + 1)"
        case let .json(error): return error.message
        case let .missingField(name): return "record has no '\(name)' field"
        case let .fieldNotString(name): return "field '\(name)' is not a string"
        }
    }

    public var offset: Int? {
        switch self {
        case let .nulByte(at): return at
        case let .json(error): return error.offset
        default: return nil
        }
    }
}

/// Turns input lines into records and finds each record's link (`--field`).
public struct RecordParser {
    /// The path of the link field.
    public let field: JSONPath
    private let fieldName: String
    private let maxLine: Int
    private var scanner = JSONScanner()
    private var linkBuffer: [UInt8] = []

    /// A parser reading the link from `field`.
    public init(field: JSONPath, fieldName: String, maxLine: Int) {
        self.field = field
        self.fieldName = fieldName
        self.maxLine = maxLine
        linkBuffer.reserveCapacity(1024)
    }

    /// The record of `line`, nil for a blank line; throws when the line is not a usable record.
    /// The returned record's members stay valid until the next call.
    public mutating func record(_ line: InputLine, separatorIsNUL: Bool) throws(RecordError) -> InputRecord? {
        let text = Self.trimmed(line.bytes)
        if line.tooLong { throw .lineTooLong(limit: maxLine) }
        guard !text.isEmpty else { return nil }
        if !separatorIsNUL, let nul = memchr(text.baseAddress!, 0, text.count) {
            throw .nulByte(at: text.baseAddress!.distance(to: nul.assumingMemoryBound(to: UInt8.self)))
        }
        guard text[0] == UInt8(ascii: "{") else {
            return InputRecord(text: text, source: line.source, number: line.number, isJSON: false, members: [])
        }
        do {
            try scanner.scanObject(text)
        } catch {
            throw .json(error)
        }
        return InputRecord(text: text, source: line.source, number: line.number, isJSON: true, members: scanner.members)
    }

    /// Calls `body` with the link of `record`: the line itself, or the decoded string at `--field`.
    public mutating func withLink<Result>(
        of record: InputRecord, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        guard record.isJSON else { return try body(record.text) }
        guard let member = record.members.last(where: { JSONString.equals($0.key, in: record.text, field.head) }) else {
            throw RecordError.missingField(fieldName)
        }
        var value = member.value
        var kind = member.kind
        if field.steps.count > 1 {
            guard let found = field.resolve(from: value, kind: kind, step: 1, in: record.text) else {
                throw RecordError.missingField(fieldName)
            }
            (value, kind) = found
        }
        guard kind == .string else { throw RecordError.fieldNotString(fieldName) }
        linkBuffer.removeAll(keepingCapacity: true)
        JSONString.decode(value, in: record.text, into: &linkBuffer)
        return try linkBuffer.withUnsafeBufferPointer(body)
    }

    /// `bytes` without surrounding blanks and a trailing `\r`.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        @inline(__always) func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        while start < end, blank(bytes[start]) { start += 1 }
        while end > start, blank(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
