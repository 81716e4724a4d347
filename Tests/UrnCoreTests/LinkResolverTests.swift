import Testing
@testable import UrnCore

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
}
