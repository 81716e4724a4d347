import Testing
@_spi(Records) @testable import UrnCore

@Suite struct ComponentsTests {
    func strings(_ list: Components) -> [String] {
        (0..<list.count).map { String(decoding: list[$0], as: UTF8.self) }
    }

    /// A list emptied and filled again holds only the new components, also when they need more
    /// room than the storage had (it grows past its first 512 bytes).
    @Test func refillsAndGrows() {
        var list = Components()
        list.append(Array("first".utf8))
        list.append(Array("second".utf8))
        list.removeAll()
        let long = String(repeating: "x", count: 700)
        list.append(Array("a".utf8))
        list.append(Array(long.utf8))
        list.append(Array("".utf8))
        #expect(strings(list) == ["a", long, ""])
    }

    /// A path splits on every `/` as `split` would, whatever its length (short paths and long
    /// ones, whose slashes are counted first), however many slashes in a row, and after other
    /// components: the ranges grow past their first room and are written at the right place.
    @Test func splitsPathsOfEveryLengthLikeSplit() {
        var rng = SplitMix64(state: 41)
        var list = Components()
        for round in 0..<400 {
            let length = round < 300 ? round : Int(rng.next() % 2000) + 250
            let text = (0..<length).map { _ in rng.next() % 3 == 0 ? UInt8(ascii: "/") : UInt8(ascii: "a") + UInt8(rng.next() % 3) }
            list.removeAll()
            list.append(Array("host".utf8))
            list.appendSlashSeparated(text, 0..<text.count, raw: round % 2 == 0)
            let expected = ["host"] + text.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            #expect(strings(list) == expected, "length \(length)")
        }
    }

    /// An OpenAPI document reads a path as a server routes it (issue 56): `.` and `..` removed as
    /// RFC 3986 §5.2.4 removes them (its examples, and one that climbs past the root), a trailing
    /// `/` kept as an empty component, `/` and an empty path one empty component, `%2E` a value.
    @Test func openAPIReadingRemovesDotSegmentsAndKeepsTrailingSlash() throws {
        func read(_ text: String) throws -> [String] {
            var list = Components()
            list.read(try LinkParser().parse(text), mode: .openapi, delimiter: [UInt8(ascii: "/")], raw: false)
            return strings(list)
        }
        #expect(try read("/a/b/c/./../../g") == ["a", "g"])
        #expect(try read("/mid/content=5/../6") == ["mid", "6"])
        #expect(try read("/a/b/..") == ["a", ""])
        #expect(try read("/a/./b/.") == ["a", "b", ""])
        #expect(try read("/../../x") == ["x"])
        #expect(try read("/a//../b") == ["a", "b"])
        #expect(try read("/a/.../b") == ["a", "...", "b"])
        #expect(try read("/a/%2E/b") == ["a", ".", "b"])
        #expect(try read("/items/") == ["items", ""])
        #expect(try read("/") == [""])
        #expect(try read("https://api.example.com") == [""])
        #expect(try read("https://api.example.com/v1/a.json?x=1") == ["v1", "a.json"])
    }

    /// Components are decoded unless raw; one whose decoding is not UTF-8 is kept as written.
    @Test func decodesWhereItCan() {
        var list = Components()
        let text = Array("caf%C3%A9/a%2Fb/bad%FF/plain".utf8)
        list.appendSlashSeparated(text, 0..<text.count, raw: false)
        #expect(strings(list) == ["café", "a/b", "bad%FF", "plain"])
        list.removeAll()
        list.appendSlashSeparated(text, 0..<text.count, raw: true)
        #expect(strings(list) == ["caf%C3%A9", "a%2Fb", "bad%FF", "plain"])
    }

    /// A lower-cased list has storage of its own: the original keeps its case, and reading the
    /// next link into the original leaves the lower-cased one as it was.
    @Test func lowercasedCopyHasItsOwnStorage() {
        var list = Components()
        list.append(Array("Users".utf8))
        list.append(Array("OctoCat".utf8))
        list.append(Array("Extra".utf8))
        list.truncate(to: 2)
        var lower = Components()
        lower.setLowercased(&list)
        #expect(strings(lower) == ["users", "octocat"])
        #expect(strings(list) == ["Users", "OctoCat"])
        list.removeAll()
        list.append(Array("Next".utf8))
        #expect(strings(lower) == ["users", "octocat"])
        lower.showAll()
        #expect(strings(lower) == ["users", "octocat", "extra"])
    }
}
