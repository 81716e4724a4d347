import Testing
@_spi(Records) @testable import UrnCore

/// `ControlBytes.any` says what a byte-by-byte test says, for every length, start and position
/// of one byte on either side of the control range.
@Suite struct ControlBytesTests {
    @Test func agreesWithAByteLoop() {
        for length in 0...20 {
            for start in 0...length {
                for position in 0..<max(length, 1) {
                    for byte: UInt8 in [0x00, 0x09, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xC3, 0xFF] {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                        if position < length { bytes[position] = byte }
                        let expected = bytes[start...].contains { $0 < 0x20 || $0 == 0x7F }
                        #expect(ControlBytes.any(in: bytes, from: start) == expected, "\(length) \(start) \(position) \(byte)")
                    }
                }
            }
        }
    }
}
