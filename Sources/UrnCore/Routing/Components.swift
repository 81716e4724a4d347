/// A reusable list of byte strings in one flat buffer: the components of a link, rebuilt for
/// every link without allocating once the buffers have grown.
package struct Components: Sendable {
    /// The bytes of all components, one after another, in `bytes[..<used]`. The array is kept
    /// at its full size and only `used` is reset, since emptying an array that keeps its
    /// capacity goes through the generic `replaceSubrange`.
    private var bytes: [UInt8]
    private var used = 0
    /// Where each component lies in `bytes`, in `ranges[..<rangeCount]` (all of them; `count`
    /// says how many are in view). Kept at its full size too, and filled through a pointer.
    private var ranges: [Range<Int>]
    private var rangeCount = 0
    /// A decoded component before it is checked for UTF-8 (rare: only components with `%`).
    private var decoded: [UInt8] = []
    /// Whether every component is a slice of a link text that needs no JSON escape
    /// (`Link.textNeedsNoEscape`), none decoded: arguments taken from them are written unscanned.
    package var isPlain = false

    /// An empty list.
    package init() {
        bytes = [UInt8](repeating: 0, count: 512)
        ranges = [Range<Int>](repeating: 0..<0, count: 32)
    }

    /// How many components are in view: a prefix match looks at the first few without losing
    /// the others.
    private var visible = 0

    /// The number of components.
    package var count: Int { visible }

    /// The bytes of component `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// Calls `body` with the bytes of all components and the range of each in view. Mutating,
    /// though it changes nothing, so that the list is used in place: a copy read from the
    /// matcher's property would retain and release both arrays.
    @inline(__always)
    mutating func withUnsafeParts<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) throws(E) -> R) throws(E) -> R {
        let visible = visible
        return try bytes.withUnsafeMutableBufferPointer { (bytes) throws(E) in
            try ranges.withUnsafeMutableBufferPointer { (ranges) throws(E) in
                try body(UnsafeBufferPointer(bytes), UnsafeBufferPointer(rebasing: ranges[..<visible]))
            }
        }
    }

    /// Empties the list, keeping its storage.
    package mutating func removeAll() {
        used = 0
        rangeCount = 0
        visible = 0
    }

    /// Appends `component`'s bytes after the others and returns where they are.
    private mutating func store(_ component: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = used
        if used + component.count > bytes.count {
            bytes.append(contentsOf: repeatElement(0, count: max(component.count, bytes.count)))
        }
        if let source = component.baseAddress, !component.isEmpty {
            bytes.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: start).update(from: source, count: component.count) }
        }
        used += component.count
        return start..<used
    }

    /// Makes room for `extra` more ranges.
    private mutating func reserveRanges(_ extra: Int) {
        if rangeCount + extra > ranges.count {
            ranges.append(contentsOf: repeatElement(0..<0, count: max(extra, ranges.count)))
        }
    }

    /// Adds the range of a component just stored, and shows all of them.
    private mutating func addRange(_ range: Range<Int>) {
        reserveRanges(1)
        ranges[rangeCount] = range
        rangeCount += 1
        visible = rangeCount
    }

    /// Appends a component.
    package mutating func append(_ component: some Collection<UInt8>) {
        addRange(component.withContiguousStorageIfAvailable { store($0) } ?? Array(component).withUnsafeBufferPointer { store($0) })
    }

    /// Appends `component` percent-decoded (kept as written when decoding would not give UTF-8).
    package mutating func appendDecoded(_ component: ArraySlice<UInt8>) {
        guard PercentCoding.needsDecoding(component) else { return appendRaw(component) }
        decoded.removeAll(keepingCapacity: true)
        PercentCoding.decode(component, into: &decoded)
        guard UTF8Validation.isValid(decoded) else { return appendRaw(component) }
        isPlain = false  // a decoded byte may be anything
        addRange(decoded.withUnsafeBufferPointer { store($0) })
    }

    /// Appends the `/`-separated pieces of `text[range]`, each decoded unless `raw`. When none
    /// needs decoding they are copied in one go, and their bounds written straight into room
    /// made for all of them (a piece a byte at most for a short path; a long one has its slashes
    /// counted first), walking the slashes of each word.
    mutating func appendSlashSeparated(_ text: [UInt8], _ range: Range<Int>, raw: Bool) {
        let slash = UInt8(ascii: "/")
        text.withUnsafeBufferPointer { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress!)
            if !raw && SWAR.firstIndex(start, from: range.lowerBound, to: range.upperBound, where: {
                SWAR.equal($0, UInt8(ascii: "%")) & SWAR.high
            }) < range.upperBound {
                return Link.splitOnSlash(range, of: text) { appendDecoded(text[$0]) }
            }
            let shift = used - range.lowerBound
            _ = store(UnsafeBufferPointer(rebasing: buffer[range]))
            reserveRanges(range.count < 256 ? range.count + 1 : Self.slashes(start, range) + 1)
            let first = rangeCount
            rangeCount = ranges.withUnsafeMutableBufferPointer { ranges in
                var k = first
                var pieceStart = range.lowerBound
                func piece(endingAt end: Int) {
                    ranges[k] = (pieceStart + shift)..<(end + shift)
                    k += 1
                    pieceStart = end + 1
                }
                var i = range.lowerBound
                while i + 8 <= range.upperBound {
                    var mask = SWAR.exactlyEqual(start.loadUnaligned(fromByteOffset: i, as: UInt64.self), slash)
                    while mask != 0 {
                        piece(endingAt: i + SWAR.firstFlagged(mask))
                        mask &= mask &- 1
                    }
                    i += 8
                }
                while i < range.upperBound {
                    if start.load(fromByteOffset: i, as: UInt8.self) == slash { piece(endingAt: i) }
                    i += 1
                }
                piece(endingAt: range.upperBound)
                return k
            }
        }
        visible = rangeCount
    }

    /// The number of `/` in `range` of the text at `start`.
    private static func slashes(_ start: UnsafeRawPointer, _ range: Range<Int>) -> Int {
        var slashes = 0
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            slashes += SWAR.exactlyEqual(start.loadUnaligned(fromByteOffset: i, as: UInt64.self), UInt8(ascii: "/")).nonzeroBitCount
            i += 8
        }
        while i < range.upperBound {
            if start.load(fromByteOffset: i, as: UInt8.self) == UInt8(ascii: "/") { slashes += 1 }
            i += 1
        }
        return slashes
    }

    /// Appends `component` as written.
    @inline(__always)
    mutating func appendRaw(_ component: ArraySlice<UInt8>) {
        addRange(component.withUnsafeBufferPointer { store($0) })
    }

    /// Shows all the components again (undoes `truncate`).
    mutating func showAll() {
        visible = rangeCount
    }

    /// Shows only the first `count` components.
    package mutating func truncate(to count: Int) {
        visible = min(count, rangeCount)
    }

    /// Removes the last component when it is empty (a trailing slash).
    package mutating func dropTrailingEmpty() {
        if rangeCount > 0, ranges[rangeCount - 1].isEmpty { rangeCount -= 1 }
        visible = rangeCount
    }

    /// Makes this list `other` with every component lower-cased (ASCII), for `-i`, in storage
    /// of its own: a copy of `other` would share its buffers, and the next link's read of
    /// `other` would then copy them. `other` is unchanged: in-out so that the matcher's list is
    /// read in place (passed by value, it would be copied, its three arrays retained).
    package mutating func setLowercased(_ other: inout Components) {
        removeAll()
        other.bytes.withUnsafeBufferPointer { _ = store(UnsafeBufferPointer(rebasing: $0[..<other.used])) }
        bytes.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<used { bytes[i] = ByteClass.lowercased(bytes[i]) }
        }
        reserveRanges(other.rangeCount)
        for i in 0..<other.rangeCount { ranges[i] = other.ranges[i] }
        rangeCount = other.rangeCount
        visible = other.visible
    }
}
