import Testing
@testable import UrnCore

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

    /// The outcome of scanning `text` while watching `paths`: the end of each member's value,
    /// or the error.
    private func outcome(_ text: [UInt8], watching paths: WatchedPaths?) -> String {
        var scanner = JSONScanner()
        return text.withUnsafeBufferPointer { buffer in
            do throws(JSONError) {
                try scanner.scanObject(buffer, watching: paths)
                return "ok \(scanner.members.map { "\($0.value) \($0.kind)" })"
            } catch {
                return "\(error.code) \(error.message) at \(error.offset ?? -1)"
            }
        }
    }

    /// A value where no path is watched is validated in one loop (`skipContainer`), a watched
    /// one by the scan that follows paths: both give the same answer, errors and offsets
    /// included, for texts made of the tokens that matter, blanks among them.
    @Test func skipsUnwatchedValuesAsTheWatchedScanReadsThem() {
        // every path of keys `a` and `b` and indexes 0 to 3, four steps deep: the watched scan
        // then reads the texts below (up to that depth) through the paths
        var paths: [String] = ["a", "b"]
        for _ in 0..<3 { paths += paths.flatMap { path in ["a", "b", "0", "1", "2", "3"].map { "\(path).\($0)" } } }
        let everywhere = WatchedPaths(Array(Set(paths)).compactMap(JSONPath.init))
        let pieces = ["{", "}", "[", "]", ",", ":", "\"a\"", "\"b\"", "\"x\\\"y\"", "1", "-2.5e3", "true", "fals", "null",
                      " ", "\n", "\"", "0x", "\u{01}", "{\"a\":", "[1,", "{}", "[]"]
        var generator = SplitMix64(state: 39)
        var valid = 0
        for _ in 0..<60_000 {
            var text = "{\"a\":"
            for _ in 0..<Int(generator.next() % 14) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            if generator.next() % 2 == 0 { text += "}" }
            let bytes = Array(text.utf8)
            let skipped = outcome(bytes, watching: nil)
            #expect(skipped == outcome(bytes, watching: everywhere), "\(text)")
            if skipped.hasPrefix("ok") { valid += 1 }
        }
        #expect(valid > 500, "too few valid texts to compare: \(valid)")
        // nesting past the depth limit, and past the 64 levels one loop's bits hold
        for depth in [63, 64, 65, 130, 510, 511, 512, 600] {
            let text = Array(("{\"a\":" + String(repeating: "[{\"b\":", count: depth / 2) + String(repeating: "[", count: depth % 2)
                + "1" + String(repeating: "]", count: depth % 2) + String(repeating: "}]", count: depth / 2) + "}").utf8)
            #expect(outcome(text, watching: nil) == outcome(text, watching: everywhere), "depth \(depth)")
        }
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
