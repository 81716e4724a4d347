import Testing
@_spi(Records) @testable import UrnCore

@Suite struct JSONStringTests {
    func decoded(_ token: String) -> String {
        let bytes = Array(token.utf8)
        return bytes.withUnsafeBufferPointer {
            String(decoding: JSONString.decoded(0..<$0.count, in: $0), as: UTF8.self)
        }
    }

    @Test func decodesEscapes() {
        #expect(decoded(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{08}\u{0C}\n\r\t")
    }

    @Test func decodesUnicodeEscapesAndSurrogatePairs() {
        #expect(decoded(#""\u00e9\u20AC\ud83d\ude00\u0000""#) == "é€😀\u{0}")
    }

    /// A name given as bytes of a larger buffer (`UpstreamRoute` keeps every name in one) is
    /// compared as the same name given as an array: written, escaped, empty, and a prefix.
    @Test(arguments: [(#""/a/:id""#, "/a/:id"), (#""\/a\/:id""#, "/a/:id"), (#""""#, ""), (#""/a""#, "/a/:id"),
                      (#""/a/:id""#, "/a"), (#""\\""#, "\\"), (#""\\""#, "\\\\")])
    func comparesWithANameInALargerBuffer(token: String, name: String) {
        let bytes = Array(token.utf8)
        let names = Array(("x" + name + "y").utf8)
        bytes.withUnsafeBufferPointer { buffer in
            names.withUnsafeBufferPointer { names in
                let slice = UnsafeBufferPointer(rebasing: names[1..<names.count - 1])
                #expect(JSONString.equals(0..<buffer.count, in: buffer, slice) == JSONString.equals(0..<buffer.count, in: buffer, Array(name.utf8)))
            }
        }
    }

    @Test func comparesKeysThroughEscapes() {
        let bytes = Array(#""li\u006ek""#.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(JSONString.equals(0..<buffer.count, in: buffer, Array("link".utf8)))
            #expect(!JSONString.equals(0..<buffer.count, in: buffer, Array("lin".utf8)))
        }
    }

    @Test func followsPaths() throws {
        let bytes = Array(#"{"aps":{"alert":"x","urn":"user:self"},"items":[{"u":"a"},{"u":"b"}]}"#.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let root = 0..<buffer.count
            let urn = JSONPath("aps.urn")!.resolve(from: root, kind: .object, step: 0, in: buffer)
            #expect(urn.map { String(decoding: buffer[$0.0], as: UTF8.self) } == #""user:self""#)
            let item = JSONPath("items.1.u")!.resolve(from: root, kind: .object, step: 0, in: buffer)
            #expect(item.map { String(decoding: buffer[$0.0], as: UTF8.self) } == #""b""#)
            #expect(JSONPath("items.2.u")!.resolve(from: root, kind: .object, step: 0, in: buffer) == nil)
            #expect(JSONPath("aps.alert.x")!.resolve(from: root, kind: .object, step: 0, in: buffer) == nil)
        }
        #expect(JSONPath("a..b") == nil)
        #expect(JSONPath("") == nil)
    }
}

/// A string token's content is its own decoding exactly when `hasEscape` says it holds none.
@Suite struct JSONStringEscapeTests {
    @Test(arguments: [#""""#, #""a""#, #""https://a.b/x?q=1""#, #""a\/b""#, #""\u0041""#, #""0123456789abcdef\n""#, #""é""#])
    func hasEscapeTellsWhenDecodingChangesNothing(_ token: String) {
        let bytes = Array(token.utf8)
        bytes.withUnsafeBufferPointer { text in
            let content = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
            #expect(JSONString.hasEscape(content) == content.contains(UInt8(ascii: "\\")))
            if !JSONString.hasEscape(content) { #expect(JSONString.decoded(0..<text.count, in: text) == Array(content)) }
        }
    }
}
