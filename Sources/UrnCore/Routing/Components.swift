/// A reusable list of byte strings in one flat buffer: the components of a link, rebuilt for
/// every link without allocating once the buffers have grown.
package struct Components: Sendable {
    /// The bytes of all components, one after another, in `bytes[..<used]`. The array is kept
    /// at its full size and only `used` is reset, since emptying an array that keeps its
    /// capacity goes through the generic `replaceSubrange` (about 100 instructions a link).
    private var bytes: [UInt8]
    private var used = 0
    /// Where each component lies in `bytes` (all of them; `count` says how many are in view).
    private var ranges: [Range<Int>] = []
    /// A decoded component before it is checked for UTF-8 (rare: only components with `%`).
    private var decoded: [UInt8] = []

    /// An empty list.
    package init() {
        bytes = [UInt8](repeating: 0, count: 512)
        ranges.reserveCapacity(32)
    }

    /// How many components are in view: a prefix match looks at the first few without losing
    /// the others.
    private var visible = 0

    /// The number of components.
    package var count: Int { visible }

    /// The bytes of component `index`.
    package subscript(index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    /// Calls `body` with the bytes of all components and the range of each in view.
    func withUnsafeParts<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) throws(E) -> R) throws(E) -> R {
        try bytes.withUnsafeBufferPointer { (bytes) throws(E) in
            try ranges.withUnsafeBufferPointer { (ranges) throws(E) in
                try body(bytes, UnsafeBufferPointer(rebasing: ranges[..<visible]))
            }
        }
    }

    /// Empties the list, keeping its storage.
    package mutating func removeAll() {
        used = 0
        ranges.removeAllShort()
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

    /// Appends a component.
    package mutating func append(_ component: some Collection<UInt8>) {
        let range = component.withContiguousStorageIfAvailable { store($0) } ?? Array(component).withUnsafeBufferPointer { store($0) }
        ranges.append(range)
        visible = ranges.count
    }

    /// Appends `component` percent-decoded (kept as written when decoding would not give UTF-8).
    package mutating func appendDecoded(_ component: ArraySlice<UInt8>) {
        guard PercentCoding.needsDecoding(component) else { return appendRaw(component) }
        decoded.removeAll(keepingCapacity: true)
        PercentCoding.decode(component, into: &decoded)
        guard UTF8Validation.isValid(decoded) else { return appendRaw(component) }
        ranges.append(decoded.withUnsafeBufferPointer { store($0) })
        visible = ranges.count
    }

    /// Appends the `/`-separated pieces of `text[range]`, each decoded unless `raw`. When none
    /// needs decoding they are copied in one go and only their bounds are found piece by piece.
    mutating func appendSlashSeparated(_ text: [UInt8], _ range: Range<Int>, raw: Bool) {
        text.withUnsafeBufferPointer { buffer in
            let start = UnsafeRawPointer(buffer.baseAddress!)
            let percent: (UInt64) -> UInt64 = { SWAR.equal($0, UInt8(ascii: "%")) & SWAR.high }
            let slash: (UInt64) -> UInt64 = { SWAR.equal($0, UInt8(ascii: "/")) & SWAR.high }
            let decodes = !raw && SWAR.firstIndex(start, from: range.lowerBound, to: range.upperBound, where: percent) < range.upperBound
            let shift = used - range.lowerBound
            if !decodes { _ = store(UnsafeBufferPointer(rebasing: buffer[range])) }
            var pieceStart = range.lowerBound
            while true {
                let end = SWAR.firstIndex(start, from: pieceStart, to: range.upperBound, where: slash)
                if decodes {
                    appendDecoded(text[pieceStart..<end])
                } else {
                    ranges.append((pieceStart + shift)..<(end + shift))
                }
                if end == range.upperBound { break }
                pieceStart = end + 1
            }
        }
        visible = ranges.count
    }

    /// Appends `component` as written.
    @inline(__always)
    mutating func appendRaw(_ component: ArraySlice<UInt8>) {
        ranges.append(component.withUnsafeBufferPointer { store($0) })
        visible = ranges.count
    }

    /// Shows all the components again (undoes `truncate`).
    mutating func showAll() {
        visible = ranges.count
    }

    /// Shows only the first `count` components.
    package mutating func truncate(to count: Int) {
        visible = min(count, ranges.count)
    }

    /// Removes the last component when it is empty (a trailing slash).
    package mutating func dropTrailingEmpty() {
        if let last = ranges.last, last.isEmpty { ranges.removeLast() }
        visible = ranges.count
    }

    /// Makes this list `other` with every component lower-cased (ASCII), for `-i`, in storage
    /// of its own: a copy of `other` would share its buffers, and the next link's read of
    /// `other` would then copy them.
    package mutating func setLowercased(_ other: Components) {
        removeAll()
        other.bytes.withUnsafeBufferPointer { _ = store(UnsafeBufferPointer(rebasing: $0[..<other.used])) }
        bytes.withUnsafeMutableBufferPointer { bytes in
            for i in 0..<used { bytes[i] = ByteClass.lowercased(bytes[i]) }
        }
        ranges.append(contentsOf: other.ranges)
        visible = other.visible
    }
}
