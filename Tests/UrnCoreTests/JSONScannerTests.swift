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
