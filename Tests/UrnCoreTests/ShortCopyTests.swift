import Testing
@_spi(Records) @testable import UrnCore

@Suite struct ShortCopyTests {
    /// Equal runs compare equal, and a run that differs in any one byte does not, for every
    /// length the comparison treats apart (under four, four to seven, eight to sixteen, longer).
    @Test func comparesEveryLengthAndPosition() {
        for count in 0...40 {
            let a = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            a.withUnsafeBufferPointer { a in
                var b = Array(a)
                #expect(b.withUnsafeBufferPointer { a.baseAddress!.equalsShort($0.baseAddress!, count: count) }, "\(count)")
                for position in 0..<count {
                    b = Array(a)
                    b[position] ^= 0x20
                    #expect(!b.withUnsafeBufferPointer { a.baseAddress!.equalsShort($0.baseAddress!, count: count) }, "\(position) of \(count)")
                }
            }
        }
    }

    /// A short copy moves exactly `count` bytes, leaving the bytes after them alone.
    @Test func copiesEveryLength() {
        for count in 0...40 {
            let source = (0..<count).map { UInt8(truncatingIfNeeded: 0x61 + $0) }
            var target = [UInt8](repeating: 0, count: count + 8)
            source.withUnsafeBufferPointer { source in
                target.withUnsafeMutableBufferPointer { $0.baseAddress!.updateShort(from: source.baseAddress!, count: count) }
            }
            #expect(Array(target[..<count]) == source && target[count...].allSatisfy { $0 == 0 }, "\(count)")
        }
    }
}
