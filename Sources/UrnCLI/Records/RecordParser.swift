@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// Turns input lines into records and finds each record's link (`--field`).
package struct RecordParser {
    /// The path of the link field.
    package let field: JSONPath
    private let fieldName: String
    private let maxLine: Int
    private var scanner = JSONScanner()
    /// The paths whose values each record's scan notes: the stage's, then the `ReaderField`s
    /// (in this order, since a key is compared with the steps expected at its level in the
    /// order the paths are given, and the stage's are most of the keys met).
    private let watchedPaths: WatchedPaths
    private let stageSlots: Int
    /// The reader's slots of the fields the stage writes (`replaced`), which follow the
    /// `ReaderField`s.
    private let replacedSlots: Range<Int>
    private var linkBuffer: [UInt8] = []
    /// Under `urnparse --log`, what makes each line the record it stands for.
    private let log: LogRecordReader?
    /// Where the tables have methods, what makes a raw `METHOD target` line its record.
    private let requestLines: RequestLineReader?

    /// A parser reading the link from `field`, whose scan of each record notes the values at
    /// `stagePaths` for the stage (`RecordView.watched`) and whether the record holds a field
    /// among `replaced`, the top-level fields the stage writes (`keepsEveryMember`). With `log`,
    /// each line is an access-log line, read into a record whose link is its `link`. With
    /// `requestLines`, a raw `METHOD target` line is read as a record with a method.
    package init(field: JSONPath, fieldName: String, maxLine: Int, stagePaths: [JSONPath] = [], replaced: [String] = [],
                log: LogInput? = nil, requestLines: Bool = false) {
        self.log = log.map(LogRecordReader.init)
        self.requestLines = requestLines ? RequestLineReader() : nil
        let field = log == nil ? field : ReaderField.link.path
        self.field = field
        self.fieldName = log == nil ? fieldName : "link"
        self.maxLine = maxLine
        let replacedPaths = replaced.map(JSONPath.init(field:))
        watchedPaths = WatchedPaths(stagePaths + ReaderField.paths(link: field) + replacedPaths)
        stageSlots = stagePaths.count
        replacedSlots = ReaderField.allCases.count..<(ReaderField.allCases.count + replacedPaths.count)
        linkBuffer.reserveCapacity(1024)
    }

    /// Whether the output record of JSON record `record` keeps every member as written and in
    /// one run, `{` and `}` aside: it holds no field the stage replaces and no blank between its
    /// top-level tokens. The writer then copies its members in one piece (`RecordWriter.begin`).
    package func keepsEveryMember(_ record: RecordView) -> Bool {
        for slot in replacedSlots {
            // a slot the scan did not follow (never, for a top-level name) counts as present
            guard let found = record.readerWatched.noted(slot), found.range.isEmpty else { return false }
        }
        // the members' tokens with one `:` each and one `,` between two fill the braces exactly
        var filled = 2 &+ record.members.count &* 2 &- 1
        // tokens are ranges of the text: their lengths and sum cannot overflow
        for member in record.members {
            filled &+= (member.key.upperBound &- member.key.lowerBound) &+ (member.value.upperBound &- member.value.lowerBound)
        }
        return record.members.isEmpty ? record.text.count == 2 : filled == record.text.count
    }

    /// The record of `line`, or nil when it is blank (no record at all, skipped); throws when
    /// the line is not a usable record. The returned record's members stay valid until the
    /// next call.
    package mutating func record(_ line: InputLine, separatorIsNUL: Bool) throws(RecordError) -> RecordView? {
        if line.tooLong { throw .lineTooLong(limit: maxLine) }
        var text = Self.trimmed(line.bytes)
        guard !text.isEmpty else { return nil }
        var isRequestLine = false
        if let log {
            if !separatorIsNUL { try Self.checkNoNUL(text) }
            text = try log.record(of: text)
        } else if text[0] != UInt8(ascii: "{") {
            if !separatorIsNUL { try Self.checkNoNUL(text) }
            guard let request = requestLines?.record(of: text) else { return RecordView(text: text, isJSON: false) }
            text = request
            isRequestLine = true
        }
        do {
            try scanner.scanObject(text, watching: watchedPaths)
        } catch {
            // valid JSON holds no NUL (not even in a string), so a record is looked at for one
            // only when it fails: the NUL is the error to report
            if !separatorIsNUL { try Self.checkNoNUL(text) }
            throw .json(error)
        }
        let watched = scanner.watched
        var record = RecordView(text: text, members: scanner.members, watched: UnsafeBufferPointer(rebasing: watched[..<stageSlots]),
                                readerWatched: UnsafeBufferPointer(rebasing: watched[stageSlots...]), isJSON: true)
        record.isRequestLine = isRequestLine
        return record
    }

    /// Calls `body` with the link of `record`: the line itself, or the decoded string at `--field`,
    /// which is the record's own bytes when it holds no escape (the common case: no copy).
    /// Throws `nullLink` where the field is `null`.
    package mutating func withLink<Result>(
        of record: RecordView, _ body: (Span<UInt8>) throws -> Result
    ) throws -> Result {
        guard record.isJSON else { return try body(record.text.span) }
        guard let (value, kind, escaped) = record.token(of: .link, link: field) else {
            throw RecordError.missingField(fieldName, suggestion: Self.linkField(of: record))
        }
        guard kind == .string else { throw kind == .null ? RecordError.nullLink(fieldName) : RecordError.fieldNotString(fieldName) }
        let content = UnsafeBufferPointer(rebasing: record.text[(value.lowerBound + 1)..<(value.upperBound - 1)])
        if !(escaped ?? JSONString.hasEscape(content)) { return try body(content.span) }
        linkBuffer.removeAll(keepingCapacity: true)
        JSONString.decode(value, in: record.text, into: &linkBuffer)
        return try body(linkBuffer.span)
    }

    /// Throws for the first NUL byte of `text`.
    private static func checkNoNUL(_ text: UnsafeBufferPointer<UInt8>) throws(RecordError) {
        if let nul = memchr(text.baseAddress!, 0, text.count) {
            throw .nulByte(at: text.baseAddress!.distance(to: nul.assumingMemoryBound(to: UInt8.self)))
        }
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

    /// The first top-level string field of `record` whose value reads as a link with a scheme
    /// or as a path (`{"url":"https://…"}`), to suggest for `--field`.
    static func linkField(of record: RecordView) -> String? {
        let parser = LinkParser()
        for member in record.members where member.kind == .string {
            let value = JSONString.decoded(member.value, in: record.text)
            guard let link = try? parser.parse(value.span), link.kind != .relative || value.first == UInt8(ascii: "/") else { continue }
            return String(decoding: JSONString.decoded(member.key, in: record.text), as: UTF8.self)
        }
        return nil
    }
}
