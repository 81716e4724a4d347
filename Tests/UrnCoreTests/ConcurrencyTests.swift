import Dispatch
import Synchronization
import Testing
import UrnCLI
@testable import UrnCore

/// Issue 16: a compiled table, regexes included, serves several threads at once; each thread
/// has its own Matcher (its scratch state) and PCRE2 match data (`MatchScratch`).
@Suite struct ConcurrencyTests {
    @Test func oneCompiledTableServesSeveralThreads() throws {
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
            RouteSchema(matcher: matcher).write(match, into: &json)
            return String(decoding: json.bytes, as: UTF8.self)
        }
        let single = Matcher(tables: [table])
        let expected = try links.map { try describe(single, $0) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let matcher = Matcher(tables: [table])
            var wrong = 0
            for _ in 0..<5 {
                for (link, want) in zip(links, expected) where (try? describe(matcher, link)) != want { wrong += 1 }
            }
            mismatches.withLock { $0 += wrong }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(expected.filter { $0 != "-" }.count == 2250)
    }
}
