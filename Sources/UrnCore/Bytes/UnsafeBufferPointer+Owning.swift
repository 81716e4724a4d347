extension UnsafeBufferPointer {
    /// A copy of `array` in newly allocated memory, which the caller owns and frees with
    /// `deallocateOwned()`: for tables written once and then only read, so that a reader sees
    /// them through a pointer without retaining an array.
    package static func owning(copyOf array: some Collection<Element>) -> UnsafeBufferPointer<Element> {
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = memory.initialize(from: array)
        return UnsafeBufferPointer(memory)
    }

    /// Frees memory that `owning(copyOf:)` allocated, deinitializing its elements.
    package func deallocateOwned() {
        let memory = UnsafeMutableBufferPointer(mutating: self)
        memory.deinitialize()
        memory.deallocate()
    }
}
