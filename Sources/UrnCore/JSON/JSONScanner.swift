/// The kind of a JSON value, as seen from its first byte.
public enum JSONKind: UInt8, Sendable {
    case object, array, string, number, bool, null
}

/// One member of a scanned JSON object: where its key and value lie in the text.
public struct JSONMember: Sendable {
    /// The key token, quotes included.
    public var key: Range<Int>
    /// The value token, byte for byte.
    public var value: Range<Int>
    /// The kind of the value.
    public var kind: JSONKind
}

/// A validating RFC 8259 reader that records where values lie instead of building them, so a
/// record can be re-emitted byte for byte with fields added.
public struct JSONScanner {
    /// The deepest nesting accepted; deeper texts are rejected rather than risk the stack.
    public static let depthLimit = 512

    /// The members of the last object scanned by `scanObject`.
    public private(set) var members: [JSONMember] = []
    /// Every value inside the last object scanned with `indexing` (empty without).
    public private(set) var index = JSONIndex()

    /// A scanner with no members yet.
    public init() {}

    /// Validates `text` as one JSON object (blanks around it allowed) and records its members.
    public mutating func scanObject(_ text: UnsafeBufferPointer<UInt8>, indexing: Bool = false) throws(JSONError) {
        members.removeAllShort()  // a record has a few members: removeAll(keepingCapacity:) costs ~60 a record
        var cursor = Cursor(text: text, position: 0, indexing: indexing)
        // the cursor fills the index in its storage, reused from record to record
        index.removeAll()
        swap(&cursor.index, &index)
        defer { swap(&cursor.index, &index) }
        cursor.skipBlanks()
        guard cursor.position < text.count else { throw JSONError(.unexpectedEnd, at: cursor.position) }
        guard text[cursor.position] == UInt8(ascii: "{") else {
            throw JSONError(.notAnObject, at: cursor.position)
        }
        try cursor.scanObject(depth: 1) { key, value, kind in
            members.append(JSONMember(key: key, value: value, kind: kind))
        }
        cursor.skipBlanks()
        if cursor.position != text.count { throw JSONError(.trailingData, at: cursor.position) }
    }

    /// The members of the object whose text is `text[range]`, which must already be valid JSON.
    public static func members(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [JSONMember] {
        var cursor = Cursor(text: text, position: range.lowerBound)
        var found: [JSONMember] = []
        try? cursor.scanObject(depth: 1) { key, value, kind in
            found.append(JSONMember(key: key, value: value, kind: kind))
        }
        return found
    }

    /// The last member named `name` of the object whose text is `text[range]`, which must already
    /// be valid JSON (it is skipped over, not checked again).
    public static func member(named name: [UInt8], of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> JSONMember? {
        JSONSkipper.member(named: name, of: range, in: text)
    }

    /// Validates that `text` is exactly one JSON value of any kind.
    public static func validateValue(_ text: UnsafeBufferPointer<UInt8>) throws(JSONError) {
        var cursor = Cursor(text: text, position: 0)
        cursor.skipBlanks()
        _ = try cursor.scanValue(depth: 0)
        cursor.skipBlanks()
        if cursor.position != text.count { throw JSONError(.trailingData, at: cursor.position) }
    }

    /// A position in a text being scanned.
    struct Cursor {
        let text: UnsafeBufferPointer<UInt8>
        var position: Int
        /// Whether to record every member and element in `index`.
        var indexing = false
        var index = JSONIndex()

        /// Moves past blanks. Records rarely have any between tokens, so the first byte is
        /// tested inline and only a blank (or the end) goes on to the loop.
        @inline(__always)
        mutating func skipBlanks() {
            if position < text.count, text[position] > 0x20 { return }
            skipBlankRun()
        }

        mutating func skipBlankRun() {
            while position < text.count {
                switch text[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        @inline(__always)
        func peek() throws(JSONError) -> UInt8 {
            guard position < text.count else { throw JSONError(.unexpectedEnd, at: position) }
            return text[position]
        }

        @inline(__always)
        mutating func expect(_ byte: UInt8, _ what: StaticString) throws(JSONError) {
            if position < text.count, text[position] == byte {
                position += 1
                return
            }
            try unexpected(what)
        }

        /// Throws for the byte at the cursor (or the end), where `what` was expected.
        @inline(never)
        func unexpected(_ what: StaticString) throws(JSONError) {
            let found = try peek()
            throw JSONError(.unexpected(found, expected: what.description), at: position)
        }

        /// Scans the value at the cursor and returns its kind.
        @inline(__always)
        mutating func scanValue(depth: Int) throws(JSONError) -> JSONKind {
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "{"):
                try scanObject(depth: depth + 1) { _, _, _ in }
                return .object
            case UInt8(ascii: "["):
                try scanArray(depth: depth + 1) { _, _ in }
                return .array
            case UInt8(ascii: "\""):
                try scanString()
                return .string
            case UInt8(ascii: "t"):
                try scanLiteral("true")
                return .bool
            case UInt8(ascii: "f"):
                try scanLiteral("false")
                return .bool
            case UInt8(ascii: "n"):
                try scanLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try scanNumber()
                return .number
            default:
                throw JSONError(.unexpected(byte, expected: "a value"), at: position)
            }
        }

        mutating func scanObject(depth: Int, _ member: (Range<Int>, Range<Int>, JSONKind) -> Void) throws(JSONError) {
            guard depth <= JSONScanner.depthLimit else {
                throw JSONError(.tooDeep(limit: JSONScanner.depthLimit), at: position)
            }
            position += 1  // {
            skipBlanks()
            if try peek() == UInt8(ascii: "}") { position += 1; return }
            while true {
                skipBlanks()
                let keyStart = position
                guard try peek() == UInt8(ascii: "\"") else {
                    throw JSONError(.unexpected(text[position], expected: "'\"'"), at: position)
                }
                try scanString()
                let key = keyStart..<position
                skipBlanks()
                try expect(UInt8(ascii: ":"), "':'")
                skipBlanks()
                let valueStart = position
                let entry = indexing ? index.open(key: key, start: valueStart) : 0
                let kind = try scanValue(depth: depth)
                if indexing { index.close(entry, end: position, kind: kind) }
                member(key, valueStart..<position, kind)
                skipBlanks()
                let next = try peek()
                position += 1
                if next == UInt8(ascii: "}") { return }
                guard next == UInt8(ascii: ",") else {
                    throw JSONError(.unexpected(next, expected: "',' or '}'"), at: position - 1)
                }
            }
        }

        mutating func scanArray(depth: Int, _ element: (Range<Int>, JSONKind) -> Void) throws(JSONError) {
            guard depth <= JSONScanner.depthLimit else {
                throw JSONError(.tooDeep(limit: JSONScanner.depthLimit), at: position)
            }
            position += 1  // [
            skipBlanks()
            if try peek() == UInt8(ascii: "]") { position += 1; return }
            while true {
                skipBlanks()
                let start = position
                let entry = indexing ? index.open(key: start..<start, start: start) : 0
                let kind = try scanValue(depth: depth)
                if indexing { index.close(entry, end: position, kind: kind) }
                element(start..<position, kind)
                skipBlanks()
                let next = try peek()
                position += 1
                if next == UInt8(ascii: "]") { return }
                guard next == UInt8(ascii: ",") else {
                    throw JSONError(.unexpected(next, expected: "',' or ']'"), at: position - 1)
                }
            }
        }

        mutating func scanLiteral(_ word: StaticString) throws(JSONError) {
            let n = word.utf8CodeUnitCount
            let p = word.utf8Start
            for i in 0..<n {
                guard position < text.count else { throw JSONError(.unexpectedEnd, at: position) }
                guard text[position] == p[i] else {
                    throw JSONError(.unexpected(text[position], expected: "'\(word)'"), at: position)
                }
                position += 1
            }
        }

        mutating func scanDigits() -> Int {
            let start = position
            while position < text.count, text[position] &- UInt8(ascii: "0") < 10 { position += 1 }
            return position - start
        }

        mutating func scanNumber() throws(JSONError) {
            let start = position
            if text[position] == UInt8(ascii: "-") { position += 1 }
            guard position < text.count else { throw JSONError(.invalidNumber, at: start) }
            if text[position] == UInt8(ascii: "0") {
                position += 1
            } else if scanDigits() == 0 {
                throw JSONError(.invalidNumber, at: position)
            }
            if position < text.count, text[position] == UInt8(ascii: ".") {
                position += 1
                guard scanDigits() > 0 else { throw JSONError(.invalidNumber, at: position) }
            }
            if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
                    position += 1
                }
                guard scanDigits() > 0 else { throw JSONError(.invalidNumber, at: position) }
            }
        }

        /// Scans a string token, checking escapes, surrogate pairs and UTF-8.
        @inline(__always)
        mutating func scanString() throws(JSONError) {
            position += 1  // opening quote
            let base = text.baseAddress!
            let count = text.count
            while true {
                // Skip the plain ASCII run in one tight loop; most strings are nothing else.
                position = PlainRun.end(base, from: position, to: count)
                guard position < count else { throw JSONError(.unexpectedEnd, at: position) }
                let byte = base[position]
                if byte == UInt8(ascii: "\"") { position += 1; return }
                if byte == UInt8(ascii: "\\") {
                    try scanEscape()
                } else if byte < 0x20 {
                    throw JSONError(.controlCharacter, at: position)
                } else if byte < 0x80 {
                    position += 1
                } else {
                    guard let len = UTF8Validation.sequenceLength(text, at: position) else {
                        throw JSONError(.invalidUTF8, at: position)
                    }
                    position += len
                }
            }
        }

        mutating func scanEscape() throws(JSONError) {
            let start = position
            position += 1
            guard position < text.count else { throw JSONError(.unexpectedEnd, at: position) }
            switch text[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                let unit = try scanHex4(at: position + 1)
                position += 5
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard position + 1 < text.count, text[position] == UInt8(ascii: "\\"),
                          text[position + 1] == UInt8(ascii: "u")
                    else { throw JSONError(.loneSurrogate, at: start) }
                    let low = try scanHex4(at: position + 2)
                    guard low >= 0xDC00 && low < 0xE000 else { throw JSONError(.loneSurrogate, at: start) }
                    position += 6
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    throw JSONError(.loneSurrogate, at: start)
                }
            default:
                throw JSONError(.invalidEscape, at: start)
            }
        }

        func scanHex4(at index: Int) throws(JSONError) -> UInt32 {
            guard index + 4 <= text.count else { throw JSONError(.invalidUnicodeEscape, at: index - 2) }
            var value: UInt32 = 0
            for i in index..<index + 4 {
                guard let digit = ByteClass.hexValue(text[i]) else {
                    throw JSONError(.invalidUnicodeEscape, at: index - 2)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
