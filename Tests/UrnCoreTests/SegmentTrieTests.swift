import Testing
@_spi(Records) @testable import UrnCore

@Suite struct SegmentTrieTests {
    func trie(_ patterns: [String], allowsEmpty: Bool = false, caseInsensitive: Bool = false) throws -> SegmentTrie {
        let trie = SegmentTrie(rules: SegmentRules(allowsEmpty ? .compass : .urn, caseInsensitive: caseInsensitive))
        let parser = PatternParser()
        for (id, text) in patterns.enumerated() { trie.insert(try parser.parse(text).segments, id: id) }
        trie.freeze()
        return trie
    }

    func found(_ trie: SegmentTrie, _ components: [String]) throws -> [Int] {
        var list = Components()
        for c in components { list.append(Array(c.utf8)) }
        var found: [Int] = []
        try trie.search(&list, into: &found)
        return found.sorted()
    }

    @Test func collectsEveryMatchingRoute() throws {
        let t = try trie(["/a/b", "/a/{x}", "/{y}/b", "/a/<int:n>", "/a/*rest", "/c/d"])
        #expect(try found(t, ["a", "b"]) == [0, 1, 2, 4])
        #expect(try found(t, ["a", "7"]) == [1, 3, 4])
        #expect(try found(t, ["a", "7", "8"]) == [4])
        #expect(try found(t, ["c", "d"]) == [5])
        #expect(try found(t, ["c", "b"]) == [2])
        #expect(try found(t, ["x"]).isEmpty)
    }

    /// The literal edges of all nodes share one table, keyed by parent and text: the same text
    /// under two parents leads to two children, and the table keeps its edges as it grows.
    @Test func literalEdgesAreKeptApartByParent() throws {
        let t = try trie(["/x", "/a/x", "/b/x", "/a/b/x"] + (0..<300).map { "/n\($0)/x" })
        #expect(try found(t, ["x"]) == [0])
        #expect(try found(t, ["a", "x"]) == [1])
        #expect(try found(t, ["b", "x"]) == [2])
        #expect(try found(t, ["a", "b", "x"]) == [3])
        #expect(try found(t, ["n299", "x"]) == [303])
        #expect(try found(t, ["x", "x"]).isEmpty)
    }

    @Test func sharesPrefixesAndEdges() throws {
        let t = try trie(["/a/{x}/one", "/a/{y}/two", "/a/<int:n>/one", "/a/<int:m>/two"])
        // one plain edge and one int edge under "a", whatever the names
        #expect(t.nodeCount == 1 + 1 + 2 + 4)
    }

    @Test func placeholdersNeedAValueUnlessTheDialectAllowsEmpty() throws {
        #expect(try found(trie(["/a/{x}"]), ["a", ""]).isEmpty)
        #expect(try found(trie(["/a/{x}"], allowsEmpty: true), ["a", ""]) == [0])
    }

    @Test func catchAllsInTheMiddleTryEverySplit() throws {
        let t = try trie(["/g/<*ns>/p/<id>"])
        #expect(try found(t, ["g", "a", "b", "p", "1"]) == [0])
        #expect(try found(t, ["g", "p", "1"]).isEmpty)
    }

    @Test func literalsFoldCaseWhenAsked() throws {
        let t = try trie(["/Users/{id}"], caseInsensitive: true)
        #expect(try found(t, ["users", "1"]) == [0])
    }
}
