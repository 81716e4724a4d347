/// Moves over JSON text that has already been validated, without checking it again: strings to
/// their closing quote (eight bytes at a time), containers to their matching bracket, scalars to
/// the next delimiter. Looking a path up in a record uses it; the record was validated once
/// when it was read.
enum JSONSkipper {
    /// The index after the value that starts at `start`, and its kind.
    static func value(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, kind: JSONKind) {
        switch text[start] {
        case UInt8(ascii: "\""): return (string(text, at: start), .string)
        case UInt8(ascii: "{"): return (container(text, at: start), .object)
        case UInt8(ascii: "["): return (container(text, at: start), .array)
        case UInt8(ascii: "t"): return (start + 4, .bool)
        case UInt8(ascii: "f"): return (start + 5, .bool)
        case UInt8(ascii: "n"): return (start + 4, .null)
        default:
            var i = start + 1
            while i < text.count, isNumberByte(text[i]) { i += 1 }
            return (i, .number)
        }
    }

    /// The index after the string whose opening quote is at `start`.
    static func string(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let base = text.baseAddress!
        let raw = UnsafeRawPointer(base)
        var i = start + 1
        while true {
            i = SWAR.firstIndex(raw, from: i, to: text.count, where: quoteOrBackslash)
            if base[i] == UInt8(ascii: "\"") { return i + 1 }
            i += base[i] == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    /// The index after the object or array whose opening bracket is at `start`.
    static func container(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var depth = 0
        var i = start
        let raw = UnsafeRawPointer(text.baseAddress!)
        while true {
            i = SWAR.firstIndex(raw, from: i, to: text.count, where: structural)
            switch text[i] {
            case UInt8(ascii: "\""):
                i = string(text, at: i)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default:
                break
            }
            i += 1
        }
    }

    /// The last member named `name` of the object at `range`.
    static func member(named name: [UInt8], of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> JSONMember? {
        var found: JSONMember?
        var i = range.lowerBound + 1
        while true {
            i = afterBlanks(text, i)
            guard text[i] == UInt8(ascii: "\"") else { return found }  // `}`
            let keyEnd = string(text, at: i)
            let key = i..<keyEnd
            i = afterBlanks(text, keyEnd) + 1  // the ':'
            i = afterBlanks(text, i)
            let (end, kind) = value(text, at: i)
            if JSONString.equals(key, in: text, name) { found = JSONMember(key: key, value: i..<end, kind: kind) }
            i = afterBlanks(text, end)
            if text[i] == UInt8(ascii: ",") { i += 1 } else { return found }
        }
    }

    /// Element `index` of the array at `range`.
    static func element(_ index: Int, of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> (Range<Int>, JSONKind)? {
        var i = afterBlanks(text, range.lowerBound + 1)
        guard text[i] != UInt8(ascii: "]") else { return nil }
        var current = 0
        while true {
            i = afterBlanks(text, i)
            let (end, kind) = value(text, at: i)
            if current == index { return (i..<end, kind) }
            current += 1
            i = afterBlanks(text, end)
            if text[i] == UInt8(ascii: ",") { i += 1 } else { return nil }
        }
    }

    @inline(__always)
    private static func afterBlanks(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = start
        // a blank is at most 0x20: one test passes everything else
        while i < text.count, text[i] <= 0x20, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
        return i
    }

    /// Whether `byte` can continue a number: a digit, `.`, `e`, `E`, `+` or `-`.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// Flags the bytes of `word` that are `"`, `{`, `[`, `}` or `]`.
    @inline(__always)
    private static func structural(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: "\"")) | SWAR.equal(word, UInt8(ascii: "{")) | SWAR.equal(word, UInt8(ascii: "}"))
            | SWAR.equal(word, UInt8(ascii: "[")) | SWAR.equal(word, UInt8(ascii: "]"))) & SWAR.high
    }

    /// Flags the bytes of `word` that are `"` or `\`.
    @inline(__always)
    private static func quoteOrBackslash(_ word: UInt64) -> UInt64 {
        (SWAR.equal(word, UInt8(ascii: "\"")) | SWAR.equal(word, UInt8(ascii: "\\"))) & SWAR.high
    }
}

extension JSONSkipper {
    /// The elements of the array at `range`, in order.
    static func elements(of range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> [(Range<Int>, JSONKind)] {
        var found: [(Range<Int>, JSONKind)] = []
        var i = range.lowerBound + 1
        while true {
            while text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
            guard text[i] != UInt8(ascii: "]") else { return found }
            let (end, kind) = value(text, at: i)
            found.append((i..<end, kind))
            i = end
            while text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
            guard text[i] == UInt8(ascii: ",") else { return found }
            i += 1
        }
    }
}
