import Testing
@_spi(Records) @testable import UrnCore

@Suite struct LinkParserTests {
    func part(_ link: Link, _ range: Range<Int>?) -> String? {
        range.map { String(decoding: link.text[$0], as: UTF8.self) }
    }

    func segments(_ link: Link, delimiter: String = ":") -> [String] {
        var out: [String] = []
        link.forEachSegment(delimiter: Array(delimiter.utf8)) { out.append(String(decoding: link.text[$0], as: UTF8.self)) }
        return out
    }

    func code(_ text: String, _ parser: LinkParser = LinkParser()) -> String? {
        do { _ = try parser.parse(text); return nil } catch { return error.code }
    }

    /// Under `keepsRefusedLinks` (an AndroidManifest.xml table alone: Uri.parse refuses nothing)
    /// a link refused for its syntax is kept as written; an empty link is still refused.
    @Test func keepsRefusedLinksAsWritten() throws {
        var parser = LinkParser()
        parser.keepsRefusedLinks = true
        for written in ["https://e.example/sp ace", "https://e.example/d%", "https://e.example:99999999999/", "Äpp://h/", "https://a@b@e.example/p"] {
            #expect(throws: LinkError.self) { try LinkParser().parse(written) }
            let link = try parser.parse(written)
            #expect(String(decoding: link.text, as: UTF8.self) == written)
            #expect(link.host == nil)
        }
        #expect(throws: LinkError.empty) { try parser.parse("") }
        #expect(part(try parser.parse("https://e.example/ok"), try parser.parse("https://e.example/ok").host) == "e.example")
    }

    /// Under `portsAsText` (a waap table: CFURL checks no port) `app://x:y` has host `x` and no
    /// port, where the strict parser refuses it.
    @Test func portsAsTextKeepsTheHost() throws {
        #expect(code("app://x:y") == "invalid-port")
        var parser = LinkParser()
        parser.portsAsText = true
        let link = try parser.parse("app://x:y/a")
        #expect(part(link, link.host) == "x")
        #expect(link.port == nil)
        #expect(try parser.parse("app://x:8080/a").port == 8080)
    }

    @Test func parsesURLs() throws {
        let link = try LinkParser().parse("https://Alice:s3:cret@Example.com:8080/a/b%20c?x=1&x=2&flag#top")
        #expect(link.kind == .url)
        #expect(part(link, link.scheme) == "https")
        #expect(part(link, link.user) == "Alice")
        #expect(part(link, link.password) == "s3:cret")
        #expect(part(link, link.host) == "Example.com")
        #expect(link.port == 8080)
        #expect(part(link, link.path) == "/a/b%20c")
        #expect(part(link, link.query) == "x=1&x=2&flag")
        #expect(part(link, link.fragment) == "top")
        #expect(segments(link) == ["a", "b%20c"])
        var params: [String] = []
        link.forEachParameter { params.append(part(link, $0)! + "=" + part(link, $1)!) }
        #expect(params == ["x=1", "x=2", "flag="])
    }

    @Test func appDeepLinksPutTheFirstComponentInTheHost() throws {
        let link = try LinkParser().parse("myapp://user/5")
        #expect(link.kind == .url)
        #expect(part(link, link.host) == "user")
        #expect(segments(link) == ["5"])
    }

    @Test(arguments: [
        ("http://[::1]/", "[::1]"), ("http://[2001:db8::7]:80/", "[2001:db8::7]"),
        ("http://[fe80::a%25en1]/", "[fe80::a%25en1]"), ("http://[::ffff:192.0.2.1]/", "[::ffff:192.0.2.1]"),
        ("http://[1:2:3:4:5:6:7:8]/", "[1:2:3:4:5:6:7:8]"), ("http://[v7.fe80::a+en1]/", "[v7.fe80::a+en1]"),
        ("http://[1::]/", "[1::]"),
    ])
    func acceptsIPLiterals(text: String, host: String) throws {
        let link = try LinkParser().parse(text)
        #expect(part(link, link.host) == host)
    }

    @Test(arguments: [
        "http://[1:2:3]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[1::2::3]/", "http://[12345::]/",
        "http://[::1%en0]/", "http://[::1]x/", "http://[v.x]/", "http://[::256.1.1.1]/", "http://[]/", "http://[:1::]/",
        // found by the link parser fuzzer: a zone id cut short used to crash
        "http://[::1%2]/", "http://[%]/", "http://[::1%25]/",
    ])
    func rejectsBadIPLiterals(text: String) {
        #expect(code(text) == "invalid-host")
    }

    @Test func userinfoSplitsAtTheFirstColon() throws {
        let link = try LinkParser().parse("ftp://user:pa:ss@h/")
        #expect(part(link, link.user) == "user")
        #expect(part(link, link.password) == "pa:ss")
        let noPassword = try LinkParser().parse("ftp://user@h/")
        #expect(noPassword.password == nil)
        let emptyPassword = try LinkParser().parse("ftp://user:@h/")
        #expect(part(emptyPassword, emptyPassword.password) == "")
    }

    @Test func ports() throws {
        #expect(try LinkParser().parse("http://h:/").port == nil)
        #expect(try LinkParser().parse("http://h:0/").port == 0)
        #expect(try LinkParser().parse("http://h:65535/").port == 65535)
        #expect(code("http://h:65536/") == "invalid-port")
        #expect(code("http://h:-1/") == "invalid-port")
        #expect(code("http://h:99999999999999999999999/") == "invalid-port")
    }

    @Test func suggestsSchemeForCompassNames() {
        #expect(throws: LinkError.invalidPort("self", at: 17, compassScheme: "photofeed")) {
            try LinkParser().parse("photofeed://user:self")
        }
    }

    @Test func percentAtTheEndIsAnError() {
        #expect(code("http://h/a%") == "invalid-percent")
        #expect(code("http://h/a%4") == "invalid-percent")
        #expect(code("http://h/?a=%") == "invalid-percent")
        #expect(code("a:%") == "invalid-percent")
    }

    @Test func lenientEncodesInsteadOfRejecting() throws {
        let link = try LinkParser(leniency: .everywhere).parse("http://h/a b%?q=\"x\"#f#g")
        #expect(String(decoding: link.text, as: UTF8.self) == "http://h/a%20b%25?q=%22x%22#f%23g")
    }

    /// Issue 13: `?tag[]=java` is a real link; `[` `]` are only allowed in an IPv6 host.
    @Test func lenientEncodesBracketsOutsideTheAuthority() throws {
        let link = try LinkParser(leniency: .everywhere).parse("http://[::1]:80/a[0]?tag[]=java#x[1]")
        #expect(String(decoding: link.text, as: UTF8.self) == "http://[::1]:80/a%5B0%5D?tag%5B%5D=java#x%5B1%5D")
        let relative = try LinkParser(leniency: .everywhere).parse("//[::1]/[x]")
        #expect(String(decoding: relative.text, as: UTF8.self) == "//[::1]/%5Bx%5D")
        #expect(code("http://h/tags?tag[]=java") == "invalid-character")
    }

    /// The routing tools repair the query and fragment only: the path stays strict.
    @Test func queryAndFragmentLeniency() throws {
        let parser = LinkParser(leniency: .queryAndFragment)
        let link = try parser.parse("http://h/tags?tag[]=java&t=a b#top 2#x")
        #expect(String(decoding: link.text, as: UTF8.self) == "http://h/tags?tag%5B%5D=java&t=a%20b#top%202%23x")
        #expect(throws: LinkError.invalidCharacter(0x20, at: 10)) { try parser.parse("http://h/a b?x") }
        let plain = try parser.parse("http://h/a")
        #expect(String(decoding: plain.text, as: UTF8.self) == "http://h/a")
    }

    @Test func opaqueAndCompassNames() throws {
        let post = try LinkParser().parse("post:BYOkwgXnwr3")
        #expect(post.kind == .opaque)
        #expect(part(post, post.path) == "BYOkwgXnwr3")
        #expect(segments(post) == ["post", "BYOkwgXnwr3"])
        let comments = try LinkParser(compassScheme: "PhotoFeed").parse("photofeed://post:BYOkwgXnwr3:comments?x=1")
        #expect(comments.kind == .opaque)
        #expect(part(comments, comments.path) == "post:BYOkwgXnwr3:comments")
        #expect(segments(comments) == ["post", "BYOkwgXnwr3", "comments"])
        #expect(part(comments, comments.query) == "x=1")
        let other = try LinkParser(compassScheme: "photofeed").parse("https://example.com/a")
        #expect(other.kind == .url)
    }

    @Test func delimiters() throws {
        let link = try LinkParser().parse("a::b::c")
        #expect(segments(link, delimiter: "::") == ["a", "b", "c"])
        #expect(segments(link, delimiter: "/") == ["a::b::c"])
        #expect(segments(try LinkParser().parse("post:"), delimiter: ":") == ["post", ""])
    }

    @Test func relativeReferences() throws {
        #expect(segments(try LinkParser().parse("/user/42")) == ["user", "42"])
        #expect(segments(try LinkParser().parse("user/42/")) == ["user", "42", ""])
        #expect(segments(try LinkParser().parse("/")) == [])
        let network = try LinkParser().parse("//host/x")
        #expect(network.kind == .relative)
        #expect(part(network, network.host) == "host")
        #expect(code("1x:y") == "invalid-scheme")
        #expect(code(":x") == "invalid-scheme")
    }

    /// RFC 8141 §3 and §2 examples.
    @Test(arguments: [
        ("urn:example:a123,z456", "example", "a123,z456", nil, nil, nil),
        ("URN:example:a123,z456", "example", "a123,z456", nil, nil, nil),
        ("urn:EXAMPLE:a123,z456", "EXAMPLE", "a123,z456", nil, nil, nil),
        ("urn:example:a123,z456?+abc", "example", "a123,z456", "abc", nil, nil),
        ("urn:example:a123,z456?=xyz", "example", "a123,z456", nil, "xyz", nil),
        ("urn:example:a123,z456#789", "example", "a123,z456", nil, nil, "789"),
        ("urn:example:a123,z456/foo", "example", "a123,z456/foo", nil, nil, nil),
        ("urn:example:a123%2Cz456", "example", "a123%2Cz456", nil, nil, nil),
        ("urn:example:weather?=op=map&lat=39.56&lon=-104.85#tomorrow", "example", "weather", nil, "op=map&lat=39.56&lon=-104.85", "tomorrow"),
        ("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", "example", "foo-bar-baz-qux", "CCResolve:cc=uk", nil, nil),
        ("urn:example:a?+r?=q#f", "example", "a", "r", "q", "f"),
    ] as [(String, String, String, String?, String?, String?)])
    func parsesURNs(text: String, nid: String, nss: String, r: String?, q: String?, f: String?) throws {
        let link = try LinkParser().parse(text)
        #expect(link.kind == .urn)
        #expect(part(link, link.nid) == nid)
        #expect(part(link, link.nss) == nss)
        #expect(part(link, link.urnR) == r)
        #expect(part(link, link.urnQ) == q)
        #expect(part(link, link.urnF) == f)
    }

    @Test(arguments: ["urn:a:b", "urn:ab", "urn:ab:", "urn:-ab:x", "urn:ab-:x", "urn:a_b:x", "urn:ab:x?y",
                      "urn:ab:x?+", "urn:ab:x?=", "urn:\(String(repeating: "n", count: 33)):x"])
    func rejectsBadURNs(text: String) {
        #expect(code(text) == "invalid-urn")
    }

    @Test func rejectsForbiddenCharacters() {
        for bad in [" ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "\u{7F}", "\u{01}"] {
            #expect(code("http://h/a\(bad)b") == "invalid-character")
        }
        #expect(code("http://h/a#b#c") == "invalid-character")
        #expect(code("http://h/[x]") == "invalid-character")
    }

    @Test func rejectsInvalidUTF8AndEmpty() {
        #expect(throws: LinkError.invalidUTF8(at: 2)) { try LinkParser().parse([0x61, 0x3A, 0xFF] as [UInt8]) }
        #expect(throws: LinkError.empty) { try LinkParser().parse("") }
    }

    @Test func keepsIRIsAsUTF8() throws {
        let link = try LinkParser().parse("https://räksmörgås.se/ö?å=ä")
        #expect(part(link, link.host) == "räksmörgås.se")
        #expect(segments(link) == ["ö"])
    }

    /// URLNavigator matches a `String` link as its text (URLConvertible.swift:40–55 at b881f23):
    /// what the parser refuses is kept as written, split only as RFC 3986 Appendix B splits it.
    @Test(arguments: ["myapp://user/a b", "myapp://user/a%b", "myapp://123:ola/post", "1.5:ola/posts", "a b:c/d", ""])
    func keepsRefusedTextAsWritten(_ text: String) throws {
        var parser = LinkParser()
        #expect(code(text, parser) != nil)
        parser.keepsRefusedText = true
        parser.leniency = .everywhere  // never repaired: the app passes the String as it is
        let link = try parser.parse(text)
        #expect(String(decoding: link.text, as: UTF8.self) == text)
    }

    @Test func keptTextHasFoundationsScheme() throws {
        var parser = LinkParser()
        parser.keepsRefusedText = true
        #expect(part(try parser.parse("myapp://123:ola/post"), try parser.parse("myapp://123:ola/post").scheme) == "myapp")
        #expect(try parser.parse("1.5:ola/posts").scheme == nil)
        // URL(string: ":x/y") has the empty scheme, so no pattern without a scheme takes it
        #expect(try parser.parse(":x/y").scheme == 0..<0)
        // a link the parser accepts is parsed as ever
        #expect(try parser.parse("myapp://user/5").kind == .url)
        // invalid UTF-8 is still refused
        #expect(throws: LinkError.self) { try parser.parse([0xFF]) }
    }
}
