/// Where every value inside a record lies, in document order, as found by the scan that
/// validates the record (`JSONScanner.scanObject(_:indexing:)`). A path is then followed through
/// the index instead of by scanning the text again: urnfmt(1) reads several paths a record,
/// most of them through the same object (`route.target`, `route.args.owner`).
public struct JSONIndex {
    /// One member or array element: its key (empty for an element), its value, and the index
    /// just past its last descendant, so that the children of a container are found by jumping
    /// from one to the next over their own descendants.
    struct Entry {
        var key: Range<Int>
        var value: Range<Int>
        var kind: JSONKind
        var end: Int
    }

    /// The entries of the record indexed last, in the storage of the scanner that indexed it:
    /// an index is valid only until that scanner scans the next record (as a `RecordView` is),
    /// and a copy of it retains nothing.
    private let entries: UnsafeBufferPointer<Entry>

    /// An empty index.
    public init() {
        entries = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The index whose entries are `entries`.
    init(_ entries: UnsafeBufferPointer<Entry>) {
        self.entries = entries
    }

    /// Whether the index holds nothing (a record scanned without indexing, or `{}`).
    public var isEmpty: Bool { entries.isEmpty }

    /// The value at `path` in the record `text` (valid JSON, as indexed), or nil.
    @inline(__always)
    public func resolve(_ path: JSONPath, in text: UnsafeBufferPointer<UInt8>) -> (Range<Int>, JSONKind)? {
        path.flatSteps.withUnsafeBufferPointer { flat in
            path.places.withUnsafeBufferPointer { places in resolve(places, flat, in: text) }
        }
    }

    /// The value at the path whose steps are `places`, their names in `flat`, in the record
    /// `text` (valid JSON, as indexed), or nil.
    @inline(__always)
    func resolve(_ places: UnsafeBufferPointer<JSONPath.Place>, _ flat: UnsafeBufferPointer<UInt8>,
                 in text: UnsafeBufferPointer<UInt8>) -> (Range<Int>, JSONKind)? {
        guard !entries.isEmpty else { return nil }
        return Self.resolve(places, flat, in: entries, text).map { (entries[$0].value, entries[$0].kind) }
    }

    /// The entry that the steps `places` (bytes in `flat`) lead to, or nil.
    @inline(__always)
    private static func resolve(_ places: UnsafeBufferPointer<JSONPath.Place>, _ flat: UnsafeBufferPointer<UInt8>,
                                in entries: UnsafeBufferPointer<Entry>, _ text: UnsafeBufferPointer<UInt8>) -> Int? {
        // the top-level members are the children of a whole-record container
        var found = member(places[0], flat, from: 0, to: entries.count, of: entries, in: text)
        for k in 1..<places.count {
            guard let current = found else { return nil }
            let children = (current + 1)..<entries[current].end
            switch entries[current].kind {
            case .object:
                found = member(places[k], flat, from: children.lowerBound, to: children.upperBound, of: entries, in: text)
            case .array:
                guard places[k].index >= 0 else { return nil }
                found = element(places[k].index, from: children.lowerBound, to: children.upperBound, of: entries)
            default:
                return nil
            }
        }
        return found
    }

    /// The last child in `start..<end` named by the step `place` (the last of duplicate keys
    /// wins, as in `JSONSkipper.member`).
    @inline(__always)
    private static func member(_ place: JSONPath.Place, _ flat: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                               of entries: UnsafeBufferPointer<Entry>, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        var child = start
        let name = flat.baseAddress! + place.start
        let first = name[0]
        let base = text.baseAddress!
        while child < end {
            // most keys differ from the name in their first byte, unless it is an escape
            let key = entries[child].key
            let keyFirst = base[key.lowerBound + 1]
            if keyFirst == first || keyFirst == UInt8(ascii: "\\") {
                if key.count - 2 == place.count {
                    if (base + key.lowerBound + 1).equalsShort(name, count: place.count) { found = child }
                } else if key.count - 2 > place.count,
                          JSONString.equals(key, in: text, Array(UnsafeBufferPointer(start: name, count: place.count))) {
                    found = child  // a key with escapes, rare
                }
            }
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

extension ReusedStorage where Element == JSONIndex.Entry {
    /// Adds the entry of a value that starts at `start`, under `key`; its descendants follow, and
    /// `close` completes it. Returns its number.
    @inline(__always)
    mutating func open(key: Range<Int>, start: Int) -> Int {
        append(JSONIndex.Entry(key: key, value: start..<start, kind: .null, end: 0))
        return count &- 1
    }

    /// Completes entry `number`: its value ends at `end` and is of `kind`.
    @inline(__always)
    mutating func close(_ number: Int, end: Int, kind: JSONKind) {
        let entry = base.unsafelyUnwrapped + number
        entry.pointee.value = entry.pointee.value.lowerBound..<end
        entry.pointee.kind = kind
        entry.pointee.end = count
    }
}
