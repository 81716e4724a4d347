/// The literal edges of a whole trie: (parent node, byte string) to child node, in one
/// open-addressing table. Keys live in one flat run of bytes and entries are
/// plain integers, so a lookup touches no reference counts; it compares with a `memcmp`-like
/// loop over the component's bytes, where Swift's `Dictionary` would hash an `ArraySlice` byte
/// by byte through SipHash. The lists are kept in `ReusedStorage`, read through pointers, which
/// a look-up retains none of.
/// Noncopyable, since copies would share that memory.
struct LiteralMap: ~Copyable {
    /// One edge: its parent, where its key lies in `keyBytes`, and its child.
    struct Entry {
        var parent: Int32
        var start: Int32
        var count: Int32
        var child: Int32
    }

    private var keyBytes = ReusedStorage<UInt8>()
    private var entries = ReusedStorage<Entry>()
    /// Entry index + 1 per slot, 0 for an empty slot; the count is a power of two.
    private var slots = ReusedStorage<Int32>()

    /// An empty map.
    init() {}

    /// The child of `parent` along `key`, if any.
    func child(of parent: Int, for key: UnsafeBufferPointer<UInt8>) -> Int? {
        view.child(of: parent, for: key)
    }

    /// Makes room for `edges` edges without growing: each growth placed every edge again
    /// (a large table's trie grew a dozen times).
    mutating func reserveCapacity(_ edges: Int) {
        guard entries.count == 0, edges > 4 else { return }
        entries.reserveCapacity(edges)
        var count = 8
        while count < edges * 2 { count *= 2 }
        slots.replaceAll(repeating: 0, count: count)
    }

    /// The child of `parent` along `key`; without one, the edge to `newChild` is added and
    /// `newChild` returned. The empty slot a search for the key ends on is the one the edge
    /// goes to, so an edge is hashed and probed for once (a look-up and then an insertion
    /// probed twice). `parentIsNew`: the parent has no edges yet, so no entry is compared.
    mutating func child(of parent: Int, for key: UnsafeBufferPointer<UInt8>, orAdding newChild: Int, parentIsNew: Bool = false) -> Int {
        if (entries.count + 1) * 2 > slots.count {
            slots.replaceAll(repeating: 0, count: max(8, slots.count * 2))
            for index in 0..<entries.count { place(index) }
        }
        let slots = self.slots.base.unsafelyUnwrapped
        let mask = self.slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key, parent: parent)) & mask
        if !parentIsNew {
            let view = self.view
            while slots[slot] != 0 {
                let entry = view.entries[Int(slots[slot]) - 1]
                if Int(entry.parent) == parent, view.holds(key, in: entry) { return Int(entry.child) }
                slot = (slot + 1) & mask
            }
        } else {
            while slots[slot] != 0 { slot = (slot + 1) & mask }
        }
        entries.append(Entry(parent: Int32(parent), start: Int32(keyBytes.count), count: Int32(key.count), child: Int32(newChild)))
        keyBytes.append(contentsOf: key)
        slots[slot] = Int32(entries.count)
        return newChild
    }

    /// Puts entry `index` in the first empty slot from its key's hash (a growing map places
    /// every entry again).
    private mutating func place(_ index: Int) {
        let entry = entries.elements[index]
        let key = UnsafeBufferPointer(rebasing: keyBytes.elements[Int(entry.start)..<Int(entry.start + entry.count)])
        let slots = self.slots.base.unsafelyUnwrapped
        let mask = self.slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key, parent: Int(entry.parent))) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// The table as a walk reads it, valid until it next changes.
    private var view: View {
        View(keyBytes: keyBytes.elements, entries: entries.elements, slots: slots.elements)
    }

    /// The table, complete, as a view of memory the caller now owns (`View.deallocate()`):
    /// handed over without a copy, the map left empty.
    mutating func takeView() -> View {
        View(keyBytes: keyBytes.takeElements(), entries: entries.takeElements(), slots: slots.takeElements())
    }

    /// The table seen through buffer pointers: valid until the map next changes, or, from
    /// `takeView()`, until the caller frees it.
    struct View {
        let keyBytes: UnsafeBufferPointer<UInt8>
        let entries: UnsafeBufferPointer<Entry>
        let slots: UnsafeBufferPointer<Int32>

        /// Frees the memory of a view from `takeView()`.
        func deallocate() {
            keyBytes.deallocateOwned()
            entries.deallocateOwned()
            slots.deallocateOwned()
        }

        /// The child of `parent` along `key`, if any.
        @inline(__always)
        func child(of parent: Int, for key: UnsafeBufferPointer<UInt8>) -> Int? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: LiteralMap.hash(key, parent: parent)) & mask
            while true {
                let index = Int(slots[slot])
                if index == 0 { return nil }
                let entry = entries[index - 1]
                if Int(entry.parent) == parent, holds(key, in: entry) { return Int(entry.child) }
                slot = (slot + 1) & mask
            }
        }

        /// Whether `key` is the entry's key, compared a word at a time (`equalsShort`): segments
        /// are mostly shorter than sixteen bytes.
        @inline(__always)
        fileprivate func holds(_ key: UnsafeBufferPointer<UInt8>, in entry: Entry) -> Bool {
            guard Int(entry.count) == key.count else { return false }
            guard !key.isEmpty, let source = key.baseAddress, let own = keyBytes.baseAddress else { return key.isEmpty }
            return (own + Int(entry.start)).equalsShort(source, count: key.count)
        }
    }

    /// A 64-bit hash of the parent's index and the bytes, read a word at a time (a short key
    /// in one or two overlapping loads, as `equalsShort` compares it) and mixed by multiplying;
    /// the last steps spread the high bits down, since a slot is the hash's low bits.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, parent: Int) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = (UInt64(truncatingIfNeeded: parent) ^ 0xCBF2_9CE4_8422_2325) &* multiplier ^ UInt64(bytes.count)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let count = bytes.count
            var i = 0
            while i + 8 <= count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* multiplier
                i += 8
            }
            if i < count {
                let tail: UInt64
                if count >= 8 {
                    tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                } else if count >= 4 {
                    tail = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
                } else {
                    tail = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
                }
                hash = (hash ^ tail) &* multiplier
            }
        }
        hash ^= hash >> 32
        hash = hash &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 29)
    }
}
