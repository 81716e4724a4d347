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
    /// format, holds a value that is not what its field stands for, or names no request target.
    package func parse(_ text: UnsafeBufferPointer<UInt8>) throws(LogLineError) -> LogLine {
        if let bad = UTF8Validation.firstInvalidOffset(text) { throw .invalidUTF8(at: bad) }
        guard let base = text.baseAddress else { throw .mismatch(expected: describe(format.literals[0]), at: 0) }
        var line = LogLine()
        line.hasEscapes = memchr(base, Int32(UInt8(ascii: "\\")), text.count) != nil
        return try format.text.withUnsafeBufferPointer { (pool) throws(LogLineError) -> LogLine in
            try format.fields.withUnsafeBufferPointer { (fields) throws(LogLineError) -> LogLine in
                try format.literals.withUnsafeBufferPointer { (literals) throws(LogLineError) -> LogLine in
                    var at = 0
                    var targetAt = 0
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
                        if fields[i].holdsTarget { targetAt = at }
                        try line.read(fields[i], at..<end, in: text)
                        at = end
                    }
                    try expect(UnsafeBufferPointer(rebasing: pool[literals[fields.count]]), in: text, at: &at)
                    guard at == text.count else { throw .mismatch(expected: "the end of the line", at: at) }
                    guard line.target != nil || line.path != nil else { throw .invalidRequest(at: targetAt) }
                    return line
                }
            }
        }
    }

    /// Steps over `literal` at `at`, or throws.
    @inline(__always)
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
    @inline(__always)
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
            guard !absent else { throw .invalidRequest(at: range.lowerBound) }
            try readRequest(range, in: text)
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
            guard let number = Self.integer(value) else { throw Self.invalid("status", value, range) }
            status = number
        case .bytes:
            // Apache's %b writes `-` for a response without a body
            guard !absent else { return bytes = 0 }
            guard let number = Self.integer(value) else { throw Self.invalid("bytes", value, range) }
            bytes = number
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
    /// the first space and a last one before `HTTP/`, spaces included (a client's raw space).
    private mutating func readRequest(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) throws(LogLineError) {
        var space = range.lowerBound
        while space < range.upperBound, Self.isTokenByte(text[space]) { space += 1 }
        guard space > range.lowerBound, space < range.upperBound, text[space] == UInt8(ascii: " ") else {
            throw .invalidRequest(at: range.lowerBound)
        }
        var end = range.upperBound
        var last = end - 1
        while last > space, text[last] != UInt8(ascii: " ") { last -= 1 }
        if last > space, end - last > 5, memcmp(text.baseAddress! + last + 1, Self.http.utf8Start, 5) == 0 {
            end = last
        }
        guard end > space + 1 else { throw .invalidRequest(at: range.lowerBound) }
        method = range.lowerBound..<space
        target = (space + 1)..<end
    }

    private static let http: StaticString = "HTTP/"

    /// The bytes of an HTTP token (RFC 9110 §5.6.2), which a method is: letters, digits and
    /// ``!#$%&'*+-.^_`|~``.
    private static let token = ByteClass(rawValue: 0x57ff_ffff_c7ff_fffe_03ff_6cfa_0000_0000)

    /// A byte of an HTTP token.
    @inline(__always)
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, token)
    }

    /// `value` as a count of up to 18 digits.
    private static func integer(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !value.isEmpty, value.count <= 18 else { return nil }
        var number = 0
        for byte in value {
            guard ByteClass.test(byte, .digit) else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
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
