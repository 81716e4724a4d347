/// Writes JSON text into a growing byte buffer that it owns: strings escaped (`/` left alone),
/// invalid UTF-8 replaced by U+FFFD, commas placed by one flag (a closed container is a value
/// of the one around it, so no stack of open containers is needed).
/// Noncopyable, so that the buffer has one owner and is written without copy-on-write checks.
/// The small methods are inlinable, so that the tools (other modules) write without a call each.
@_spi(Records) public struct JSONWriter: ~Copyable {
    /// The text written so far.
    @usableFromInline var buffer: ByteBuffer
    /// Set when the next key or value needs a comma before it: after a value or member in an
    /// open container, cleared by opening one, by a key and by the end of a line.
    @usableFromInline var needsComma = false

    /// A writer with `capacity` bytes reserved.
    @_spi(Records) public init(capacity: Int = 1 << 16) {
        buffer = ByteBuffer(capacity: capacity)
    }

    /// The number of bytes written.
    @inlinable
    @_spi(Records) public var count: Int { buffer.count }

    /// A copy of the text written so far.
    @_spi(Records) public var bytes: [UInt8] { buffer.bytes }

    /// The text written so far, valid until the writer next changes (a record made to be read
    /// back, `urnparse --log`).
    @inlinable
    @_spi(Records) public func unsafeText() -> UnsafeBufferPointer<UInt8> { buffer.unsafeView(0..<buffer.count) }

    /// Calls `body` with the text written so far.
    @_spi(Records) public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try buffer.withSpan(body)
    }

    /// Forgets the text written so far, keeping the storage.
    @_spi(Records) public mutating func reset() {
        buffer.removeAll()
        needsComma = false
    }

    /// Ends a line of top-level text with `separator`: what follows starts a new value.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func endLine(_ separator: UInt8) {
        buffer.append(separator)
        needsComma = false
    }

    /// Appends one byte of raw text.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends raw text.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        buffer.append(text)
    }

    /// Appends raw text from any collection of bytes. Inlinable, as are the other generic
    /// methods, so that a caller in another module gets a specialized copy.
    @inlinable
    @_spi(Records) public mutating func append(contentsOf text: some Collection<UInt8>) {
        if text.withContiguousStorageIfAvailable({ append($0) }) != nil { return }
        for byte in text { append(byte) }
    }

    /// Places the comma before a key or value where one is needed; what follows then needs one.
    @inlinable @inline(__always)
    mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
        needsComma = true
    }

    @inlinable
    mutating func open(_ byte: UInt8) {
        separate()
        append(byte)
        needsComma = false
    }

    /// Opens an object.
    @inlinable
    @_spi(Records) public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    @inlinable
    @_spi(Records) public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    @inlinable
    @_spi(Records) public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    @inlinable
    @_spi(Records) public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member key that needs no escaping.
    @inlinable
    @_spi(Records) public mutating func key(_ name: StaticString) {
        plainKey(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Writes a member key, escaping it.
    @inlinable
    @_spi(Records) public mutating func key(_ name: some Collection<UInt8>) {
        string(name)
        endKey()
    }

    /// Writes a member key from UTF-8 bytes: a plain one (the usual argument name) quoted with
    /// its colon in one go, any other escaped.
    @_spi(Records) public mutating func key(_ name: UnsafeBufferPointer<UInt8>) {
        let n = name.count
        guard let source = name.baseAddress, EscapeFreeRun.end(source, from: 0, to: n) == n else {
            string(name)
            endKey()
            return
        }
        plainKey(name)
    }

    /// Writes a member key known to need no escaping (printable ASCII other than `"` and `\`),
    /// quoted with its colon in one go.
    @inlinable
    @_spi(Records) public mutating func plainKey(_ name: UnsafeBufferPointer<UInt8>) {
        separate()
        let n = name.count
        let out = buffer.unsafeTail(minimum: n + 3)
        out[0] = UInt8(ascii: "\"")
        if let source = name.baseAddress { (out + 1).updateShort(from: source, count: n) }
        out[n + 1] = UInt8(ascii: "\"")
        out[n + 2] = UInt8(ascii: ":")
        buffer.unsafeCommit(n + 3)
        needsComma = false
    }

    /// Ends a key written as a string: the colon, and no comma before its value.
    @inlinable
    mutating func endKey() {
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member whose key and value are raw JSON tokens taken from another text.
    @_spi(Records) public mutating func rawMember(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        separate()
        append(key)
        append(UInt8(ascii: ":"))
        append(value)
    }

    /// Writes members already encoded as JSON (`"a":1,"b":2`) into the open object.
    @inlinable
    @_spi(Records) public mutating func rawMembers(_ members: UnsafeBufferPointer<UInt8>) {
        separate()
        append(members)
    }

    /// Writes members already encoded as JSON and then a key, also encoded (`"a":1,"b":`),
    /// whose value comes next.
    @inlinable
    @_spi(Records) public mutating func rawMembersAndKey(_ text: UnsafeBufferPointer<UInt8>) {
        separate()
        append(text)
        needsComma = false
    }

    /// Writes JSON text known when the program is built that goes on where a member is due
    /// and ends where a value is due: after a key, or after opening an object or array
    /// (`"kind":"url","parts":{`). One call instead of one a token.
    @inlinable
    @_spi(Records) public mutating func rawMembersAndKey(_ text: StaticString) {
        separate()
        let n = text.utf8CodeUnitCount
        buffer.unsafeTail(minimum: n).updateShort(from: text.utf8Start, count: n)
        buffer.unsafeCommit(n)
        needsComma = false
    }

    /// Writes a raw JSON value, which must already be valid JSON.
    @inlinable
    @_spi(Records) public mutating func rawValue(_ value: some Collection<UInt8>) {
        separate()
        append(contentsOf: value)
    }

    /// Writes `null`.
    @inlinable
    @_spi(Records) public mutating func null() {
        separate()
        append(contentsOf: "null".utf8)
    }

    /// Writes `true` or `false`.
    @inlinable
    @_spi(Records) public mutating func bool(_ value: Bool) {
        separate()
        append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// Writes an integer.
    @inlinable
    @_spi(Records) public mutating func int(_ value: Int) {
        separate()
        let out = buffer.unsafeTail(minimum: 20)
        let sign = value < 0 ? 1 : 0
        if sign == 1 { out[0] = UInt8(ascii: "-") }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        var i = sign + digits - 1
        repeat {
            out[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            i -= 1
        } while magnitude > 0
        buffer.unsafeCommit(sign + digits)
    }

    /// Writes a floating-point number as JSON (integral values without a fraction).
    @_spi(Records) public mutating func double(_ value: Double) {
        guard value.isFinite else { null(); return }
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            rawValue(Array(value.description.utf8))
        }
    }

    /// Writes a string.
    @_spi(Records) public mutating func string(_ value: String) {
        var value = value
        _ = value.withUTF8 { string($0) }
    }

    /// Writes a string that needs no escaping (printable ASCII other than `"` and `\`), as it
    /// is or, when asked, in lower case.
    @inlinable
    @_spi(Records) public mutating func escapeFreeString(_ value: UnsafeBufferPointer<UInt8>, lowercased: Bool = false) {
        separate()
        let n = value.count
        let out = buffer.unsafeTail(minimum: n + 2)
        out[0] = UInt8(ascii: "\"")
        if let source = value.baseAddress { (out + 1).updateShort(from: source, count: n) }
        if lowercased {
            for i in 1..<(n + 1) { out[i] = ByteClass.lowercased(out[i]) }
        }
        out[n + 1] = UInt8(ascii: "\"")
        buffer.unsafeCommit(n + 2)
    }

    /// Writes a constant string that needs no escaping, as it is.
    @inlinable
    @_spi(Records) public mutating func escapeFreeString(_ value: StaticString) {
        escapeFreeString(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    /// Writes a string from UTF-8 bytes; returns false when invalid UTF-8 had to be replaced.
    @discardableResult @inlinable
    @_spi(Records) public mutating func string(_ value: some Collection<UInt8>) -> Bool {
        if let valid = value.withContiguousStorageIfAvailable({ string($0) }) { return valid }
        return Array(value).withUnsafeBufferPointer { string($0) }
    }

    /// Writes a string from UTF-8 bytes, as `escapeFreeString` does when `plain` says they need no
    /// escape; returns false when invalid UTF-8 had to be replaced. A call, so that a writer of
    /// frames keeps the small writes around it inlined.
    @discardableResult
    @_spi(Records) public mutating func string(_ value: UnsafeBufferPointer<UInt8>, plain: Bool) -> Bool {
        guard plain else { return string(value) }
        escapeFreeString(value)
        return true
    }

    /// Writes a string from UTF-8 bytes; returns false when invalid UTF-8 had to be replaced.
    @discardableResult
    @_spi(Records) public mutating func string(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        separate()
        // Room for the quotes and the worst case of the content, reserved once.
        let n = value.count
        let out = buffer.unsafeTail(minimum: n * 6 + 2)
        out[0] = UInt8(ascii: "\"")
        guard let source = value.baseAddress, EscapeFreeRun.end(source, from: 0, to: n) < n else {
            // nothing to escape, the common case
            if let source = value.baseAddress { (out + 1).updateShort(from: source, count: n) }
            out[n + 1] = UInt8(ascii: "\"")
            buffer.unsafeCommit(n + 2)
            return true
        }
        buffer.unsafeCommit(1)
        let valid = appendEscaped(value)
        buffer.appendReserved(UInt8(ascii: "\""))
        return valid
    }

    /// Appends the escaped content of a string, without quotes; false when bytes were replaced.
    @discardableResult
    @_spi(Records) public mutating func appendEscaped(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        // Worst case: every byte becomes a six-byte \u00XX escape.
        let start = buffer.unsafeTail(minimum: value.count * 6)
        var valid = true
        var out = start
        guard let source = value.baseAddress else { return true }
        var i = 0
        let n = value.count
        while i < n {
            // Copy the longest run of bytes that need no escaping in one go.
            let j = EscapeFreeRun.end(source, from: i, to: n)
            if j > i {
                out.updateShort(from: source + i, count: j - i)
                out += j - i
                i = j
                if i == n { break }
            }
            let byte = source[i]
            if byte >= 0x80 {
                if let len = UTF8Validation.sequenceLength(value, at: i) {
                    for k in 0..<len { out[k] = value[i + k] }
                    out += len
                    i += len
                } else {
                    out[0] = 0xEF; out[1] = 0xBF; out[2] = 0xBD
                    out += 3
                    i += 1
                    valid = false
                }
                continue
            }
            out[0] = UInt8(ascii: "\\")
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte; out += 2
            case 0x08: out[1] = UInt8(ascii: "b"); out += 2
            case 0x0C: out[1] = UInt8(ascii: "f"); out += 2
            case 0x0A: out[1] = UInt8(ascii: "n"); out += 2
            case 0x0D: out[1] = UInt8(ascii: "r"); out += 2
            case 0x09: out[1] = UInt8(ascii: "t"); out += 2
            default:
                let low = byte & 0xF
                out[1] = UInt8(ascii: "u"); out[2] = 0x30; out[3] = 0x30
                out[4] = 0x30 + byte >> 4
                out[5] = low < 10 ? 0x30 + low : 0x57 + low
                out += 6
            }
            i += 1
        }
        buffer.unsafeCommit(start.distance(to: out))
        return valid
    }
}
