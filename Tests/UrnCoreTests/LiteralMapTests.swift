import Testing
@_spi(Records) @testable import UrnCore

/// A literal map finds each key under its parent, and nothing for a key of the same length that
/// differs in any one byte, whatever the length (the comparison goes a word at a time).
@Suite struct LiteralMapTests {
    @Test func findsKeysAndRefusesNearMisses() {
        var map = LiteralMap()
        let keys = (0...20).map { length in (0..<length).map { UInt8(ascii: "a") + UInt8(($0 * 7 + length) % 26) } }
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { #expect(map.child(of: i % 3, for: $0, orAdding: 100 + i) == 100 + i, "\(i) added") }
        }
        // each again: found, not added (a child of a new parent is added without comparing)
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { #expect(map.child(of: i % 3, for: $0, orAdding: 999) == 100 + i, "\(i) found") }
        }
        Array("new".utf8).withUnsafeBufferPointer { #expect(map.child(of: 7, for: $0, orAdding: 500, parentIsNew: true) == 500) }
        let view = map.takeView()
        Array("new".utf8).withUnsafeBufferPointer { #expect(view.child(of: 7, for: $0) == 500) }
        defer { view.deallocate() }
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { #expect(view.child(of: i % 3, for: $0) == 100 + i, "\(i)") }
            key.withUnsafeBufferPointer { #expect(view.child(of: i % 3 + 1, for: $0) == nil || i % 3 + 1 == 7, "\(i) under another parent") }
            for place in key.indices {
                var miss = key
                miss[place] = UInt8(ascii: "Z")
                miss.withUnsafeBufferPointer { #expect(view.child(of: i % 3, for: $0) == nil, "\(i) with byte \(place) changed") }
            }
        }
    }
}
