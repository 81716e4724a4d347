@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// Why output could not be written.
package enum WriteFailure: CodedError {
    /// The reader went away (EPIPE): end quietly.
    case brokenPipe
    /// Any other failure, with its errno.
    case failed(Int32)

    package var code: String { "write-error" }
    package var message: String {
        switch self {
        case .brokenPipe: return "write error: broken pipe"
        case let .failed(code): return "write error: \(errorText(code))"
        }
    }
    package var offset: Int? { nil }
}

/// Writes records as JSON Lines into a block buffer flushed with `write(2)`: input fields kept
/// byte for byte, the tool's own fields appended.
package final class RecordWriter {
    /// The output buffer; tools append their fields to it between `begin` and `end`. Written by
    /// one stage at a time, so the runtime exclusivity checks are turned off for it.
    @exclusivity(unchecked) package var json = JSONWriter(capacity: RecordWriter.flushThreshold * 2)
    /// The bytes that end a record.
    private let separator: UInt8
    private let lineBuffered: Bool
    private let fd: Int32
    /// `-q`: everything is formatted as usual and then dropped, so that statuses and summaries
    /// are what they would be, and nothing reaches stdout.
    private let discards: Bool
    static let flushThreshold = 1 << 16

    /// A writer to `fd` ending records with `separator`, flushing each when `lineBuffered`;
    /// one that `discards` writes nothing. With `fd` -1 it keeps everything in `json` for its
    /// owner to take (a chunk's records under `--jobs`, written later in input order).
    package init(fd: Int32 = 1, separator: UInt8, lineBuffered: Bool, discards: Bool = false) {
        self.fd = fd
        self.discards = discards
        self.separator = separator
        self.lineBuffered = lineBuffered
        if fd >= 0, !discards { PipeCapacity.enlarge(fd) }
    }

    /// Opens the output record for `record`: its members except those named in `replaced`,
    /// or `{"link":…}` for a raw line, copied without a scan when `plainLink` says it needs no
    /// escape. When `keepsEveryMember` (`RecordParser.keepsEveryMember`), the members are
    /// copied in one piece.
    package func begin(_ record: RecordView, replacing replaced: FieldNames, plainLink: Bool = false,
                      keepsEveryMember: Bool = false) {
        guard record.isJSON else {
            if replaced.containsLink {
                json.beginObject()
            } else {
                // `{"link":` in one copy, rather than an opening and a key, a call each
                json.rawMembersAndKey(#"{"link":"#)
                json.string(record.text, plain: plainLink)
            }
            return
        }
        json.beginObject()
        if keepsEveryMember {
            if record.text.count > 2 { json.rawMembers(UnsafeBufferPointer(rebasing: record.text[1..<(record.text.count - 1)])) }
            return
        }
        for member in record.members where !replaced.contains(member.key, in: record.text) {
            json.rawMember(key: UnsafeBufferPointer(rebasing: record.text[member.key]),
                           value: UnsafeBufferPointer(rebasing: record.text[member.value]))
        }
    }

    /// Opens an output record for a line that is not a usable record: `{"link":<the line>`.
    package func beginUnusable(_ line: UnsafeBufferPointer<UInt8>) {
        json.beginObject()
        json.key("link")
        json.string(line)
    }

    /// Writes `"error":{code,message,offset}` into the open record.
    package func error(_ error: any CodedError) {
        ErrorSchema.write(error, into: &json)
    }

    /// Closes the open record and flushes when the buffer is full or output is line-buffered.
    package func end() throws(WriteFailure) {
        json.endObject()
        json.endLine(separator)
        if lineBuffered || json.count >= RecordWriter.flushThreshold { try flush() }
    }

    /// Writes a record's text unchanged (an upstream error record).
    package func passThrough(_ text: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
        json.append(text)
        try endText()
    }

    /// Ends a line of text that the caller appended to `json`.
    package func endText() throws(WriteFailure) {
        json.endLine(separator)
        if lineBuffered || json.count >= RecordWriter.flushThreshold { try flush() }
    }

    /// Writes a line of text (not a record) followed by the separator.
    package func line(_ text: String) throws(WriteFailure) {
        json.append(contentsOf: text.utf8)
        json.endLine(separator)
        if lineBuffered || json.count >= RecordWriter.flushThreshold { try flush() }
    }

    /// Writes `bytes`, records already formatted (a chunk of `--jobs`), flushing as `end` does.
    /// A block of at least a buffer's size goes out as it is, after what is buffered, rather
    /// than through the buffer: a copy of every byte of output, on the thread that writes.
    package func writeFormatted(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteFailure) {
        guard fd >= 0, !discards, bytes.count >= RecordWriter.flushThreshold else {
            json.append(bytes)
            if lineBuffered || json.count >= RecordWriter.flushThreshold { try flush() }
            return
        }
        try flush()
        try writeOut(UnsafeRawBufferPointer(bytes))
    }

    /// Writes out everything buffered.
    package func flush() throws(WriteFailure) {
        guard json.count > 0, fd >= 0 else { return }
        guard !discards else { return json.reset() }
        defer { json.reset() }
        try json.withSpan { (span) throws(WriteFailure) in
            try span.withUnsafeBytes { (buffer) throws(WriteFailure) in try writeOut(buffer) }
        }
    }

    /// Writes all of `bytes` to the file descriptor.
    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? .brokenPipe : .failed(errno)
            }
            offset += n
        }
    }
}

/// A set of field names that a tool writes, to drop same-named input fields.
package struct FieldNames {
    private let names: [[UInt8]]
    /// Whether `link` is one of the names (a raw line's only field).
    package let containsLink: Bool

    /// The set of `names`.
    package init(_ names: [String]) {
        self.names = names.map { Array($0.utf8) }
        containsLink = names.contains("link")
    }

    /// Whether the key token `text[key]` is one of the names.
    package func contains(_ key: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        names.contains { JSONString.equals(key, in: text, $0) }
    }
}
