/// The literal children of `ObservedPaths`' nodes, found by their parent and the bytes of their
/// text in one open-addressing table. Every component of every link is looked up here, so a
/// lookup builds no key and retains nothing: the texts live in one byte arena, and the hash is
/// a multiply-and-mix over eight bytes at a time, seeded once a process so that a crafted input
/// cannot aim at a chain.
struct ChildTextIndex {
    /// Each slot holds an entry's number plus one, or 0 when empty; the count is a power of two.
    private var slots = [Int32](repeating: 0, count: 64)
    private var parents: [Int32] = []
    private var children: [Int32] = []
    private var hashes: [UInt64] = []
    /// Where each entry's text starts in `arena`, and its length.
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var arena: [UInt8] = []
    private let seed = UInt64.random(in: .min ... .max)

    /// The child of `parent` whose text is `text`, if there is one.
    func child(of parent: Int32, text: some Collection<UInt8>) -> Int32? {
        let hash = Self.hash(parent, text, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot] - 1)
            if hashes[entry] == hash, parents[entry] == parent, lengths[entry] == text.count,
               arena[starts[entry]..<(starts[entry] + lengths[entry])].elementsEqual(text) {
                return children[entry]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Files `child` as the child of `parent` whose text is `text` (not filed before).
    mutating func insert(_ child: Int32, of parent: Int32, text: [UInt8]) {
        if 2 * (parents.count + 1) > slots.count { grow() }
        let hash = Self.hash(parent, text, seed: seed)
        parents.append(parent)
        children.append(child)
        hashes.append(hash)
        starts.append(arena.count)
        lengths.append(text.count)
        arena.append(contentsOf: text)
        place(parents.count - 1, hash: hash)
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in hashes.indices { place(entry, hash: hashes[entry]) }
    }

    /// The parent and the text, eight bytes at a time, each folded in by a multiply and a shift.
    private static func hash(_ parent: Int32, _ text: some Collection<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed ^ (UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15)
        var word: UInt64 = 0
        var filled = 0
        for byte in text {
            word |= UInt64(byte) << (8 * filled)
            filled += 1
            if filled == 8 {
                hash = mix(hash ^ word)
                word = 0
                filled = 0
            }
        }
        return mix(hash ^ word ^ (UInt64(text.count) << 56))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }
}
