@preconcurrency import Glibc

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
