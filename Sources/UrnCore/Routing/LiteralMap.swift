/// The literal children of a trie node: byte strings to node indexes in an open-addressing table
/// with FNV-1a hashes. Swift's `Dictionary` hashes an `ArraySlice` byte by byte through SipHash,
/// which cost a sixth of a lookup; this hashes with a few instructions a byte and compares with
/// `memcmp`-like loops over the component's bytes.
struct LiteralMap: Sendable {
    private var keys: [[UInt8]] = []
    private var values: [Int] = []
    /// Entry index + 1 per slot, 0 for an empty slot; the count is a power of two.
    private var slots: [Int32] = []

    /// Whether the map is empty.
    var isEmpty: Bool { keys.isEmpty }

    /// The value of `key`, if any.
    func value(for key: ArraySlice<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if keys[entry - 1].elementsEqual(key) { return values[entry - 1] }
            slot = (slot + 1) & mask
        }
    }

    /// Sets `key` to `value` (a new key; the trie looks up before inserting).
    mutating func insert(_ key: [UInt8], _ value: Int) {
        keys.append(key)
        values.append(value)
        if keys.count * 2 > slots.count {
            slots = [Int32](repeating: 0, count: max(8, slots.count * 2))
            for index in keys.indices { place(index) }
        } else {
            place(keys.count - 1)
        }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(keys[index][...])) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// FNV-1a, 64 bits.
    @inline(__always)
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }
}
