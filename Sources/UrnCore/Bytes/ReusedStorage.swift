/// Memory for a list of trivial values (no references: elements are never deinitialized) that one owner refills record after record and lends out
/// as views (`elements`) valid until its next refill: a view holds a pointer, not a reference,
/// so copying a record's views retains nothing, and writing an element goes through a pointer
/// without the uniqueness check of an array.
struct ReusedStorage<Element> {
    /// Owns the allocation, so that the memory lives as long as some copy of the storage does.
    private final class Allocation {
        let base: UnsafeMutablePointer<Element>
        /// Whether the memory was handed over (`takeElements()`), and is no longer this one's to free.
        var handedOver = false

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
        }

        deinit {
            if !handedOver { base.deallocate() }
        }
    }

    private var allocation: Allocation?
    /// The allocation's memory and capacity, kept beside it so that a write needs no load
    /// through the class.
    private(set) var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    /// How many elements the storage holds, `base[..<count]`.
    private(set) var count = 0

    /// Empty storage; memory comes with the first element.
    init() {
        assert(_isPOD(Element.self), "ReusedStorage holds only trivial values")
    }

    /// The elements, valid until the storage is next changed.
    var elements: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Empties the storage, keeping its memory.
    @inline(__always)
    mutating func removeAll() {
        count = 0
    }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = element
        count &+= 1
    }

    /// Makes the elements a copy of `elements`.
    @inline(__always)
    mutating func replaceAll(with elements: UnsafeBufferPointer<Element>) {
        count = 0
        while capacity < elements.count { grow() }
        guard !elements.isEmpty, let source = elements.baseAddress else { return }
        base.unsafelyUnwrapped.update(from: source, count: elements.count)
        count = elements.count
    }

    /// Element `index`, read or written in place (`index` below `count`).
    @inline(__always)
    subscript(index: Int) -> Element {
        get { base.unsafelyUnwrapped[index] }
        set { base.unsafelyUnwrapped[index] = newValue }
    }

    /// The elements, in memory that the caller now owns and frees with `deallocateOwned()`;
    /// the storage is left empty. For a list built once and then only read: handed over, it is
    /// not copied (a large route table's trie copied tens of megabytes so).
    mutating func takeElements() -> UnsafeBufferPointer<Element> {
        guard allocation != nil else { return .owning(copyOf: EmptyCollection()) }
        precondition(isKnownUniquelyReferenced(&allocation), "storage shared with a copy cannot be handed over")
        allocation.unsafelyUnwrapped.handedOver = true
        let taken = UnsafeBufferPointer(start: base, count: count)
        self = ReusedStorage()
        return taken
    }

    /// Adds `elements` at the end.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        reserveCapacity(count + elements.count)
        (base.unsafelyUnwrapped + count).update(from: source, count: elements.count)
        count += elements.count
    }

    /// Makes room for `minimum` elements in all.
    mutating func reserveCapacity(_ minimum: Int) {
        while capacity < minimum { grow() }
    }

    /// Makes the elements `count` copies of `element`.
    mutating func replaceAll(repeating element: Element, count: Int) {
        self.count = 0
        reserveCapacity(count)
        base?.update(repeating: element, count: count)
        self.count = count
    }

    /// Moves the elements to memory twice as large.
    private mutating func grow() {
        let larger = Allocation(capacity: max(16, capacity * 2))
        if let base { larger.base.update(from: base, count: count) }
        allocation = larger
        base = larger.base
        capacity = max(16, capacity * 2)
    }
}

// Memory handed out for good, as `takeElements()` hands out a storage's: tables written once
// and then only read through a pointer.

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
