@preconcurrency import Glibc

/// A growable run of bytes with one owner: the storage of `JSONWriter` and of the tools' record
/// reader. Noncopyable, so it is never shared or copied on write. It is the one owner of raw
/// memory in urn besides the SWAR scans; only its methods named `unsafe…` hand raw memory out.
@_spi(Records) public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0

    /// An empty buffer with room for `capacity` bytes.
    @_spi(Records) public init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The number of bytes held.
    @inlinable
    @_spi(Records) public var count: Int { used }

    /// A copy of the bytes.
    @_spi(Records) public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: used)) }

    /// Calls `body` with a view of the bytes.
    @_spi(Records) public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: used).span)
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func reserve(_ extra: Int) {
        if used + extra > capacity { grow(used + extra) }
    }

    @usableFromInline
    mutating func grow(_ needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let next = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        next.update(from: base, count: used)
        base.deallocate()
        base = next
        capacity = larger
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[used] = byte
        used += 1
    }

    /// Appends one byte into room already reserved (`reserve`).
    @inlinable @inline(__always)
    @_spi(Records) public mutating func appendReserved(_ byte: UInt8) {
        assert(used < capacity, "appendReserved without reserve")
        base[used] = byte
        used += 1
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + used).updateShort(from: source, count: bytes.count)
        used += bytes.count
    }

    /// Forgets the bytes, keeping the storage.
    @_spi(Records) public mutating func removeAll() {
        used = 0
    }

    /// Forgets the bytes from `start` on, keeping the storage.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func removeSuffix(from start: Int) {
        precondition(start >= 0 && start <= used)
        used = start
    }

    /// Drops the first `n` bytes, moving the rest to the front.
    @_spi(Records) public mutating func removeFirst(_ n: Int) {
        precondition(n >= 0 && n <= used)
        guard n > 0 else { return }
        (base).update(from: base + n, count: used - n)
        used -= n
    }

    /// A view of the bytes in `range`, valid until the buffer next changes.
    @inlinable
    @_spi(Records) public func unsafeView(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= used)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Calls `body` with the free space after the bytes (at least `minimum` bytes, growing when
    /// needed) and keeps the number of bytes it says it wrote there (`read(2)` into the buffer).
    @_spi(Records) public mutating func unsafeAppend<E: Error>(minimum: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> Int) throws(E) -> Int {
        reserve(minimum)
        let written = try body(UnsafeMutableBufferPointer(start: base + used, count: capacity - used))
        precondition(written <= capacity - used)
        if written > 0 { used += written }
        return written
    }

    /// The free space after the bytes, at least `minimum` bytes, for a writer that fills it
    /// directly and then calls `unsafeCommit`.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func unsafeTail(minimum: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(minimum)
        return base + used
    }

    /// Keeps `n` bytes written into the space `unsafeTail` gave.
    @inlinable @inline(__always)
    @_spi(Records) public mutating func unsafeCommit(_ n: Int) {
        used += n
    }
}

// The short copies and comparisons that ByteBuffer.append and the JSON scanner and writer
// make of keys and values, most of them sixteen bytes or fewer.

extension UnsafeMutablePointer<UInt8> {
    /// Copies `count` bytes from `source`, which must not overlap this memory. Up to sixteen
    /// bytes are moved as two overlapping words (or half-words) inline, where a call to `memmove`
    /// costs more than the copy: JSON keys and values are mostly that short.
    @usableFromInline @inline(__always)
    func updateShort(from source: UnsafePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(self)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<count { self[i] = source[i] }
        default:
            update(from: source, count: count)
        }
    }
}

extension UnsafePointer<UInt8> {
    /// Whether the `count` bytes here equal those at `other`. Up to sixteen bytes are compared
    /// as two overlapping words (or half-words) inline, as `updateShort` copies them: JSON keys
    /// are mostly that short.
    @inline(__always)
    func equalsShort(_ other: UnsafePointer<UInt8>, count: Int) -> Bool {
        let a = UnsafeRawPointer(self), b = UnsafeRawPointer(other)
        switch count {
        case 8...16:
            return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for i in 0..<count where self[i] != other[i] { return false }
            return true
        default:
            return memcmp(a, b, count) == 0
        }
    }
}
