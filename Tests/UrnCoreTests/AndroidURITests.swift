import Testing
@_spi(Records) @testable import UrnCore

/// A link as Android's Uri.parse reads it (Uri.java StringUri, UriCodec.decode).
@Suite struct AndroidURITests {
    func uri(_ text: String) -> AndroidURI { AndroidURI(Array(text.utf8)) }
    func string(_ units: [UInt16]?) -> String? { units.map { String(decoding: $0, as: UTF16.self) } }

    @Test func partsAsStringUriReadsThem() {
        let web = uri("https://user@M%C3%BCnchen.example:8080/a%20b?q#f")
        #expect(web.scheme.map { String(decoding: $0, as: UTF16.self) } == "https")
        #expect(string(web.host) == "München.example")
        #expect(web.port == 8080)
        #expect(string(web.path) == "/a b")
        // an authority with nothing after it has the empty path, not '/'
        #expect(string(uri("https://e.example").path) == "")
        #expect(string(uri("https://e.example?q").path) == "")
        // no '//': no host; no '/' after the ':': no path
        #expect(uri("myapp:any").host == nil)
        #expect(uri("myapp:any").path == nil)
        #expect(string(uri("myapp:/x").path) == "/x")
        #expect(uri("myapp:/x").host == nil)
        // the last '@' ends the user info; '\' ends the authority
        #expect(string(uri("https://a@b@e.example/p").host) == "e.example")
        #expect(string(uri("https://e.example\\x").path) == "\\x")
        // a port Integer.parseInt cannot read is -1; so is none
        #expect(uri("https://e.example:99999999999/").port == -1)
        #expect(uri("https://e.example:/").port == -1)
        #expect(string(uri("Äpp://h/").scheme.map(Array.init)) == "Äpp")
    }

    /// UriCodec.java:88 appendDecoded: a '%' without two hex digits is U+FFFD, the digit read so
    /// far kept; '+' stays '+'.
    @Test func decodingAsUriCodecDecodes() {
        func decoded(_ text: String) -> [UInt16] { AndroidURI.decoded(Array(text.utf16)[...]) }
        #expect(decoded("/d%") == Array("/d\u{FFFD}".utf16))
        #expect(decoded("/d%4") == Array("/d\u{FFFD}".utf16))
        #expect(decoded("/d%zz") == Array("/d\u{FFFD}\u{0}z".utf16))
        #expect(decoded("/d%4zq") == Array("/d\u{FFFD}\u{4}q".utf16))
        #expect(decoded("/x%FFy") == Array("/x\u{FFFD}y".utf16))
        #expect(decoded("/a+b%2B") == Array("/a+b+".utf16))
        #expect(decoded("/%C3%A9") == Array("/é".utf16))
    }
}
