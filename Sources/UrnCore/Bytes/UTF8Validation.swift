/// Validation of UTF-8 byte sequences, shared by the JSON codec and the link parser.
@_spi(Records) public enum UTF8Validation {
    /// The length of the well-formed UTF-8 sequence starting at `index`, or nil when it is
    /// ill-formed (overlong, surrogate, out of range or truncated), per Unicode table 3-7.
    @inlinable
    @_spi(Records) public static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let b0 = bytes[index]
        if b0 < 0x80 { return 1 }
        let end = bytes.count
        @inline(__always) func cont(_ i: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i < end && bytes[i] >= lo && bytes[i] <= hi
        }
        switch b0 {
        case 0xC2...0xDF:
            return cont(index + 1) ? 2 : nil
        case 0xE0:
            return cont(index + 1, 0xA0) && cont(index + 2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(index + 1) && cont(index + 2) ? 3 : nil
        case 0xED:
            return cont(index + 1, 0x80, 0x9F) && cont(index + 2) ? 3 : nil
        case 0xF0:
            return cont(index + 1, 0x90) && cont(index + 2) && cont(index + 3) ? 4 : nil
        case 0xF1...0xF3:
            return cont(index + 1) && cont(index + 2) && cont(index + 3) ? 4 : nil
        case 0xF4:
            return cont(index + 1, 0x80, 0x8F) && cont(index + 2) && cont(index + 3) ? 4 : nil
        default:
            return nil
        }
    }

    /// The offset of the first ill-formed sequence in `bytes`, or nil when all of it is UTF-8.
    @inlinable @_spi(Records) public static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        while i < n {
            // Skip ASCII eight bytes at a time: links and records are mostly ASCII.
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            if bytes[i] < 0x80 { i += 1; continue }
            guard let len = sequenceLength(bytes, at: i) else { return i }
            i += len
        }
        return nil
    }

    /// Whether `bytes` is well-formed UTF-8.
    @inlinable @_spi(Records) public static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalidOffset($0) == nil }
    }
}
