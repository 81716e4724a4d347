import Testing
@_spi(Records) @testable import UrnCore

/// The skipper must find exactly what the validating scanner finds, on valid JSON of every shape.
@Suite struct JSONSkipperTests {
    static let objects = [
        #"{"a":1,"b":"x"}"#,
        #"{ "a" : [1, {"b": "]}"}, "\"}"] , "b" : {"c": [ ]}, "d": -1.5e+3 }"#,
        #"{"s":"\\\"{[","t":true,"f":false,"n":null,"e":"","u":"é😀\u00e9"}"#,
        #"{"k":"a long string that is longer than eight bytes, with \\ and \" inside it","z":0}"#,
        "{\"tab\"\t:\n\"v\"\r,\"x\":{}}",
        #"{"dup":1,"dup":"last","d\u0075p":[2]}"#,
        #"{}"#,
    ]

    @Test(arguments: objects)
    func membersAgreeWithTheScanner(_ text: String) throws {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer)
            let range = 0..<buffer.count
            for member in scanner.members {
                let name = JSONString.decoded(member.key, in: buffer)
                let expected = scanner.members.last { JSONString.decoded($0.key, in: buffer) == name }!
                let found = try #require(JSONSkipper.member(named: name, of: range, in: buffer))
                #expect(found.key == expected.key)
                #expect(found.value == expected.value)
                #expect(found.kind == expected.kind)
            }
            #expect(JSONSkipper.member(named: Array("missing".utf8), of: range, in: buffer) == nil)
        }
    }

    @Test func elementsAgreeWithTheScanner() throws {
        let bytes = Array(#"{"a":[ "x\"]" , {"b":[1,2]}, [], 3.5 ,null ]}"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let array = try #require(JSONSkipper.member(named: Array("a".utf8), of: 0..<buffer.count, in: buffer))
            let texts = (0..<6).map { index in
                JSONSkipper.element(index, of: array.value, in: buffer).map { String(decoding: buffer[$0.0], as: UTF8.self) }
            }
            #expect(texts == [#""x\"]""#, #"{"b":[1,2]}"#, "[]", "3.5", "null", nil])
        }
    }
}
