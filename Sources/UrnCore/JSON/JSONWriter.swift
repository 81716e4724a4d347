/// Writes JSON text into a growing byte buffer: strings escaped (`/` left alone), invalid
/// UTF-8 replaced by U+FFFD, commas placed by a small stack of open containers.
public struct JSONWriter {
    /// The text written so far.
    public var bytes: [UInt8]
    /// One entry per open container: whether a value was already written in it.
    private var open: [Bool] = []
    /// Set after a key, so that its value takes no comma.
    private var afterKey = false

    /// A writer with `capacity` bytes reserved.
    public init(capacity: Int = 1 << 16) {
        bytes = []
        bytes.reserveCapacity(capacity)
        open.reserveCapacity(16)
    }

    /// Forgets the text written so far, keeping the storage.
    public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        afterKey = false
    }

    @inline(__always)
    private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard let last = open.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) } else { open[open.count - 1] = true }
    }

    /// Opens an object.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        open.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        open.removeLast()
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        open.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        open.removeLast()
    }

    /// Writes a member key that needs no escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a member key, escaping it.
    public mutating func key(_ name: some Collection<UInt8>) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a member whose key and value are raw JSON tokens taken from another text.
    public mutating func rawMember(key: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(contentsOf: key)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(contentsOf: value)
    }

    /// Writes a raw JSON value, which must already be valid JSON.
    public mutating func rawValue(_ value: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: value)
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        if value {
            bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Writes a floating-point number as JSON (integral values without a fraction).
    public mutating func double(_ value: Double) {
        guard value.isFinite else { null(); return }
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            rawValue(Array(value.description.utf8))
        }
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        var value = value
        _ = value.withUTF8 { string($0) }
    }

    /// Writes a string from UTF-8 bytes; returns false when invalid UTF-8 had to be replaced.
    @discardableResult
    public mutating func string(_ value: some Collection<UInt8>) -> Bool {
        if let valid = value.withContiguousStorageIfAvailable({ string($0) }) { return valid }
        return Array(value).withUnsafeBufferPointer { string($0) }
    }

    /// Writes a string from UTF-8 bytes; returns false when invalid UTF-8 had to be replaced.
    @discardableResult
    public mutating func string(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        separate()
        bytes.append(UInt8(ascii: "\""))
        let valid = appendEscaped(value)
        bytes.append(UInt8(ascii: "\""))
        return valid
    }

    /// Appends the escaped content of a string, without quotes; false when bytes were replaced.
    @discardableResult
    public mutating func appendEscaped(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var valid = true
        var i = 0
        let n = value.count
        var runStart = 0
        while i < n {
            let byte = value[i]
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                i += 1
                continue
            }
            if byte >= 0x80, let len = UTF8Validation.sequenceLength(value, at: i) {
                i += len
                continue
            }
            if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: value[runStart..<i])) }
            if byte >= 0x80 {
                bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])
                valid = false
            } else {
                appendEscape(byte)
            }
            i += 1
            runStart = i
        }
        if runStart < n { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: value[runStart..<n])) }
        return valid
    }

    private mutating func appendEscape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let low = byte & 0xF
            bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, 0x30 + byte >> 4, low < 10 ? 0x30 + low : 0x57 + low])
        }
    }
}
