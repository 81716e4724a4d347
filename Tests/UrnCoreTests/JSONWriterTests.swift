import Testing
@testable import UrnCore

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
