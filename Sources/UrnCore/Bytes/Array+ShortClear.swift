extension Array {
    /// Empties a short array, keeping its storage, one element at a time: for the few route
    /// ids a lookup finds this is a handful of instructions, where `removeAll(keepingCapacity:)`
    /// goes through the generic `replaceSubrange` (about 120 a call).
    @inlinable @inline(__always)
    package mutating func removeAllShort() {
        while !isEmpty { removeLast() }
    }
}
