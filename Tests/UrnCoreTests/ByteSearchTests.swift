import Testing
@testable import UrnCore

/// `ByteSearch.firstIndex`: the index a plain loop gives, in whole blocks of sixteen and in the
/// bytes after them, from any start (one past the end too, as a skipped escape leaves it).
struct ByteSearchTests {
    @Test func findsWhatAPlainLoopFinds() {
        let wanted: [UInt8] = [0x20, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\")]
        for length in 0...48 {
            for place in [nil] + Array(0..<length) {
                var bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                if let place { bytes[place] = wanted[place % wanted.count] }
                for start in 0...(length + 1) {
                    let found = bytes.withUnsafeBufferPointer {
                        ByteSearch.firstIndex(in: $0, from: start, of: wanted[0], wanted[1], wanted[2], wanted[3], wanted[4])
                    }
                    let expected = start > length ? start : (bytes[start...].firstIndex(where: wanted.contains) ?? length)
                    #expect(found == expected, "length \(length), byte at \(String(describing: place)), from \(start)")
                }
            }
        }
    }

    /// A byte at or above 0x80 is found as any other (the lanes are compared as signed bytes).
    @Test func findsHighBytes() {
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20) + [0xFF]
        let found = bytes.withUnsafeBufferPointer { ByteSearch.firstIndex(in: $0, from: 0, of: 0xFF, 0xFF, 0xFF, 0xFF, 0xFF) }
        #expect(found == 20)
    }
}
