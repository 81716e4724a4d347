import Testing
@testable import UrnCore

/// `ByteCount.occurrences`: whole blocks of sixteen, the bytes after them, and a byte at or
/// above 0x80 (a signed lane).
struct ByteCountTests {
    /// The count the plain loop gives, for every length up to three blocks and every place.
    @Test func countsAsAPlainLoopDoes() {
        for byte: UInt8 in [0x0A, 0x00, 0xFF] {
            for length in 0...48 {
                var bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) }
                for k in stride(from: 0, to: length, by: 3) { bytes[k] = byte }
                let counted = bytes.withUnsafeBufferPointer { ByteCount.occurrences(of: byte, in: $0) }
                #expect(counted == bytes.count(where: { $0 == byte }), "byte \(byte), length \(length)")
            }
        }
    }

    /// An empty buffer, with no memory at all, holds none.
    @Test func emptyHoldsNone() {
        #expect(ByteCount.occurrences(of: 0x0A, in: UnsafeBufferPointer(start: nil, count: 0)) == 0)
    }
}
