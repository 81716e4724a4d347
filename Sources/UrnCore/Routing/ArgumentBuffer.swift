/// The storage of match arguments: their names and values as bytes in one allocation, and a list
/// of entries saying where each lies. One buffer serves every match of a link (a stack's frames
/// share it): a match keeps its own run of entries, the matcher appends the next match's after
/// it, and once no match holds the buffer it starts over. So an argument costs two short copies
/// and no reference count, where an array of names and slices counted four a value.
///
/// Memory a match can still read is never moved or written: a buffer without room while a match
/// holds it is replaced, not grown (`ArgumentList.reserve`). This is the one owner of raw memory
/// in the matcher; only `ArgumentList` writes it.
@usableFromInline
final class ArgumentBuffer: @unchecked Sendable {
    /// What an entry's value is, and so how `Entry.value` reads.
    @usableFromInline
    enum Kind: UInt8 {
        case string, int, double, float, json
    }

    /// One argument: where its name lies, and its value: where the bytes lie for a string or
    /// JSON text, else the number's bits in `value.lowerBound`.
    @usableFromInline
    struct Entry {
        @usableFromInline var nameStart: Int
        @usableFromInline var nameCount: Int
        @usableFromInline var valueStart: Int
        @usableFromInline var valueCount: Int
        @usableFromInline var kind: Kind
        /// The name needs no escaping in JSON (a pattern's placeholder names are checked once).
        @usableFromInline var plainName = false
        /// The value, a string, needs no escaping in JSON (a component of a plain link).
        @usableFromInline var plainValue = false
    }

    // Only the matcher's ArgumentList writes these, and only where no match reads (see above).
    @usableFromInline @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var byteCapacity: Int
    @exclusivity(unchecked) private(set) var byteCount = 0
    @usableFromInline @exclusivity(unchecked) private(set) var entries: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private(set) var entryCapacity: Int
    @exclusivity(unchecked) private(set) var entryCount = 0

    /// An empty buffer with room for `byteCapacity` bytes and `entryCapacity` entries.
    init(byteCapacity: Int = 256, entryCapacity: Int = 16) {
        self.byteCapacity = max(byteCapacity, 16)
        self.entryCapacity = max(entryCapacity, 4)
        bytes = .allocate(capacity: self.byteCapacity)
        entries = .allocate(capacity: self.entryCapacity)
    }

    deinit {
        bytes.deallocate()
        entries.deallocate()
    }

    /// Empties the buffer, keeping its memory: only when no match holds it.
    func reset() {
        byteCount = 0
        entryCount = 0
    }

    /// Whether `extraBytes` more bytes and `extraEntries` more entries fit without growing.
    @inline(__always)
    func hasRoom(bytes extraBytes: Int, entries extraEntries: Int) -> Bool {
        byteCount + extraBytes <= byteCapacity && entryCount + extraEntries <= entryCapacity
    }

    /// Grows the memory to take `extraBytes` and `extraEntries` more: only when no match holds
    /// the buffer, since it moves the memory.
    func grow(bytes extraBytes: Int, entries extraEntries: Int) {
        bytes = Self.enlarged(bytes, count: byteCount, capacity: &byteCapacity, needed: byteCount + extraBytes)
        entries = Self.enlarged(entries, count: entryCount, capacity: &entryCapacity, needed: entryCount + extraEntries)
    }

    /// `memory` moved to an allocation of at least `needed` elements (twice `capacity` at
    /// least) when it holds fewer, its first `count` elements kept; else `memory` itself.
    private static func enlarged<T>(_ memory: UnsafeMutablePointer<T>, count: Int, capacity: inout Int, needed: Int) -> UnsafeMutablePointer<T> {
        guard needed > capacity else { return memory }
        capacity = max(capacity * 2, needed)
        let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        larger.moveInitialize(from: memory, count: count)
        memory.deallocate()
        return larger
    }

    /// Appends `source` to the bytes (room reserved) and returns where it starts.
    @inline(__always)
    func appendBytes(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        let start = byteCount
        if let base = source.baseAddress, !source.isEmpty { (bytes + start).updateShort(from: base, count: source.count) }
        byteCount += source.count
        return start
    }

    /// Appends `entry` (room reserved).
    @inline(__always)
    func appendEntry(_ entry: Entry) {
        (entries + entryCount).initialize(to: entry)
        entryCount += 1
    }

    /// Replaces entry `index`, one of the list being built.
    func replaceEntry(_ index: Int, with entry: Entry) {
        entries[index] = entry
    }

    /// Removes entry `index`, one of the list being built, moving the later ones down.
    func removeEntry(_ index: Int) {
        (entries + index).update(from: entries + index + 1, count: entryCount - index - 1)
        entryCount -= 1
    }

    /// The name of entry `index`.
    @inlinable @inline(__always)
    func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        return UnsafeBufferPointer(start: bytes + entry.nameStart, count: entry.nameCount)
    }

    /// The bytes of a string or JSON value of entry `index`.
    @inlinable @inline(__always)
    func valueBytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        return UnsafeBufferPointer(start: bytes + entry.valueStart, count: entry.valueCount)
    }

    /// A buffer with the entries in `range` of `other` and the bytes from `byteStart` on that
    /// they use, and room for `extraBytes` and `extraEntries` more: where a list being built
    /// moves when the buffer a match holds has no room left.
    init(moving range: Range<Int>, bytesFrom byteStart: Int, of other: ArgumentBuffer, extraBytes: Int, extraEntries: Int) {
        let ownBytes = other.byteCount - byteStart
        byteCapacity = max(other.byteCapacity, 2 * (ownBytes + extraBytes))
        entryCapacity = max(other.entryCapacity, 2 * (range.count + extraEntries))
        bytes = .allocate(capacity: byteCapacity)
        entries = .allocate(capacity: entryCapacity)
        bytes.update(from: other.bytes + byteStart, count: ownBytes)
        byteCount = ownBytes
        for index in range {
            var entry = other.entries[index]
            entry.nameStart -= byteStart
            if entry.kind == .string || entry.kind == .json { entry.valueStart -= byteStart }
            appendEntry(entry)
        }
    }
}
