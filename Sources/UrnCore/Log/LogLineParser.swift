@preconcurrency import Glibc

/// Reads the lines of one access-log format into their values (`LogLine`), on the line's bytes:
/// each value runs to the first place its format's next text appears, a backslash escaping
/// the byte after it (Apache's `\"`; nginx writes no raw `"` at all), or, where another value
/// follows at once, to the first byte that ends it (`LogField.ends`).
@_spi(Records) public struct LogLineParser: Sendable {
    /// The format the lines are in.
    @_spi(Records) public let format: LogFormat

    /// A parser of lines in `format`.
    @_spi(Records) public init(format: LogFormat) {
        self.format = format
    }

    /// The values of `text`, one line without its line end; throws where it does not fit the
    /// format or holds a value that is not what its field stands for. A line whose request
    /// holds no target fits: what the server logged of it is a fact of the log.
    package func parse(_ text: UnsafeBufferPointer<UInt8>) throws(LogLineError) -> LogLine {
        guard let base = text.baseAddress else { throw .mismatch(expected: describe(format.literals[0]), at: 0) }
        var line = LogLine()
        line.invalidUTF8At = UTF8Validation.firstInvalidOffset(text)
        line.hasEscapes = memchr(base, Int32(UInt8(ascii: "\\")), text.count) != nil
        return try format.text.withUnsafeBufferPointer { (pool) throws(LogLineError) -> LogLine in
            try format.fields.withUnsafeBufferPointer { (fields) throws(LogLineError) -> LogLine in
                try format.literals.withUnsafeBufferPointer { (literals) throws(LogLineError) -> LogLine in
                    var at = 0
                    for i in fields.indices {
                        try expect(UnsafeBufferPointer(rebasing: pool[literals[i]]), in: text, at: &at)
                        let next = UnsafeBufferPointer(rebasing: pool[literals[i + 1]])
                        var end = text.count
                        if !next.isEmpty {
                            guard let found = Self.find(next, in: text, from: at, base) else {
                                throw .mismatch(expected: describe(literals[i + 1]), at: text.count)
                            }
                            end = found
                        } else if fields[i].ends(at: 0) != nil {
                            // followed by another value (`LogFormat` allows it only here) or by the line's end
                            end = at
                            while end < text.count, fields[i].ends(at: text[end]) == false { end += 1 }
                        }
                        try line.read(fields[i], at..<end, in: text)
                        at = end
                    }
                    try expect(UnsafeBufferPointer(rebasing: pool[literals[fields.count]]), in: text, at: &at)
                    guard at == text.count else { throw .mismatch(expected: "the end of the line", at: at) }
                    return line
                }
            }
        }
    }

    /// Steps over `literal` at `at`, or throws.
    private func expect(_ literal: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, at: inout Int) throws(LogLineError) {
        let n = literal.count
        guard n > 0 else { return }
        guard at + n <= text.count, memcmp(text.baseAddress! + at, literal.baseAddress!, n) == 0 else {
            throw .mismatch(expected: "'\(String(decoding: literal, as: UTF8.self))'", at: at)
        }
        at += n
    }

    /// Where `literal` first appears in `text` from `start` on, not right after an escaping
    /// backslash (one of an odd run).
    private static func find(_ literal: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from start: Int,
                             _ base: UnsafePointer<UInt8>) -> Int? {
        let n = literal.count
        let first = Int32(literal[0])
        var i = start
        while i + n <= text.count {
            guard let hit = memchr(base + i, first, text.count - i) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            guard at + n <= text.count else { return nil }
            var slashes = 0
            while at - slashes > start, text[at - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
            if slashes & 1 == 0, n == 1 || memcmp(base + at, literal.baseAddress!, n) == 0 { return at }
            i = at + 1
        }
        return nil
    }

    /// The literal `range` of the format as a message shows it.
    private func describe(_ range: Range<Int>) -> String {
        "'\(String(decoding: format.text[range], as: UTF8.self))'"
    }
}

extension LogLine {
    /// Reads the value `range` of `text` as `field`: `-` and an empty value are no value.
    fileprivate mutating func read(_ field: LogField, _ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) throws(LogLineError) {
        let absent = range.isEmpty || (range.count == 1 && text[range.lowerBound] == UInt8(ascii: "-"))
        let value = UnsafeBufferPointer(rebasing: text[range])
        switch field {
        case .remote: remote = absent ? nil : range
        case .user: user = absent ? nil : range
        case .localTime:
            guard !absent else { return }
            guard let time = LogTime(clf: value) else { throw Self.invalid("time", value, range) }
            localTime = time
        case .isoTime: isoTime = absent ? nil : range
        case .request:
            // nginx's `-` for a connection that sent nothing is what the client sent too
            guard !absent else { return request = range }
            readRequest(range, in: text)
        case .method: method = absent ? nil : range
        case .target: target = absent ? nil : range
        case .path: path = absent ? nil : range
        case .query: query = absent ? nil : range
        case .pathAndQuery:
            guard !absent else { return }
            if value.contains(UInt8(ascii: "?")) {
                target = range
            } else {
                guard value.last == UInt8(ascii: "-") else { throw Self.invalid("$uri$is_args$args", value, range) }
                target = range.lowerBound..<(range.upperBound - 1)
            }
        case .status:
            guard !absent else { return }
            guard let digits = Self.number(range, in: text) else { throw Self.invalid("status", value, range) }
            status = digits
        case .bytes:
            // Apache's %b writes `-` for a response without a body: no count was logged
            guard !absent else { return }
            guard let digits = Self.number(range, in: text) else { throw Self.invalid("bytes", value, range) }
            bytes = digits
        case .referer: referer = absent ? nil : range
        case .agent: agent = absent ? nil : range
        case .host: host = absent ? nil : range
        case .duration:
            guard !absent else { return }
            guard Self.isDecimal(value) else { throw Self.invalid("request time", value, range) }
            duration = range
        case .opaque: break
        }
    }

    /// Splits the request line `METHOD target [PROTOCOL]`; the target is what lies between
    /// the first space and a last one before the protocol, spaces included (a client's raw
    /// space). A line without a method and a target is kept whole as `request`.
    private mutating func readRequest(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) {
        var space = range.lowerBound
        while space < range.upperBound, Self.isTokenByte(text[space]) { space += 1 }
        guard space > range.lowerBound, space < range.upperBound, text[space] == UInt8(ascii: " ") else {
            return request = range
        }
        var end = range.upperBound
        var last = end - 1
        while last > space, text[last] != UInt8(ascii: " ") { last -= 1 }
        if last > space, Self.isProtocol(UnsafeBufferPointer(rebasing: text[(last + 1)..<end])) { end = last }
        guard end > space + 1 else { return request = range }
        method = range.lowerBound..<space
        target = (space + 1)..<end
    }

    /// Whether `word` looks like a protocol, `NAME/VERSION` in any case: letters, `/`, digits
    /// and at most one `.` between digits (`HTTP/1.1`, `http/1.1`, `HTTP/2`, `RTSP/1.0`).
    private static func isProtocol(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < word.count, ByteClass.test(word[i], .alpha) { i += 1 }
        guard i > 0, i < word.count, word[i] == UInt8(ascii: "/") else { return false }
        var digits = 0
        var dot = false
        for byte in word[(i + 1)...] {
            if ByteClass.test(byte, .digit) {
                digits += 1
            } else if byte == UInt8(ascii: "."), digits > 0, !dot {
                dot = true
                digits = 0
            } else {
                return false
            }
        }
        return digits > 0
    }

    /// The bytes of an HTTP token (RFC 9110 §5.6.2), which a method is: letters, digits and
    /// ``!#$%&'*+-.^_`|~``.
    private static let token = ByteClass(rawValue: 0x57ff_ffff_c7ff_fffe_03ff_6cfa_0000_0000)

    /// A byte of an HTTP token.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, token)
    }

    /// The digits of `range` without leading zeros (one kept for 0), the JSON number they are
    /// whatever their length; nil when it holds anything but digits.
    private static func number(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard !range.isEmpty else { return nil }
        for i in range where !ByteClass.test(text[i], .digit) { return nil }
        var start = range.lowerBound
        while start < range.upperBound - 1, text[start] == UInt8(ascii: "0") { start += 1 }
        return start..<range.upperBound
    }

    /// Whether `value` is a decimal JSON can hold as written: `0.003`, `12`.
    private static func isDecimal(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = value.firstIndex(of: UInt8(ascii: ".")) ?? value.count
        let whole = UnsafeBufferPointer(rebasing: value[..<dot])
        guard !whole.isEmpty, whole.allSatisfy({ ByteClass.test($0, .digit) }), whole.count == 1 || whole[0] != UInt8(ascii: "0")
        else { return false }
        guard dot < value.count else { return true }
        let fraction = UnsafeBufferPointer(rebasing: value[(dot + 1)...])
        return !fraction.isEmpty && fraction.allSatisfy { ByteClass.test($0, .digit) }
    }

    private static func invalid(_ field: String, _ value: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> LogLineError {
        .invalidValue(field, String(decoding: value.prefix(40), as: UTF8.self), at: range.lowerBound)
    }
}
