/// Where every value inside a record lies, in document order, as found by the scan that
/// validates the record (`JSONScanner.scanObject(_:indexing:)`). A path is then followed through
/// the index instead of by scanning the text again: urnfmt(1) reads several paths a record,
/// most of them through the same object (`route.target`, `route.args.owner`).
public struct JSONIndex: Sendable {
    /// One member or array element: its key (empty for an element), its value, and the index
    /// just past its last descendant, so that the children of a container are found by jumping
    /// from one to the next over their own descendants.
    struct Entry {
        var key: Range<Int>
        var value: Range<Int>
        var kind: JSONKind
        var end: Int
    }

    /// The entries of the record indexed last, in `entries[..<count]`: the array keeps the
    /// entries of earlier records past `count`, so that a record writes over them instead of
    /// emptying the array, which costs about as much as the whole index.
    private var entries: [Entry] = []
    private var count = 0

    /// An empty index.
    public init() {}

    /// Whether the index holds nothing (a record scanned without indexing, or `{}`).
    public var isEmpty: Bool { count == 0 }

    /// Empties the index, keeping its storage.
    mutating func removeAll() {
        count = 0
    }

    /// Adds the entry of a value that starts at `start`, under `key`; its descendants follow, and
    /// `close` completes it. Returns its number.
    @inline(__always)
    mutating func open(key: Range<Int>, start: Int) -> Int {
        let entry = Entry(key: key, value: start..<start, kind: .null, end: 0)
        if count < entries.count { entries[count] = entry } else { entries.append(entry) }
        count += 1
        return count - 1
    }

    /// Completes entry `number`: its value ends at `end` and is of `kind`.
    @inline(__always)
    mutating func close(_ number: Int, end: Int, kind: JSONKind) {
        entries[number].value = entries[number].value.lowerBound..<end
        entries[number].kind = kind
        entries[number].end = count
    }

    /// The value at `path` in the record `text` (valid JSON, as indexed), or nil.
    public func resolve(_ path: JSONPath, in text: UnsafeBufferPointer<UInt8>) -> (Range<Int>, JSONKind)? {
        entries.withUnsafeBufferPointer { all in
            let entries = UnsafeBufferPointer(rebasing: all[..<count])
            return path.steps.withUnsafeBufferPointer { steps in
                // the top-level members are the children of a whole-record container
                var found = Self.member(named: steps[0], from: 0, to: entries.count, of: entries, in: text)
                for k in 1..<steps.count {
                    guard let current = found else { return nil }
                    let children = (current + 1)..<entries[current].end
                    switch entries[current].kind {
                    case .object:
                        found = Self.member(named: steps[k], from: children.lowerBound, to: children.upperBound, of: entries, in: text)
                    case .array:
                        guard let index = Int(String(decoding: steps[k], as: UTF8.self)), index >= 0 else { return nil }
                        found = Self.element(index, from: children.lowerBound, to: children.upperBound, of: entries)
                    default:
                        return nil
                    }
                }
                return found.map { (entries[$0].value, entries[$0].kind) }
            }
        }
    }

    /// The last child in `start..<end` named `name` (the last of duplicate keys wins, as in
    /// `JSONSkipper.member`).
    private static func member(named name: [UInt8], from start: Int, to end: Int, of entries: UnsafeBufferPointer<Entry>,
                               in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        var child = start
        let first = name.first ?? UInt8(ascii: "\"")
        while child < end {
            // most keys differ from the name in their first byte, unless it is an escape
            let key = entries[child].key
            let keyFirst = text[key.lowerBound + 1]
            if keyFirst == first || keyFirst == UInt8(ascii: "\\"), JSONString.equals(key, in: text, name) { found = child }
            child = entries[child].end
        }
        return found
    }

    /// Child number `index` in `start..<end`.
    private static func element(_ index: Int, from start: Int, to end: Int, of entries: UnsafeBufferPointer<Entry>) -> Int? {
        var child = start
        var count = 0
        while child < end {
            if count == index { return child }
            count += 1
            child = entries[child].end
        }
        return nil
    }
}
