/// The kind of a JSON value, as seen from its first byte.
@_spi(Records) public enum JSONKind: UInt8, Sendable {
    case object, array, string, number, bool, null
}

/// One member of a scanned JSON object: where its key and value lie in the text.
@_spi(Records) public struct JSONMember: Sendable {
    /// The key token, quotes included.
    @_spi(Records) public var key: Range<Int>
    /// The value token, byte for byte.
    @_spi(Records) public var value: Range<Int>
    /// The kind of the value.
    @_spi(Records) public var kind: JSONKind
}

/// A validating RFC 8259 reader that records where values lie instead of building them, so a
/// record can be re-emitted byte for byte with fields added.
@_spi(Records) public struct JSONScanner {
    /// The deepest nesting accepted; deeper texts are rejected rather than risk the stack.
    @_spi(Records) public static let depthLimit = 512

    /// The members of the last object scanned by `scanObject`, valid until the next scan.
    @_spi(Records) public var members: UnsafeBufferPointer<JSONMember> { memberStorage.elements }
    /// The values at the paths the last scan watched, slot by slot (empty when it watched
    /// none), valid until the next scan.
    @_spi(Records) public var watched: UnsafeBufferPointer<WatchedValue> { watchedStorage.elements }

    /// The storage of `members` and `watched`, kept from record to record.
    private var memberStorage = ReusedStorage<JSONMember>()
    private var watchedStorage = ReusedStorage<WatchedValue>()

    /// A scanner with no members yet.
    @_spi(Records) public init() {}

    /// Validates `text` as one JSON object (blanks around it allowed), records its members and
    /// notes the values at the `watching` paths (`watched`).
    @_spi(Records) public mutating func scanObject(_ text: UnsafeBufferPointer<UInt8>, watching paths: WatchedPaths? = nil) throws(JSONError) {
        memberStorage.removeAll()
        var cursor = Cursor(text: text)
        var root: Int32 = -1
        if let (tree, initial) = paths.map({ ($0.tree, $0.initial) }) {
            // pointers into memory that the caller's `paths` keeps alive for the whole call: a
            // binding of `paths` itself was retained
            watchedStorage.replaceAll(with: initial)
            cursor.watch(tree, found: watchedStorage.base)
            root = 0
        } else {
            watchedStorage.removeAll()
        }
        var i = cursor.afterBlanks(0)
        guard i < text.count else { throw JSONError(.unexpectedEnd, at: i) }
        guard text[i] == UInt8(ascii: "{") else {
            throw JSONError(.notAnObject, at: i)
        }
        i = try cursor.scanObject(at: i, depth: 1, watching: root, FollowingPaths.self) { key, value, kind in
            memberStorage.append(JSONMember(key: key, value: value, kind: kind))
        }
        i = cursor.afterBlanks(i)
        if i != text.count { throw JSONError(.trailingData, at: i) }
    }

    /// The members of the object whose text is `text[range]`, which must already be valid JSON.
    @_spi(Records) public static func members(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [JSONMember] {
        let cursor = Cursor(text: text)
        var found: [JSONMember] = []
        _ = try? cursor.scanObject(at: range.lowerBound, depth: 1, watching: -1, NotFollowingPaths.self) { key, value, kind in
            found.append(JSONMember(key: key, value: value, kind: kind))
        }
        return found
    }

    /// The last member named `name` of the object whose text is `text[range]`, which must already
    /// be valid JSON (it is skipped over, not checked again).
    @_spi(Records) public static func member(named name: [UInt8], of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> JSONMember? {
        JSONSkipper.member(named: name, of: range, in: text)
    }

    /// Validates that `text` is exactly one JSON value of any kind.
    @_spi(Records) public static func validateValue(_ text: UnsafeBufferPointer<UInt8>) throws(JSONError) {
        let cursor = Cursor(text: text)
        var i = cursor.afterBlanks(0)
        (i, _, _) = try cursor.scanValue(at: i, depth: 0, watching: -1, NotFollowingPaths.self)
        i = cursor.afterBlanks(i)
        if i != text.count { throw JSONError(.trailingData, at: i) }
    }

    /// A text being scanned. Positions are passed in and returned rather than kept in the
    /// cursor, so that each scan keeps its position in a register: a cursor passed on to the
    /// nested scans lives in memory, and its position was stored back after every byte test.
    struct Cursor {
        let base: UnsafePointer<UInt8>
        let count: Int
        /// The tree of the watched paths, and where the values found go, when watching: node
        /// numbers are passed down the scans (-1 below a member no path goes through).
        private var tree: WatchedPaths.Tree?
        private var found: UnsafeMutablePointer<WatchedValue>?

        init(text: UnsafeBufferPointer<UInt8>) {
            // an empty text has no base address; no byte of it is ever read
            base = text.baseAddress ?? UnsafePointer(bitPattern: 1)!
            count = text.count
        }

        /// Watches the paths of `tree` (whose memory must outlive the scan), noting values in
        /// `found`.
        mutating func watch(_ tree: WatchedPaths.Tree, found: UnsafeMutablePointer<WatchedValue>?) {
            self.tree = tree
            self.found = found
        }

        /// The child of watched node `node` whose step is the key token `key` (`escaped` when
        /// it holds escapes), or -1.
        @inline(__always)
        func watchedChild(of node: Int32, key: Range<Int>, escaped: Bool) -> Int32 {
            let tree = tree.unsafelyUnwrapped
            // a token's bounds are positions in the text: their difference cannot overflow
            let count = key.upperBound &- key.lowerBound &- 2
            guard tree.mayMatch(node, count: count, escaped: escaped) else { return -1 }
            return tree.child(of: node, key: base + (key.lowerBound &+ 1), count: count, escaped: escaped)
        }

        /// The child of watched node `node` that takes element `index` of an array, or -1.
        @inline(__always)
        func watchedElement(of node: Int32, index: Int) -> Int32 {
            tree.unsafelyUnwrapped.element(of: node, index: index)
        }

        /// Forgets what the paths below watched node `node` found: a later member of the same
        /// name replaces an earlier one.
        @inline(__always)
        func forget(_ node: Int32) {
            tree.unsafelyUnwrapped.set(found.unsafelyUnwrapped, below: node, to: .missing)
        }

        /// Notes the value `range` of `kind` (`escaped`: a string holding escapes) for the paths
        /// that end at watched node `node`.
        @inline(__always)
        func note(_ node: Int32, _ range: Range<Int>, _ kind: JSONKind, escaped: Bool) {
            tree.unsafelyUnwrapped.set(found.unsafelyUnwrapped, endingAt: node,
                                       to: WatchedValue(range: range, kind: kind, escaped: escaped))
        }

        /// The position of the first non-blank byte at or after `i`. Records rarely have blanks
        /// between tokens, so the first byte is tested inline and only a blank goes on to a loop.
        @inline(__always)
        func afterBlanks(_ i: Int) -> Int {
            if i < count, base[i] > 0x20 { return i }
            return Self.afterBlankRun(base, count, i)
        }

        static func afterBlankRun(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int) -> Int {
            var i = start
            while i < count {
                switch base[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i &+= 1
                default: return i
                }
            }
            return i
        }

        /// The byte at `i`; throws at the end of the text.
        @inline(__always)
        func byte(at i: Int) throws(JSONError) -> UInt8 {
            guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
            return base[i]
        }

        /// The first non-blank byte at or after `i` and where it is; throws at the end of the
        /// text. The byte after a value is mostly a `,` or a bracket right after it: it is
        /// loaded and tested once, and only a blank (or the end) goes on to `afterBlanks`.
        @inline(__always)
        func byte(afterBlanksAt i: Int) throws(JSONError) -> (byte: UInt8, at: Int) {
            // 0 at the end of the text, which the test below sends to the checked read too
            let found = i < count ? base[i] : 0
            if found > 0x20 { return (found, i) }
            let at = afterBlanks(i)
            return (try byte(at: at), at)
        }

        /// Throws for the byte at `i` (or the end), where `what` was expected.
        @inline(never)
        func unexpected(at i: Int, _ what: StaticString) throws(JSONError) -> Never {
            let found = try byte(at: i)
            throw JSONError(.unexpected(found, expected: what.description), at: i)
        }

        /// Scans the value at `i`, below watched node `node` (-1 for none); returns the position
        /// after it, its kind, and whether it is a string holding escapes. A container no path
        /// goes into is scanned by the scans compiled without the watching code (`Mode`).
        @inline(__always)
        func scanValue<Mode: WatchMode>(at i: Int, depth: Int, watching node: Int32, _: Mode.Type) throws(JSONError) -> (Int, JSONKind, Bool) {
            let byte = try byte(at: i)
            switch byte {
            case UInt8(ascii: "\""):
                var escaped = false
                let end = try Self.scanString(base, count, at: i, escaped: &escaped)
                return (end, .string, escaped)
            case UInt8(ascii: "{"):
                let end = Mode.followsPaths && node >= 0 ? try scanObject(at: i, depth: depth + 1, watching: node, FollowingPaths.self) { _, _, _ in }
                    : try scanObject(at: i, depth: depth + 1, watching: -1, NotFollowingPaths.self) { _, _, _ in }
                return (end, .object, false)
            case UInt8(ascii: "["):
                let end = Mode.followsPaths && node >= 0 ? try scanArray(at: i, depth: depth + 1, watching: node, FollowingPaths.self)
                    : try scanArray(at: i, depth: depth + 1, watching: -1, NotFollowingPaths.self)
                return (end, .array, false)
            case UInt8(ascii: "t"):
                return (try Self.scanLiteral("true", base, count, at: i), .bool, false)
            case UInt8(ascii: "f"):
                return (try Self.scanLiteral("false", base, count, at: i), .bool, false)
            case UInt8(ascii: "n"):
                return (try Self.scanLiteral("null", base, count, at: i), .null, false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return (try Self.scanNumber(base, count, at: i), .number, false)
            default:
                throw JSONError(.unexpected(byte, expected: "a value"), at: i)
            }
        }

        /// Scans the object whose `{` is at `start`, below watched node `node` (-1 for none),
        /// calling `member` with each member's key, value and kind; returns the position after
        /// its `}`.
        func scanObject<Mode: WatchMode>(at start: Int, depth: Int, watching node: Int32, _: Mode.Type,
                                         _ member: (Range<Int>, Range<Int>, JSONKind) -> Void) throws(JSONError) -> Int {
            guard depth <= JSONScanner.depthLimit else {
                throw JSONError(.tooDeep(limit: JSONScanner.depthLimit), at: start)
            }
            var i = afterBlanks(start &+ 1)
            if try byte(at: i) == UInt8(ascii: "}") { return i &+ 1 }
            i = try keyQuote(at: i)
            while true {
                // `base[i]` is the key's opening quote
                let keyStart = i
                var keyEscaped = false
                i = try Self.scanString(base, count, at: i, escaped: &keyEscaped)
                let key = Range(uncheckedBounds: (keyStart, i))
                let child = Mode.followsPaths && node >= 0 ? watchedChild(of: node, key: key, escaped: keyEscaped) : -1
                if Mode.followsPaths && child >= 0 { forget(child) }
                let valueStart: Int
                let kind: JSONKind
                var escaped = false
                if i &+ 2 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt16.self) == Self.colonQuote {
                    // most values are strings right after the colon: both bytes in one load,
                    // and no dispatch on the value's first byte
                    valueStart = i &+ 1
                    i = try Self.scanString(base, count, at: valueStart, escaped: &escaped)
                    kind = .string
                } else {
                    if i >= count || base[i] != UInt8(ascii: ":") {
                        i = afterBlanks(i)
                        guard i < count, base[i] == UInt8(ascii: ":") else { try unexpected(at: i, "':'") }
                    }
                    i = afterBlanks(i &+ 1)
                    valueStart = i
                    (i, kind, escaped) = try scanValue(at: i, depth: depth, watching: child, Mode.self)
                }
                // positions only grow: the bounds need no check
                let value = Range(uncheckedBounds: (valueStart, i))
                if Mode.followsPaths && child >= 0 { note(child, value, kind, escaped: escaped) }
                member(key, value, kind)
                if i &+ 2 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt16.self) == Self.commaQuote {
                    // the next key right after the comma, as most are: both bytes in one load
                    i &+= 1
                    continue
                }
                let next = try byte(afterBlanksAt: i)
                i = next.at &+ 1
                if next.byte == UInt8(ascii: "}") { return i }
                guard next.byte == UInt8(ascii: ",") else {
                    throw JSONError(.unexpected(next.byte, expected: "',' or '}'"), at: next.at)
                }
                i = try keyQuote(at: i)
            }
        }

        /// The position of the opening quote of the key at or after `i`, past blanks; throws
        /// for anything else. Records rarely have blanks between tokens: the quote is looked
        /// for where it would be without them first.
        @inline(__always)
        func keyQuote(at i: Int) throws(JSONError) -> Int {
            if i < count, base[i] == UInt8(ascii: "\"") { return i }
            let at = afterBlanks(i)
            guard try byte(at: at) == UInt8(ascii: "\"") else {
                throw JSONError(.unexpected(base[at], expected: "'\"'"), at: at)
            }
            return at
        }

        /// `,"` read as one little-endian word.
        @inline(__always)
        static var commaQuote: UInt16 { UInt16(UInt8(ascii: ",")) | UInt16(UInt8(ascii: "\"")) &<< 8 }

        /// `:"` read as one little-endian word.
        @inline(__always)
        static var colonQuote: UInt16 { UInt16(UInt8(ascii: ":")) | UInt16(UInt8(ascii: "\"")) &<< 8 }

        /// Scans the array whose `[` is at `start`, below watched node `node` (-1 for none);
        /// returns the position after its `]`.
        func scanArray<Mode: WatchMode>(at start: Int, depth: Int, watching node: Int32, _: Mode.Type) throws(JSONError) -> Int {
            guard depth <= JSONScanner.depthLimit else {
                throw JSONError(.tooDeep(limit: JSONScanner.depthLimit), at: start)
            }
            var i = afterBlanks(start &+ 1)
            if try byte(at: i) == UInt8(ascii: "]") { return i &+ 1 }
            var element = 0
            while true {
                // `i` is past the blanks before the element
                let elementStart = i
                let child = Mode.followsPaths && node >= 0 ? watchedElement(of: node, index: element) : -1
                let kind: JSONKind
                let escaped: Bool
                (i, kind, escaped) = try scanValue(at: i, depth: depth, watching: child, Mode.self)
                if Mode.followsPaths && child >= 0 { note(child, Range(uncheckedBounds: (elementStart, i)), kind, escaped: escaped) }
                element &+= 1
                if i &+ 2 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt16.self) == Self.commaQuote {
                    // a string element right after the comma, as in most arrays of a record
                    i &+= 1
                    continue
                }
                let next = try byte(afterBlanksAt: i)
                i = next.at &+ 1
                if next.byte == UInt8(ascii: "]") { return i }
                guard next.byte == UInt8(ascii: ",") else {
                    throw JSONError(.unexpected(next.byte, expected: "',' or ']'"), at: next.at)
                }
                i = afterBlanks(i)
            }
        }

        /// Scans the literal `word` at `start`; returns the position after it. This and the scans
        /// below are static, on the text's bytes: a method called on the cursor that a nested scan
        /// holds in memory copied the whole cursor for every string.
        static func scanLiteral(_ word: StaticString, _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) throws(JSONError) -> Int {
            let p = word.utf8Start
            let length = word.utf8CodeUnitCount
            // the whole word in one or two loads; byte by byte only to say where it differs
            if length <= count &- start, (base + start).equalsShort(p, count: length) { return start &+ length }
            var i = start
            for k in 0..<length {
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                guard base[i] == p[k] else {
                    throw JSONError(.unexpected(base[i], expected: "'\(word)'"), at: i)
                }
                i &+= 1
            }
            return i
        }

        /// The position after the digits at or after `i`.
        @inline(__always)
        static func afterDigits(_ base: UnsafePointer<UInt8>, _ count: Int, _ start: Int) -> Int {
            var i = start
            while i < count, base[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
            return i
        }

        /// Scans the number at `start`; returns the position after it.
        static func scanNumber(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) throws(JSONError) -> Int {
            var i = start
            if base[i] == UInt8(ascii: "-") { i &+= 1 }
            guard i < count else { throw JSONError(.invalidNumber, at: start) }
            if base[i] == UInt8(ascii: "0") {
                i &+= 1
            } else {
                let end = afterDigits(base, count, i)
                if end == i { throw JSONError(.invalidNumber, at: i) }
                i = end
            }
            if i < count, base[i] == UInt8(ascii: ".") {
                let end = afterDigits(base, count, i &+ 1)
                guard end > i &+ 1 else { throw JSONError(.invalidNumber, at: end) }
                i = end
            }
            if i < count, base[i] | 0x20 == UInt8(ascii: "e") {
                i &+= 1
                if i < count, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
                    i &+= 1
                }
                let end = afterDigits(base, count, i)
                guard end > i else { throw JSONError(.invalidNumber, at: end) }
                i = end
            }
            return i
        }

        /// Scans the string token whose opening quote is at `start`, checking escapes, surrogate
        /// pairs and UTF-8; returns the position after its closing quote, and sets `escaped` when
        /// the string holds an escape (a key that may match a watched step only decoded).
        @inline(__always)
        static func scanString(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int, escaped: inout Bool) throws(JSONError) -> Int {
            // Most strings of a record are plain ASCII: their bytes are passed sixteen at a
            // time up to the closing quote, here. A string with an escape, a byte at or above
            // 0x80 or a control, or one that ends in the last sixteen bytes of the text, goes on
            // in a loop of its own from its first such byte, kept out of line so that the scans
            // around this test keep their registers; the common strings, links and paths of
            // sixteen bytes or more, never call it.
            var i = start &+ 1
            while i &+ 16 <= count {
                let offset = EscapeFreeRun.firstSpecial(inBlockAt: base + i)
                i &+= offset
                if offset < 16 {
                    if base[i] == UInt8(ascii: "\"") { return i &+ 1 }
                    break
                }
            }
            return try scanString(base, count, from: i, escaped: &escaped)
        }

        /// Scans the rest of a string token from `start`, where every byte before it since the
        /// opening quote is plain; returns the position after its closing quote.
        @inline(never)
        static func scanString(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, escaped: inout Bool) throws(JSONError) -> Int {
            var i = start
            while true {
                // Skip the plain ASCII run in one tight loop; most strings are nothing else.
                i = EscapeFreeRun.end(base, from: i, to: count)
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                let byte = base[i]
                if byte == UInt8(ascii: "\"") { return i &+ 1 }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    i = try scanEscape(base, count, at: i)
                } else if byte < 0x20 {
                    throw JSONError(.controlCharacter, at: i)
                } else if byte < 0x80 {
                    i &+= 1
                } else {
                    guard let length = UTF8Validation.sequenceLength(UnsafeBufferPointer(start: base, count: count), at: i) else {
                        throw JSONError(.invalidUTF8, at: i)
                    }
                    i &+= length
                }
            }
        }

        /// Scans the escape whose backslash is at `start`; returns the position after it.
        static func scanEscape(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) throws(JSONError) -> Int {
            var i = start &+ 1
            guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
            switch base[i] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return i &+ 1
            case UInt8(ascii: "u"):
                let unit = try hex4(base, count, at: i &+ 1)
                i &+= 5
                if unit >= 0xD800 && unit < 0xDC00 {
                    guard i &+ 1 < count, base[i] == UInt8(ascii: "\\"), base[i &+ 1] == UInt8(ascii: "u")
                    else { throw JSONError(.loneSurrogate, at: start) }
                    let low = try hex4(base, count, at: i &+ 2)
                    guard low >= 0xDC00 && low < 0xE000 else { throw JSONError(.loneSurrogate, at: start) }
                    i &+= 6
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    throw JSONError(.loneSurrogate, at: start)
                }
                return i
            default:
                throw JSONError(.invalidEscape, at: start)
            }
        }

        /// The value of the four hex digits at `start`.
        static func hex4(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int) throws(JSONError) -> UInt32 {
            guard start + 4 <= count else { throw JSONError(.invalidUnicodeEscape, at: start - 2) }
            var value: UInt32 = 0
            for i in start..<start + 4 {
                guard let digit = ByteClass.hexValue(base[i]) else {
                    throw JSONError(.invalidUnicodeEscape, at: start - 2)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}

/// Whether a scan follows watched paths: a type parameter of the scans, so that the values no
/// path goes into, most of a record, are scanned by code compiled without the watching, whose
/// registers the member loop then has to itself.
protocol WatchMode {
    static var followsPaths: Bool { get }
}

/// The scans of values that watched paths may go into.
enum FollowingPaths: WatchMode {
    static var followsPaths: Bool { true }
}

/// The scans of values no watched path goes into.
enum NotFollowingPaths: WatchMode {
    static var followsPaths: Bool { false }
}
