extension JSONScanner {
    /// The second pass of a record's scan: the grammar checked, the members recorded and the
    /// watched paths followed over the `StructuralIndex`'s entries (brackets, colons, commas)
    /// instead of the bytes. What lies between two entries is one token, read from its first
    /// byte: a quote starts a string that ends right before the next entry (the index checked
    /// its quotes), anything else a number or a literal, scanned as the byte-by-byte scan does,
    /// which must end there too.
    ///
    /// The walk gives up on a text it does not accept, and the byte-by-byte scan (`Cursor`)
    /// reads it again to say why: what it throws is no diagnosis.
    struct StructuralWalk {
        /// The text, the watched paths and the scans of numbers and literals.
        let text: Cursor
        let entries: UnsafePointer<UInt32>
        /// The number of entries, the sentinels that follow them aside.
        let count: Int

        private static let notWalked = JSONError(.unexpectedEnd, at: -1)

        @inline(__always) private func position(_ k: Int) -> Int { StructuralIndex.position(entries[k]) }
        @inline(__always) private func byte(_ k: Int) -> UInt8 { StructuralIndex.byte(entries[k]) }

        /// Walks the one object the text holds, below watched node `root` (-1 for none),
        /// calling `member` with each top-level member's key, value and kind.
        func scanRecord(watching root: Int32, _ member: (Range<Int>, Range<Int>, JSONKind) -> Void) throws(JSONError) {
            guard count > 0, entries[0] == UInt32(UInt8(ascii: "{")) else { throw Self.notWalked }
            let (k, end) = try scanObject(at: 0, depth: 1, watching: root, member)
            guard k == count, end == text.count else { throw Self.notWalked }
        }

        /// Walks the object whose `{` is entry `first`, below watched node `node`; returns the
        /// entry after its `}` and the position after it.
        private func scanObject(at first: Int, depth: Int, watching node: Int32,
                                _ member: (Range<Int>, Range<Int>, JSONKind) -> Void) throws(JSONError) -> (Int, Int) {
            guard depth <= JSONScanner.depthLimit else { throw Self.notWalked }
            var k = first &+ 1
            var before = position(first)
            if byte(k) == UInt8(ascii: "}"), position(k) == before &+ 1 { return (k &+ 1, before &+ 2) }
            while true {
                // the key runs from the entry before to the colon
                let colon = position(k)
                guard byte(k) == UInt8(ascii: ":"), text.base[before &+ 1] == UInt8(ascii: "\"") else { throw Self.notWalked }
                let key = Range(uncheckedBounds: (before &+ 1, colon))
                let child = node >= 0 ? text.watchedChild(of: node, key: key, escaped: false) : -1
                if child >= 0 { text.forget(child) }
                let value: Range<Int>
                let kind: JSONKind
                (k, value, kind) = try self.value(at: k &+ 1, after: colon, depth: depth, watching: child)
                if child >= 0 { text.note(child, value, kind, escaped: false) }
                member(key, value, kind)
                before = position(k)
                let next = byte(k)
                k &+= 1
                if next == UInt8(ascii: "}") { return (k, before &+ 1) }
                guard next == UInt8(ascii: ",") else { throw Self.notWalked }
            }
        }

        /// Walks the array whose `[` is entry `first`, below watched node `node`; returns the
        /// entry after its `]` and the position after it.
        private func scanArray(at first: Int, depth: Int, watching node: Int32) throws(JSONError) -> (Int, Int) {
            guard depth <= JSONScanner.depthLimit else { throw Self.notWalked }
            var k = first &+ 1
            var before = position(first)
            if byte(k) == UInt8(ascii: "]"), position(k) == before &+ 1 { return (k &+ 1, before &+ 2) }
            var element = 0
            while true {
                let child = node >= 0 ? text.watchedElement(of: node, index: element) : -1
                let value: Range<Int>
                let kind: JSONKind
                (k, value, kind) = try self.value(at: k, after: before, depth: depth, watching: child)
                if child >= 0 { text.note(child, value, kind, escaped: false) }
                element &+= 1
                before = position(k)
                let next = byte(k)
                k &+= 1
                if next == UInt8(ascii: "]") { return (k, before &+ 1) }
                guard next == UInt8(ascii: ",") else { throw Self.notWalked }
            }
        }

        /// Walks the value after the entry at position `before`, entry `k` the next, below
        /// watched node `node`; returns the entry right after the value, its token and its kind.
        /// A container no watched path goes into is walked by `skip`.
        @inline(__always)
        private func value(at k: Int, after before: Int, depth: Int, watching node: Int32) throws(JSONError) -> (Int, Range<Int>, JSONKind) {
            let start = before &+ 1
            let next = position(k)
            if next != start {
                // a string or a scalar, up to entry `k`
                let kind = try token(from: start, to: next)
                return (k, Range(uncheckedBounds: (start, next)), kind)
            }
            let kind: JSONKind
            let after: (Int, Int)
            switch byte(k) {
            case UInt8(ascii: "{"):
                kind = .object
                after = node >= 0 ? try scanObject(at: k, depth: depth &+ 1, watching: node) { _, _, _ in }
                    : try skip(at: k, depth: depth &+ 1)
            case UInt8(ascii: "["):
                kind = .array
                after = node >= 0 ? try scanArray(at: k, depth: depth &+ 1, watching: node) : try skip(at: k, depth: depth &+ 1)
            default:
                throw Self.notWalked
            }
            // nothing between the closing bracket and the next entry
            guard position(after.0) == after.1 else { throw Self.notWalked }
            return (after.0, Range(uncheckedBounds: (start, after.1)), kind)
        }

        /// The kind of the token that fills `start..<end`, between two entries: a string (the
        /// index checked its quotes), or a number or a literal that ends exactly at `end`.
        @inline(__always)
        private func token(from start: Int, to end: Int) throws(JSONError) -> JSONKind {
            let base = text.base, count = text.count
            let kind: JSONKind
            let after: Int
            switch base[start] {
            case UInt8(ascii: "\""): return .string
            case UInt8(ascii: "t"): (after, kind) = (try Cursor.scanLiteral("true", base, count, at: start), .bool)
            case UInt8(ascii: "f"): (after, kind) = (try Cursor.scanLiteral("false", base, count, at: start), .bool)
            case UInt8(ascii: "n"): (after, kind) = (try Cursor.scanLiteral("null", base, count, at: start), .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                (after, kind) = (try Cursor.scanNumber(base, count, at: start), .number)
            default: throw Self.notWalked
            }
            guard after == end else { throw Self.notWalked }
            return kind
        }

        /// Walks the container whose bracket is entry `first`, at nesting `depth`, where no
        /// watched path goes: one loop, its open containers a stack of bits (set for an
        /// object), with nothing noted. Returns the entry after its closing bracket and the
        /// position after it.
        private func skip(at first: Int, depth: Int) throws(JSONError) -> (Int, Int) {
            var k = first
            var objects: UInt64 = 0
            var levels = 0
            // the position of the entry before the value being read
            var before = position(first) &- 1
            while true {
                // a value right after `before`, entry `k` the next
                let start = before &+ 1
                if position(k) != start {
                    _ = try token(from: start, to: position(k))
                } else {
                    let opener = byte(k)
                    guard opener == UInt8(ascii: "{") || opener == UInt8(ascii: "["),
                          levels < 64, depth &+ levels <= JSONScanner.depthLimit else { throw Self.notWalked }
                    k &+= 1
                    if byte(k) == opener &+ 2, position(k) == start &+ 1 {
                        // `{}` or `[]`; the entry after it must follow at once
                        before = start &+ 1
                        k &+= 1
                        if levels == 0 { return (k, before &+ 1) }
                        guard position(k) == before &+ 1 else { throw Self.notWalked }
                    } else {
                        let isObject: UInt64 = opener == UInt8(ascii: "{") ? 1 : 0
                        objects = objects << 1 | isObject
                        levels &+= 1
                        before = start
                        if isObject != 0 { try key(&k, &before) }
                        continue
                    }
                }
                // after a value, entry `k` right after it: closing brackets, then a comma
                while true {
                    let at = position(k)
                    let next = byte(k)
                    k &+= 1
                    before = at
                    if next == UInt8(ascii: ",") {
                        if objects & 1 != 0 { try key(&k, &before) }
                        break
                    }
                    guard next == (objects & 1 != 0 ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw Self.notWalked }
                    objects >>= 1
                    levels &-= 1
                    if levels == 0 { return (k, at &+ 1) }
                    guard position(k) == at &+ 1 else { throw Self.notWalked }
                }
            }
        }

        /// Walks the key that runs from the entry at `before` to entry `k`, its colon; leaves
        /// both at the colon's next.
        @inline(__always)
        private func key(_ k: inout Int, _ before: inout Int) throws(JSONError) {
            guard byte(k) == UInt8(ascii: ":"), text.base[before &+ 1] == UInt8(ascii: "\"") else { throw Self.notWalked }
            before = position(k)
            k &+= 1
        }
    }
}
