extension Array {
    /// Empties a short array, keeping its storage, one element at a time: for the few route
    /// ids a lookup finds this is a short loop, where `removeAll(keepingCapacity:)` goes through
    /// the generic `replaceSubrange`.
    @inlinable @inline(__always)
    package mutating func removeAllShort() {
        while !isEmpty { removeLast() }
    }
}
