import Testing
@_spi(Records) @testable import UrnCore

@Suite struct JSONWriterTests {
    func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 64)
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func escapesQuotesBackslashAndControls() {
        let text = written { $0.string("a\"b\\c\u{08}\u{0C}\n\r\t\u{01}\u{1F}") }
        #expect(text == #""a\"b\\c\b\f\n\r\t\u0001\u001f""#)
    }

    @Test func leavesSlashAndUnicodeAlone() {
        #expect(written { $0.string("https://x/é😀\u{2028}") } == "\"https://x/é😀\u{2028}\"")
    }

    @Test func replacesInvalidUTF8AndSaysSo() {
        var writer = JSONWriter()
        let valid = writer.string([0x61, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80, 0x62] as [UInt8])
        #expect(!valid)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"a\u{FFFD}\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}b\"")
    }

    @Test func writesNestedContainersWithCommas() {
        let text = written { w in
            w.beginObject()
            w.key("a"); w.int(1)
            w.key("b"); w.beginArray(); w.int(-2); w.null(); w.bool(true); w.bool(false); w.endArray()
            w.key("c"); w.beginObject(); w.endObject()
            w.key(Array("d\"".utf8)); w.double(1.5)
            w.endObject()
        }
        #expect(text == #"{"a":1,"b":[-2,null,true,false],"c":{},"d\"":1.5}"#)
    }

    @Test func linesOfRecordsTakeNoCommaBetweenThem() {
        let text = written { w in
            w.beginObject(); w.key("a"); w.beginArray(); w.beginObject(); w.endObject(); w.int(1); w.endArray(); w.endObject()
            w.endLine(0x0A)
            w.beginObject(); w.key("b"); w.string("x"); w.key("c"); w.beginObject(); w.key("d"); w.null(); w.endObject(); w.endObject()
            w.endLine(0x0A)
            w.string("top"); w.endLine(0x0A)
        }
        #expect(text == "{\"a\":[{},1]}\n{\"b\":\"x\",\"c\":{\"d\":null}}\n\"top\"\n")
    }

    /// Fixed text written in one piece takes a comma before it where a member is due and none
    /// after it, as the tokens it stands for would.
    @Test func fixedTextEndingInAKeyOrAnOpeningTakesCommasLikeItsTokens() {
        let text = written { w in
            w.beginObject(); w.key("link"); w.string("x")
            w.rawMembersAndKey(#""kind":"url","parts":{"#); w.key("a"); w.int(1); w.endObject()
            w.rawMembersAndKey(#""params":["#)
            w.rawMembersAndKey(#"{"key":"#); w.string("k"); w.endObject()
            w.rawMembersAndKey(#"{"key":"#); w.null(); w.endObject()
            w.endArray(); w.endObject()
        }
        #expect(text == #"{"link":"x","kind":"url","parts":{"a":1},"params":[{"key":"k"},{"key":null}]}"#)
    }

    /// A plain string is written as it is, or in lower case when asked (only its bytes, not
    /// the quotes around them), at every length the short copy treats apart.
    @Test func writesPlainStringsAsTheyAreOrInLowerCase() {
        for count in [0, 1, 3, 4, 7, 8, 16, 17, 40] {
            let value = Array(String(repeating: "aB-Z", count: 10).utf8.prefix(count))
            let asIs = written { w in w.beginArray(); value.withUnsafeBufferPointer { w.escapeFreeString($0) }; w.endArray() }
            let lower = written { w in w.beginArray(); value.withUnsafeBufferPointer { w.escapeFreeString($0, lowercased: true) }; w.endArray() }
            #expect(asIs == "[\"\(String(decoding: value, as: UTF8.self))\"]")
            #expect(lower == "[\"\(String(decoding: value, as: UTF8.self).lowercased())\"]")
        }
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-42, "-42"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func writesIntegers(value: Int, expected: String) {
        #expect(written { $0.int(value) } == expected)
    }

    @Test func writesDoubles() {
        #expect(written { $0.double(3) } == "3")
        #expect(written { $0.double(0.25) } == "0.25")
        #expect(written { $0.double(.nan) } == "null")
    }
}
