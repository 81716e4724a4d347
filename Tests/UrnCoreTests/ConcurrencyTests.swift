import Dispatch
import Synchronization
import Testing
import UrnCLI
@_spi(Records) @testable import UrnCore

/// Issue 16: a compiled table, regexes included, serves several threads at once; each thread
/// has its own Matcher (its scratch state) and PCRE2 match data (`MatchScratch`).
@Suite struct ConcurrencyTests {
    @Test func oneCompiledTableServesSeveralThreads() throws {
        #expect(try mismatches { table, _ in Matcher(tables: [table]) } == 0)
    }

    /// `--jobs`: each thread's Matcher shares the tables one matcher compiled, scratch apart.
    @Test func matchersSharingOneCompilationServeSeveralThreads() throws {
        #expect(try mismatches { _, compiled in Matcher(sharingTablesOf: compiled) } == 0)
        let first = Matcher(tables: [try RouteTableParser().parse("/a/:id A", name: "t")])
        let sharing = Matcher(sharingTablesOf: first)
        #expect(sharing.compiled.count == 1 && sharing.compiled[0] === first.compiled[0])
        #expect(sharing.tables[0].routes[0] === first.tables[0].routes[0])
    }

    /// The links four threads routed otherwise than one matcher did, each thread's matcher
    /// made by `matcher` from the table and that one matcher.
    private func mismatches(_ matcher: @escaping @Sendable (RouteTable, Matcher) -> Matcher) throws -> Int {
        let table = try RouteTableParser().parse(
            "/a/{word:[a-z]+}-{n:[0-9]+} A\n/b/{pair:([a-z])([0-9])x} B\n/c/<int:id> C", name: "t")
        let links = try (0..<3000).map { i -> Link in
            let text: String
            switch i % 4 {
            case 0: text = "/a/" + String(repeating: "w", count: 1 + i % 7) + "-\(i)"
            case 1: text = "/b/q\(i % 10)x"
            case 2: text = "/c/\(i)"
            default: text = "/a/nope\(i)"
            }
            return try LinkParser().parse(text)
        }
        @Sendable func describe(_ matcher: Matcher, _ link: Link) throws -> String {
            guard let match = try matcher.firstMatch(link) else { return "-" }
            var json = JSONWriter(capacity: 128)
            RouteSchema().write(match, into: &json)
            return String(decoding: json.bytes, as: UTF8.self)
        }
        let single = Matcher(tables: [table])
        let expected = try links.map { try describe(single, $0) }
        #expect(expected.filter { $0 != "-" }.count == 2250)
        let mismatches = Mutex(0)
        nonisolated(unsafe) let compiled = single
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let matcher = matcher(table, compiled)
            var wrong = 0
            for _ in 0..<5 {
                for (link, want) in zip(links, expected) where (try? describe(matcher, link)) != want { wrong += 1 }
            }
            mismatches.withLock { $0 += wrong }
        }
        return mismatches.withLock { $0 }
    }
}
