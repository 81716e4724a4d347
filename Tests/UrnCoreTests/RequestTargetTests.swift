import Testing
@_spi(Records) @testable import UrnCore

/// Request targets as Node 20's HTTP parser and Express 4.22's `parseurl` read them (issue 37).
@Suite struct RequestTargetTests {
    let parser: LinkParser = {
        var parser = LinkParser(leniency: .queryAndFragment)
        parser.requestTargets = true
        return parser
    }()

    func path(_ text: String, lenient: Bool = false) throws -> String {
        let link = try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(LinkError) -> Link in
            try parser.parse(buffer, leniency: lenient ? .everywhere : nil)
        }
        return String(decoding: link.text[link.path], as: UTF8.self)
    }

    func code(_ text: String) -> String? {
        do { _ = try parser.parse(text); return nil } catch { return error.code }
    }

    /// lib/router/index.js:537-543 (parseurl): an origin-form `//a/5` is the path `//a/5`, not host `a`.
    @Test func originFormIsAPath() throws {
        let link = try parser.parse("//a/5?q=1#f")
        #expect(link.kind == .relative && link.host == nil)
        #expect(String(decoding: link.text[link.path], as: UTF8.self) == "//a/5")
        #expect(String(decoding: link.text[link.query!], as: UTF8.self) == "q=1")
        #expect(String(decoding: link.text[link.fragment!], as: UTF8.self) == "f")
        #expect(try path("///") == "///")
    }

    /// An absolute-form target's port is at most 65535, as the link parser reads one: a longer
    /// run of digits is `invalid-port`, not a trap (found by FuzzLogLine, issue 56).
    @Test func portsBeyondRange() throws {
        #expect(try parser.parse("http://h:8443/a").port == 8443)
        #expect(try parser.parse("http://h:/a").port == nil)
        #expect(code("http://h:65536/a") == "invalid-port")
        #expect(code("http://h:99999999999999999/a") == "invalid-port")
        #expect(code("http://h:00000000000000000080/a") == "invalid-port")
    }

    /// Node passes `| { } " ^ \` [ ] \ < >` and a lone `%` raw; Express decodes only what it
    /// captures (lib/router/layer.js:145-153).
    @Test func passesWhatNodePasses() throws {
        for text in ["/v/a|b", "/v/a{b}", "/v/a\"b", "/v/a^b", "/v/a`b", "/v/a\\b", "/v/a<b>", "/v/a[b]", "/lit/%zz"] {
            #expect(try path(text) == text)
        }
        #expect(try path("*") == "*")
        let absolute = try parser.parse("http://u@Example.COM:8443/v/a|b?x")
        #expect(absolute.kind == .url && absolute.port == 8443)
        #expect(String(decoding: absolute.text[absolute.host!], as: UTF8.self) == "Example.COM")
        #expect(String(decoding: absolute.text[absolute.path], as: UTF8.self) == "/v/a|b")
    }

    /// Node answers 400 (HPE_INVALID_URL) to raw non-ASCII, spaces and controls, and to a target
    /// that is not `/…`, `scheme://…` or `*`; `--lenient` encodes the bytes instead.
    @Test func refusesWhatNodeRefuses() throws {
        for text in ["/café", "/a b", "/a\tb", "http://h/ß/b", "?x", "user", "myapp:x", "*x", "a1://h/"] {
            #expect(code(text) == "invalid-request-target", "\(text)")
        }
        #expect(try path("/café", lenient: true) == "/caf%C3%A9")
    }
}
