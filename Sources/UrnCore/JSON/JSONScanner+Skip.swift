extension JSONScanner.Cursor {
    /// Validates the object or array whose `{` or `[` is at `start`, inside containers `depth`
    /// deep, where no watched path leads; returns the position after it. One loop over the
    /// tokens with the open containers as bits, where the scan of a watched value recurses for
    /// each container and passes each member on: most of a record is such values (a stack's
    /// frames, a route's arguments). It answers exactly as `scanValue` does, errors and their
    /// offsets included (tested against it).
    static func skipContainer(_ base: UnsafePointer<UInt8>, _ count: Int, at start: Int, depth: Int) throws(JSONError) -> Int {
        // bit k of `objects`: whether the container k + 1 levels down from `start` is an object
        var objects: UInt64 = 0
        var open = 0
        var i = start
        // The states: a container opens at `i`; a member's key is due at `i`; a value is due
        // at `i`; a value ended before `i`.
        var state = State.opening
        while true {
            switch state {
            case .opening:
                guard depth &+ open &+ 1 <= JSONScanner.depthLimit else {
                    throw JSONError(.tooDeep(limit: JSONScanner.depthLimit), at: i)
                }
                if open == 64 {
                    // deeper than the bits hold: the containers below start a loop of their own
                    i = try skipContainer(base, count, at: i, depth: depth &+ open)
                    state = .afterValue
                    continue
                }
                let isObject = base[i] == UInt8(ascii: "{")
                objects = isObject ? objects | (1 << UInt64(open)) : objects & ~(1 << UInt64(open))
                open &+= 1
                i = afterBlanks(base, count, i &+ 1)
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                if base[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i &+= 1
                    open &-= 1
                    if open == 0 { return i }
                    state = .afterValue
                } else {
                    state = isObject ? .key : .value
                }
            case .key:
                i = afterBlanks(base, count, i)
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                guard base[i] == UInt8(ascii: "\"") else { throw JSONError(.unexpected(base[i], expected: "'\"'"), at: i) }
                var escaped = false
                i = try scanString(base, count, at: i, escaped: &escaped)
                i = afterBlanks(base, count, i)
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                guard base[i] == UInt8(ascii: ":") else { throw JSONError(.unexpected(base[i], expected: "':'"), at: i) }
                i = afterBlanks(base, count, i &+ 1)
                state = .value
            case .value:
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                switch base[i] {
                case UInt8(ascii: "\""):
                    var escaped = false
                    i = try scanString(base, count, at: i, escaped: &escaped)
                    state = .afterValue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    state = .opening
                case UInt8(ascii: "t"):
                    i = try scanLiteral("true", base, count, at: i)
                    state = .afterValue
                case UInt8(ascii: "f"):
                    i = try scanLiteral("false", base, count, at: i)
                    state = .afterValue
                case UInt8(ascii: "n"):
                    i = try scanLiteral("null", base, count, at: i)
                    state = .afterValue
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    i = try scanNumber(base, count, at: i)
                    state = .afterValue
                default:
                    throw JSONError(.unexpected(base[i], expected: "a value"), at: i)
                }
            case .afterValue:
                i = afterBlanks(base, count, i)
                guard i < count else { throw JSONError(.unexpectedEnd, at: i) }
                let next = base[i]
                i &+= 1
                let inObject = objects & (1 << UInt64(open &- 1)) != 0
                if next == UInt8(ascii: ",") {
                    if inObject {
                        state = .key
                    } else {
                        i = afterBlanks(base, count, i)
                        state = .value
                    }
                } else if next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open &-= 1
                    if open == 0 { return i }
                } else {
                    throw JSONError(.unexpected(next, expected: inObject ? "',' or '}'" : "',' or ']'"), at: i &- 1)
                }
            }
        }
    }

    /// Where `skipContainer` is in the grammar.
    private enum State {
        case opening, key, value, afterValue
    }

    /// The position of the first non-blank byte at or after `i`; the first byte is tested
    /// inline, as records rarely have blanks between tokens.
    @inline(__always)
    private static func afterBlanks(_ base: UnsafePointer<UInt8>, _ count: Int, _ i: Int) -> Int {
        if i < count, base[i] > 0x20 { return i }
        return afterBlankRun(base, count, i)
    }
}
