/// A reusable list of byte strings in one flat buffer: the components of a link, rebuilt for
/// every link without allocating once the buffers have grown.
package struct Components: Sendable {
    /// The bytes of all components, one after another.
    package private(set) var bytes: [UInt8] = []
    /// Where each component lies in `bytes` (all of them; `count` says how many are in view).
    private var ranges: [Range<Int>] = []

    /// An empty list.
    package init() {
        bytes.reserveCapacity(512)
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
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        visible = 0
    }

    /// Appends a component.
    package mutating func append(_ component: some Collection<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: component)
        ranges.append(start..<bytes.count)
        visible = ranges.count
    }

    /// Appends `component` percent-decoded (kept as written when decoding would not give UTF-8).
    package mutating func appendDecoded(_ component: ArraySlice<UInt8>) {
        let start = bytes.count
        let hasEscape = component.withUnsafeBufferPointer { buffer in
            bytes.append(contentsOf: buffer)
            return buffer.contains(UInt8(ascii: "%"))
        }
        if hasEscape {
            bytes.removeSubrange(start...)
            PercentCoding.decode(component, into: &bytes)
            if bytes[start...].withUnsafeBufferPointer({ UTF8Validation.firstInvalidOffset($0) }) != nil {
                bytes.removeSubrange(start...)
                bytes.append(contentsOf: component)
            }
        }
        ranges.append(start..<bytes.count)
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
            let shift = bytes.count - range.lowerBound
            if !decodes { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[range])) }
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
        let start = bytes.count
        component.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        ranges.append(start..<bytes.count)
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

    /// Lower-cases every component in place (ASCII), for `-i`.
    package mutating func lowercase() {
        for i in bytes.indices { bytes[i] = ByteClass.lowercased(bytes[i]) }
    }
}
