import Testing
@_spi(Records) @testable import UrnCore

/// RFC 3986 §5.4: every normal and abnormal example, base `http://a/b/c/d;p?q`.
@Suite struct LinkResolverTests {
    static let normal: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    static let abnormal: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    func resolved(_ reference: String) throws -> String {
        let resolver = try LinkResolver(base: "http://a/b/c/d;p?q")
        return String(decoding: resolver.resolve(Array(reference.utf8)), as: UTF8.self)
    }

    @Test(arguments: normal)
    func normalExamples(reference: String, target: String) throws {
        #expect(try resolved(reference) == target)
    }

    @Test(arguments: abnormal)
    func abnormalExamples(reference: String, target: String) throws {
        #expect(try resolved(reference) == target)
    }

    @Test func rejectsRelativeBase() {
        #expect(throws: LinkError.baseNotAbsolute) { try LinkResolver(base: "/a/b") }
    }

    @Test func parserResolvesBeforeParsing() throws {
        let resolver = try LinkResolver(base: "https://example.com/app/")
        #expect(try LinkParser().parse("user/42?x=1").kind == .relative)
        let resolvedLink = try Array("user/42?x=1".utf8).withUnsafeBufferPointer { try LinkParser().parse($0, base: resolver) }
        #expect(resolvedLink.kind == .url)
        #expect(String(decoding: resolvedLink.text, as: UTF8.self) == "https://example.com/app/user/42?x=1")
    }

    @Test(arguments: [
        ("/a/b/c/./../../g", "/a/g"), ("mid/content=5/../6", "mid/6"), ("", ""), ("/", "/"), ("/..", "/"), ("a/..", "/"),
    ])
    func removesDotSegments(path: String, expected: String) {
        #expect(String(decoding: LinkResolver.removeDotSegments(ArraySlice(path.utf8)), as: UTF8.self) == expected)
    }

    /// Issue 13: resolution never turns a path into an authority (RFC 3986 §3.3 forbids a path
    /// starting with `//` without one; errata 4547 and WHATWG write `/.//`), and a relative result
    /// never starts with a segment that reads as a scheme.
    @Test(arguments: [
        ("app:/a/b", "..//evil.example/x", "app:/.//evil.example/x"),
        ("app:/a/b", "/..//evil.example/x", "app:/.//evil.example/x"),
        ("app:/a/b", "./..//evil.example", "app:/.//evil.example"),
        ("app:a", "..//evil.example/x", "app:/evil.example/x"),
        ("http://h/a/b", "..//evil.example/x", "http://h//evil.example/x"),
        ("app:/a/b", "g", "app:/a/g"),
    ])
    func neverCreatesAnAuthority(base: String, reference: String, target: String) throws {
        let resolved = try LinkResolver(base: base).resolve(Array(reference.utf8))
        #expect(String(decoding: resolved, as: UTF8.self) == target)
        #expect(URIReference(resolved).authority == URIReference(Array(target.utf8)).authority)
    }

    @Test(arguments: [
        ("//evil.example/x", false, false, "/.//evil.example/x"),
        ("//evil.example/x", true, false, "//evil.example/x"),
        ("b:c/d", false, false, "./b:c/d"),
        ("b:c/d", false, true, "b:c/d"),
        ("/b:c", false, false, "/b:c"),
    ])
    func guardsRecomposedPaths(path: String, authority: Bool, scheme: Bool, expected: String) {
        let guarded = URIReference.recomposablePath(Array(path.utf8), hasAuthority: authority, hasScheme: scheme)
        #expect(String(decoding: guarded, as: UTF8.self) == expected)
    }
}
