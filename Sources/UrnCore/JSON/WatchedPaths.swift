/// A fixed list of record paths whose values the scan that validates a record notes as it
/// passes them (`JSONScanner.scanObject(_:watching:)`). urnfmt(1) reads the same few paths of
/// every record: comparing each member's key with the few names a path expects there costs
/// less than recording every value and walking each path through them afterwards.
///
/// The paths form a tree of steps from the record's top level. A key that matches a step
/// forgets what an earlier member of the same name gave below it (the last of duplicate keys
/// wins, as in `JSONSkipper.member`), and a path whose value is null or missing has none.
@_spi(Records) public final class WatchedPaths: @unchecked Sendable {  // immutable once made
    /// One step of the tree: the key or array index it takes, its first child and next
    /// sibling, the slots of the paths that end at it, and the slots of the paths that go on
    /// below it (forgotten when a later duplicate key matches it again: the slots ending at it
    /// are set anew in any case).
    struct Node {
        var name: Range<Int32>
        /// The step's length in bytes, `name.count`, kept apart so that a child is told apart
        /// by its length in one load.
        var length: Int32
        /// The array index the step names, -1 when it is not a decimal number.
        var index: Int32
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        /// In `slotList`: the paths ending here, then the paths through here.
        var ends: Range<Int32> = 0..<0
        var below: Range<Int32> = 0..<0
        /// Bit `n` set when a child's step is `n` bytes long (bit 63 for 63 or more), so that
        /// most keys are told apart from every child without a look at their bytes.
        var childLengths: UInt64 = 0
    }

    /// The paths, slot by slot.
    @_spi(Records) public let paths: [JSONPath]
    /// The tree, its root first; the step names; and the slot lists the nodes point into.
    /// Owned memory, written once: the scan reads it through pointers, retaining nothing.
    let nodes: UnsafeBufferPointer<Node>
    let names: UnsafeBufferPointer<UInt8>
    let slotList: UnsafeBufferPointer<Int32>

    /// What each slot holds before a scan: no value, or for a path the scan does not
    /// follow, `WatchedValue.unwatched`.
    let initial: UnsafeBufferPointer<WatchedValue>

    /// Watches `paths`; the value of `paths[k]` is found in slot `k` (a path given twice has
    /// two slots with the same value). A path with an array index written other than in
    /// plain decimal (`01`, `+1`, which name element 1 as `1` does) is not watched: its slot
    /// says so, and it is followed through the text.
    @_spi(Records) public init(_ paths: [JSONPath]) {
        self.paths = paths
        var nodes = [Node(name: 0..<0, length: 0, index: -1)]
        var names: [UInt8] = []
        var endsAt: [[Int32]] = [[]]
        var initial: [WatchedValue] = []
        for (slot, path) in paths.enumerated() {
            let plain = zip(path.steps, path.places).allSatisfy { step, place in
                place.index < 0 || step.elementsEqual(String(place.index).utf8)
            }
            initial.append(plain ? .missing : .unwatched)
            guard plain else { continue }
            var node = 0
            for (step, place) in zip(path.steps, path.places) {
                node = Self.child(of: node, named: step, index: place.index, in: &nodes, &names, &endsAt)
            }
            endsAt[node].append(Int32(slot))
        }
        // each node's own slots, then the slots of its subtree below it, one list after another
        var slotList: [Int32] = []
        func collect(_ node: Int) -> [Int32] {
            var below: [Int32] = []
            var child = Int(nodes[node].firstChild)
            while child >= 0 {
                below += collect(child)
                child = Int(nodes[child].nextSibling)
            }
            let start = Int32(slotList.count)
            slotList += endsAt[node]
            nodes[node].ends = start..<Int32(slotList.count)
            let belowStart = Int32(slotList.count)
            slotList += below
            nodes[node].below = belowStart..<Int32(slotList.count)
            return endsAt[node] + below
        }
        _ = collect(0)
        self.initial = .owning(copyOf: initial)
        self.nodes = .owning(copyOf: nodes)
        self.names = .owning(copyOf: names)
        self.slotList = .owning(copyOf: slotList)
    }

    deinit {
        initial.deallocateOwned()
        nodes.deallocateOwned()
        names.deallocateOwned()
        slotList.deallocateOwned()
    }

    /// The child of `parent` for the step `name` (array index `index`), added if new.
    private static func child(of parent: Int, named name: [UInt8], index: Int, in nodes: inout [Node],
                              _ names: inout [UInt8], _ endsAt: inout [[Int32]]) -> Int {
        var last = -1
        var child = Int(nodes[parent].firstChild)
        while child >= 0 {
            let node = nodes[child]
            if names[Int(node.name.lowerBound)..<Int(node.name.upperBound)].elementsEqual(name) { return child }
            last = child
            child = Int(node.nextSibling)
        }
        let start = Int32(names.count)
        names += name
        nodes.append(Node(name: start..<Int32(names.count), length: Int32(name.count), index: Int32(index)))
        endsAt.append([])
        let added = nodes.count - 1
        if last < 0 { nodes[parent].firstChild = Int32(added) } else { nodes[last].nextSibling = Int32(added) }
        nodes[parent].childLengths |= Tree.lengthBit(name.count)
        return added
    }

    /// The number of slots.
    @_spi(Records) public var count: Int { paths.count }

    /// The tree as a scan reads it: pointers into the paths' memory, valid while they live.
    var tree: Tree { Tree(nodes: nodes.baseAddress!, names: names.baseAddress, slotList: slotList.baseAddress) }

    /// The tree of watched steps, read through pointers.
    struct Tree {
        let nodes: UnsafePointer<Node>
        let names: UnsafePointer<UInt8>?
        let slotList: UnsafePointer<Int32>?

        /// The bit of a step or key `length` bytes long in `Node.childLengths`.
        @inline(__always)
        static func lengthBit(_ length: Int) -> UInt64 {
            // a length is never negative: the shift needs no check
            1 &<< UInt64(truncatingIfNeeded: min(length, 63))
        }

        /// Whether a key `count` bytes long as written (`escaped` when it holds escapes,
        /// which make it longer than its name) may be the step of a child of `node`.
        @inline(__always)
        func mayMatch(_ node: Int32, count: Int, escaped: Bool) -> Bool {
            escaped || nodes[Int(node)].childLengths & Self.lengthBit(count) != 0
        }

        /// The child of `node` whose step is the key whose bytes, as written, are
        /// `key[..<count]` (`escaped` when they hold escapes), or -1. Apart from the scan, whose
        /// registers it would crowd: only the members of objects on a watched path come here.
        @inline(__always)
        func child(of node: Int32, key: UnsafePointer<UInt8>, count: Int, escaped: Bool) -> Int32 {
            if escaped { return child(of: node, escapedKey: key, count: count) }
            var child = nodes[Int(node)].firstChild
            while child >= 0 {
                if Int(nodes[Int(child)].length) == count,
                   key.equalsShort(names.unsafelyUnwrapped + Int(nodes[Int(child)].name.lowerBound), count: count) { return child }
                child = nodes[Int(child)].nextSibling
            }
            return -1
        }

        /// The child of `node` whose step is the key `key[..<count]` decoded (rare: a key
        /// with escapes).
        private func child(of node: Int32, escapedKey key: UnsafePointer<UInt8>, count: Int) -> Int32 {
            // the token, quotes included, as `JSONString.decoded` reads it
            let token = UnsafeBufferPointer(start: key - 1, count: count + 2)
            let decoded = JSONString.decoded(0..<token.count, in: token)
            var child = nodes[Int(node)].firstChild
            while child >= 0 {
                let name = nodes[Int(child)].name
                let step = UnsafeBufferPointer(start: names.unsafelyUnwrapped + Int(name.lowerBound),
                                               count: Int(name.upperBound &- name.lowerBound))
                if decoded.elementsEqual(step) { return child }
                child = nodes[Int(child)].nextSibling
            }
            return -1
        }

        /// The child of `node` that takes element `index` of an array, or -1.
        func element(of node: Int32, index: Int) -> Int32 {
            var child = nodes[Int(node)].firstChild
            while child >= 0 {
                if Int(nodes[Int(child)].index) == index { return child }
                child = nodes[Int(child)].nextSibling
            }
            return -1
        }

        /// Sets the slot of every path that goes on below `node` to `value`.
        @inline(__always)
        func set(_ found: UnsafeMutablePointer<WatchedValue>, below node: Int32, to value: WatchedValue) {
            let below = nodes[Int(node)].below
            if !below.isEmpty { set(found, below, value) }
        }

        /// Sets the slot of every path that ends at `node` to `value`.
        @inline(__always)
        func set(_ found: UnsafeMutablePointer<WatchedValue>, endingAt node: Int32, to value: WatchedValue) {
            set(found, nodes[Int(node)].ends, value)
        }

        @inline(__always)
        private func set(_ found: UnsafeMutablePointer<WatchedValue>, _ list: Range<Int32>, _ value: WatchedValue) {
            let slots = slotList.unsafelyUnwrapped
            var k = Int(list.lowerBound)
            let end = Int(list.upperBound)
            guard k < end else { return }
            // most lists hold one slot: the first is set before the loop over the others
            found[Int(slots[k])] = value
            k &+= 1
            while k < end {
                found[Int(slots[k])] = value
                k &+= 1
            }
        }
    }
}

/// Where a watched path's value lies in the record, and its kind (`.null` as well when the
/// record has no value there).
@_spi(Records) public struct WatchedValue: Sendable {
    /// The value's token, byte for byte.
    @_spi(Records) public var range: Range<Int>
    /// Its kind.
    @_spi(Records) public var kind: JSONKind
    /// Whether it is a string holding escapes (one that does not is its bytes as written).
    @_spi(Records) public var escaped = false

    /// No value.
    static let missing = WatchedValue(range: 0..<0, kind: .null)
    /// A path the scan does not follow (`WatchedPaths.init`).
    static let unwatched = WatchedValue(range: -1 ..< -1, kind: .null)

    /// Whether the scan followed the path (it has a value or knows there is none).
    @_spi(Records) public var isWatched: Bool { range.lowerBound >= 0 }

    /// Whether the value is a string token of `text` that decodes to exactly the bytes `name`.
    /// One without escapes is compared as written, with no look for a backslash.
    @inline(__always)
    @_spi(Records) public func isString(_ name: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kind == .string else { return false }
        if escaped { return JSONString.equals(range, in: text, name) }
        // a token's bounds are positions in the text, its quotes inside them
        guard range.upperBound &- range.lowerBound &- 2 == name.count else { return false }
        guard let source = name.baseAddress else { return true }
        return (text.baseAddress! + (range.lowerBound &+ 1)).equalsShort(source, count: name.count)
    }
}

@_spi(Records) extension UnsafeBufferPointer<WatchedValue> {
    /// What slot `slot` holds when the scan followed its path (a value, or `.null` with an
    /// empty range for none); nil when there is no such slot or the path was left to the text.
    @inline(__always)
    @_spi(Records) public func noted(_ slot: Int) -> WatchedValue? {
        slot < count && self[slot].isWatched ? self[slot] : nil
    }
}
