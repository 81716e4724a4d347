import Testing
@_spi(Records) @testable import UrnCore

@Suite struct JSONScannerTests {
    func scan(_ text: String) throws(JSONError) -> [(String, String, JSONKind)] {
        let bytes = Array(text.utf8)
        var scanner = JSONScanner()
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) in
            try scanner.scanObject(buffer)
            return scanner.members.map {
                (String(decoding: buffer[$0.key], as: UTF8.self), String(decoding: buffer[$0.value], as: UTF8.self), $0.kind)
            }
        }
    }

    func error(_ text: some Collection<UInt8>) -> JSONError? {
        let bytes = Array(text)
        var scanner = JSONScanner()
        return bytes.withUnsafeBufferPointer { buffer -> JSONError? in
            do throws(JSONError) { try scanner.scanObject(buffer); return nil } catch { return error }
        }
    }

    func error(_ text: String) -> JSONError? { error(Array(text.utf8)) }

    @Test func keepsRawMemberSpans() throws {
        let members = try scan(#" { "a" : [1, {"b":2}] , "c\n":"x\"y", "n":-1.5e+3,"t":true,"f":false,"z":null } "#)
        #expect(members.map(\.0) == [#""a""#, #""c\n""#, #""n""#, #""t""#, #""f""#, #""z""#])
        #expect(members.map(\.1) == [#"[1, {"b":2}]"#, #""x\"y""#, "-1.5e+3", "true", "false", "null"])
        #expect(members.map(\.2) == [.array, .string, .number, .bool, .bool, .null])
    }

    @Test func acceptsEmptyObject() throws {
        #expect(try scan("{}").isEmpty)
    }

    @Test(arguments: [
        "{", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{\"a\":01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":1e}",
        "{\"a\":-}", "{\"a\":tru}", "{\"a\":\"\\x\"}", "{\"a\":\"\\u12G4\"}", "{a:1}", "{\"a\":1} x",
        "{\"a\":'x'}", "{\"a\":[1 2]}", "{\"a\":\"tab\there\"}", "{\"a\":NaN}", "{\"a\":+1}",
    ])
    func rejectsWhatRFC8259Rejects(text: String) {
        #expect(error(text)?.code == "invalid-json")
    }

    /// Too deep a nesting is the same error whether a watched path goes into the value or not
    /// (the scans of values no path goes into are compiled apart).
    @Test func tooDeepWithAndWithoutWatchedPaths() throws {
        let deep = Array(#"{"a":{"b":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: JSONScanner.depthLimit)
            + Array(repeating: UInt8(ascii: "]"), count: JSONScanner.depthLimit) + Array("}}".utf8)
        let expected = error(deep)
        #expect(expected?.reason == .tooDeep(limit: JSONScanner.depthLimit))
        for paths in [["a.b.0"], ["a.c"], ["x"]] {
            let watched = WatchedPaths(paths.compactMap(JSONPath.init))
            var scanner = JSONScanner()
            let found = deep.withUnsafeBufferPointer { buffer -> JSONError? in
                do throws(JSONError) { try scanner.scanObject(buffer, watching: watched); return nil } catch { return error }
            }
            #expect(found == expected, "\(paths)")
        }
        // one level less is accepted either way
        let fits = Array(#"{"a":"#.utf8) + Array(repeating: UInt8(ascii: "["), count: JSONScanner.depthLimit - 1)
            + Array(repeating: UInt8(ascii: "]"), count: JSONScanner.depthLimit - 1) + Array("}".utf8)
        #expect(error(fits) == nil)
        var scanner = JSONScanner()
        try fits.withUnsafeBufferPointer { try scanner.scanObject($0, watching: WatchedPaths([JSONPath("a.0.0")!])) }
    }

    @Test func reportsTheOffset() {
        #expect(error("{\"a\":1,}")?.offset == 7)
        #expect(error("{\"a\":1} x")?.offset == 8)
    }

    @Test func rejectsNonObjects() {
        #expect(error("[1]")?.reason == .notAnObject)
        #expect(error("   ")?.reason == .unexpectedEnd)
    }

    @Test func checksSurrogatePairs() {
        #expect(error(#"{"a":"\ud83d\ude00"}"#) == nil)
        #expect(error(#"{"a":"\ud83d"}"#)?.reason == .loneSurrogate)
        #expect(error(#"{"a":"\ud83dx"}"#)?.reason == .loneSurrogate)
        #expect(error(#"{"a":"\ude00"}"#)?.reason == .loneSurrogate)
        #expect(error(#"{"a":"\ud83d\u0041"}"#)?.reason == .loneSurrogate)
    }

    @Test func rejectsInvalidUTF8InStrings() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
            let text = Array("{\"a\":\"".utf8) + bad + Array("\"}".utf8)
            #expect(error(text)?.code == "invalid-utf8")
            #expect(error(text)?.offset == 6)
        }
    }

    @Test func limitsNestingWithoutRecursingDeeply() {
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(error(deep)?.code == "json-too-deep")
        let fine = "{\"a\":" + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}"
        #expect(error(fine) == nil)
    }

    @Test(arguments: ["0", "-0", "12", "1.25", "1e5", "1E-5", "-0.0e+00", "123456789012345678901234567890"])
    func acceptsNumbers(number: String) {
        #expect(error("{\"n\":\(number)}") == nil)
    }

    @Test func validatesSingleValues() {
        let good = Array("[1, \"a\", {\"b\": null}]".utf8)
        good.withUnsafeBufferPointer { buffer in
            #expect(throws: Never.self) { try JSONScanner.validateValue(buffer) }
        }
        let bad = Array("[1,]".utf8)
        bad.withUnsafeBufferPointer { buffer in
            _ = #expect(throws: JSONError.self) { try JSONScanner.validateValue(buffer) }
        }
    }
}

/// The scanner's short-string and literal shortcuts against a byte-by-byte reading of arrays of
/// strings and literals, on generated texts: the same end or the same error at the same byte.
@Suite struct JSONScannerShortcutTests {
    /// A byte-at-a-time reading of an array of strings and literals, with the scanner's errors
    /// and offsets: the reading the shortcuts must not change.
    struct Reference {
        let text: [UInt8]

        func byte(_ i: Int) throws(JSONError) -> UInt8 {
            guard i < text.count else { throw JSONError(.unexpectedEnd, at: i) }
            return text[i]
        }

        func afterBlanks(_ start: Int) -> Int {
            var i = start
            while i < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[i]) { i += 1 }
            return i
        }

        func document() throws(JSONError) {
            var i = try value(at: afterBlanks(0))
            i = afterBlanks(i)
            if i != text.count { throw JSONError(.trailingData, at: i) }
        }

        func value(at i: Int) throws(JSONError) -> Int {
            let first = try byte(i)
            switch first {
            case UInt8(ascii: "["): return try array(at: i)
            case UInt8(ascii: "{"): return try object(at: i)
            case UInt8(ascii: "\""): return try string(at: i)
            case UInt8(ascii: "t"): return try literal("true", at: i)
            case UInt8(ascii: "f"): return try literal("false", at: i)
            case UInt8(ascii: "n"): return try literal("null", at: i)
            default: throw JSONError(.unexpected(first, expected: "a value"), at: i)
            }
        }

        func array(at start: Int) throws(JSONError) -> Int {
            var i = afterBlanks(start + 1)
            if try byte(i) == UInt8(ascii: "]") { return i + 1 }
            while true {
                i = try value(at: afterBlanks(i))
                i = afterBlanks(i)
                let next = try byte(i)
                i += 1
                if next == UInt8(ascii: "]") { return i }
                guard next == UInt8(ascii: ",") else { throw JSONError(.unexpected(next, expected: "',' or ']'"), at: i - 1) }
            }
        }

        func object(at start: Int) throws(JSONError) -> Int {
            var i = afterBlanks(start + 1)
            if try byte(i) == UInt8(ascii: "}") { return i + 1 }
            while true {
                i = afterBlanks(i)
                let quote = try byte(i)
                guard quote == UInt8(ascii: "\"") else { throw JSONError(.unexpected(quote, expected: "'\"'"), at: i) }
                i = afterBlanks(try string(at: i))
                let colon = try byte(i)
                guard colon == UInt8(ascii: ":") else { throw JSONError(.unexpected(colon, expected: "':'"), at: i) }
                i = afterBlanks(try value(at: afterBlanks(i + 1)))
                let next = try byte(i)
                i += 1
                if next == UInt8(ascii: "}") { return i }
                guard next == UInt8(ascii: ",") else { throw JSONError(.unexpected(next, expected: "',' or '}'"), at: i - 1) }
            }
        }

        func literal(_ word: String, at start: Int) throws(JSONError) -> Int {
            var i = start
            for expected in word.utf8 {
                let found = try byte(i)
                guard found == expected else { throw JSONError(.unexpected(found, expected: "'\(word)'"), at: i) }
                i += 1
            }
            return i
        }

        func string(at start: Int) throws(JSONError) -> Int {
            var i = start + 1
            while true {
                let found = try byte(i)
                switch found {
                case UInt8(ascii: "\""): return i + 1
                case UInt8(ascii: "\\"): i = try escape(at: i)
                case ..<0x20: throw JSONError(.controlCharacter, at: i)
                case ..<0x80: i += 1
                default:
                    let length = text.withUnsafeBufferPointer { UTF8Validation.sequenceLength($0, at: i) }
                    guard let length else { throw JSONError(.invalidUTF8, at: i) }
                    i += length
                }
            }
        }

        func escape(at start: Int) throws(JSONError) -> Int {
            let kind = try byte(start + 1)
            if Array(#""\/bfnrt"#.utf8).contains(kind) { return start + 2 }
            guard kind == UInt8(ascii: "u") else { throw JSONError(.invalidEscape, at: start) }
            let unit = try hex4(at: start + 2, escape: start)
            if (0xD800..<0xDC00).contains(unit) {
                guard start + 7 < text.count, text[start + 6] == UInt8(ascii: "\\"), text[start + 7] == UInt8(ascii: "u"),
                      (0xDC00..<0xE000).contains(try hex4(at: start + 8, escape: start + 6))
                else { throw JSONError(.loneSurrogate, at: start) }
                return start + 12
            }
            if (0xDC00..<0xE000).contains(unit) { throw JSONError(.loneSurrogate, at: start) }
            return start + 6
        }

        func hex4(at start: Int, escape: Int) throws(JSONError) -> Int {
            guard start + 4 <= text.count,
                  let value = Int(String(decoding: text[start..<start + 4], as: UTF8.self), radix: 16),
                  text[start..<start + 4].allSatisfy({ ByteClass.hexValue($0) != nil })
            else { throw JSONError(.invalidUnicodeEscape, at: escape) }
            return value
        }
    }

    /// Pieces of string content: mostly plain text, some of every kind a scan must stop at.
    static let pieces: [[UInt8]] = [
        "a", "b", "Z", "/", ":", "?", "=", "%", "~", " ", ",", "]", "t", "f", "n", "abcdefgh", "user/subscriptions",
        #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\u00e9"#, #"\uD834\uDD1E"#, #"\uD834"#, #"\uDD1E"#, #"\u12G4"#, #"\x"#, "\\",
        "é", "€", "𝄞", "\t", "\u{7F}",
    ].map { Array($0.utf8) } + [[0x01], [0x1F], [0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]]

    static func text(_ rng: inout SplitMix64) -> [UInt8] {
        var text = Array("[".utf8)
        for index in 0..<Int.random(in: 1...4, using: &rng) {
            if index > 0 { text += Array(",".utf8) }
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: text += Array(["true", "false", "null", "ture", "fals", "nul"].randomElement(using: &rng)!.utf8)
            default:
                text += Array("\"".utf8)
                // mostly plain pieces, so that strings of every length around a block end
                for _ in 0..<Int.random(in: 0...24, using: &rng) {
                    let plain = Int.random(in: 0..<8, using: &rng) > 0
                    text += plain ? pieces[Int.random(in: 0..<15, using: &rng)] : pieces.randomElement(using: &rng)!
                }
                text += Array("\"".utf8)
            }
        }
        text += Array("]".utf8)
        // now and then cut short, at any byte
        if Int.random(in: 0..<4, using: &rng) == 0 { text.removeLast(Int.random(in: 0...text.count, using: &rng)) }
        return text
    }

    /// Strings of every length from 0 to 80 plain bytes, then one byte of each kind a scan
    /// stops at, then more plain bytes or the end of the text: every place in and after a run of
    /// sixteen-byte blocks, and every distance from the text's end.
    @Test func longStringsReadAsTheReferenceDoes() {
        let stops: [[UInt8]] = [[UInt8(ascii: "\"")], Array(#"\n"#.utf8), Array(#"\x"#.utf8), [0x1F], [0x7F], Array("é".utf8), [0xC3], [0xFF]]
        for length in 0...80 {
            for stop in stops {
                for tail in [0, 1, 15, 16, 17, 40] {
                    var text = Array(#"[""#.utf8) + (0..<length).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
                    text += stop + Array(repeating: UInt8(ascii: "z"), count: tail) + Array(#""]"#.utf8)
                    for cut in [text.count, text.count - 1, text.count - 2] {
                        let text = Array(text[..<cut])
                        let expected: JSONError?
                        do throws(JSONError) { try Reference(text: text).document(); expected = nil } catch { expected = error }
                        let found: JSONError? = text.withUnsafeBufferPointer { buffer in
                            do throws(JSONError) { try JSONScanner.validateValue(buffer); return nil } catch { return error }
                        }
                        #expect(found == expected, "\(String(decoding: text, as: UTF8.self))")
                    }
                }
            }
        }
    }

    /// An object of string, literal, array and object members, with blanks now and then
    /// between its tokens, cut short or with one byte changed now and then.
    static func object(_ rng: inout SplitMix64, depth: Int = 0) -> [UInt8] {
        func blanks() -> [UInt8] {
            Int.random(in: 0..<5, using: &rng) == 0 ? Array([" ", "\t", "\n ", "\r\n"].randomElement(using: &rng)!.utf8) : []
        }
        var text = Array("{".utf8) + blanks()
        for index in 0..<Int.random(in: 0...4, using: &rng) {
            if index > 0 { text += blanks() + Array(",".utf8) + blanks() }
            text += Array(["\"a\"", "\"link\"", "\"route\"", "\"k\\u0065y\"", "\"\"", "\"segments\""].randomElement(using: &rng)!.utf8)
            text += blanks() + Array(":".utf8) + blanks()
            switch Int.random(in: 0..<6, using: &rng) {
            case 0 where depth < 2: text += object(&rng, depth: depth + 1)
            case 1: text += Self.text(&rng)
            default:
                let item = Self.text(&rng)
                // an array's first element alone, string or literal (or a cut-short piece)
                text += item.count > 2 ? Array(item.dropFirst().prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "]") }) : Array("\"\"".utf8)
            }
        }
        text += blanks() + Array("}".utf8)
        guard depth == 0 else { return text }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: text.removeLast(Int.random(in: 0...text.count, using: &rng))
        case 1 where !text.isEmpty:
            text[Int.random(in: 0..<text.count, using: &rng)] = Array(#"{}[]:,"\ tfn"#.utf8).randomElement(using: &rng)!
        default: break
        }
        return text
    }

    /// Objects read by the scans of a record, watching paths through them or not, end or
    /// fail as the byte-by-byte reading does: the colon, comma and quote shortcuts change
    /// nothing.
    @Test func objectShortcutsReadAsTheReferenceDoes() {
        var rng = SplitMix64(state: 41)
        let watched = WatchedPaths(["a", "a.a", "link", "route.link", "key", "segments.0"].compactMap(JSONPath.init))
        for _ in 0..<20_000 {
            let text = Self.object(&rng)
            let expected: JSONError?
            do throws(JSONError) { try Reference(text: text).document(); expected = nil } catch { expected = error }
            var scanner = JSONScanner()
            for paths in [nil, watched] {
                let found: JSONError? = text.withUnsafeBufferPointer { buffer in
                    do throws(JSONError) { try scanner.scanObject(buffer, watching: paths); return nil } catch { return error }
                }
                // a text that is not an object is refused as one
                let want = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }).map { $0 == UInt8(ascii: "{") } == false
                    ? JSONError(.notAnObject, at: text.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }!) : expected
                #expect(found == want, "\(String(decoding: text, as: UTF8.self)) watching \(paths != nil)")
            }
        }
    }

    @Test func shortcutsReadAsTheReferenceDoes() {
        var rng = SplitMix64(state: 39)
        for _ in 0..<20_000 {
            let text = Self.text(&rng)
            let expected: JSONError?
            do throws(JSONError) { try Reference(text: text).document(); expected = nil } catch { expected = error }
            let found: JSONError? = text.withUnsafeBufferPointer { buffer in
                do throws(JSONError) { try JSONScanner.validateValue(buffer); return nil } catch { return error }
            }
            #expect(found == expected, "\(String(decoding: text, as: UTF8.self))")
        }
    }
}
