import Testing
@_spi(Records) @testable import UrnCore

/// A large table is read in two threads (`RouteTableParser.twoThreadTable`): the routes, their
/// lines and the error of the first bad line are what one thread reads, and the tries built
/// while it is read (`RouteTable.earlyTries`) match as those the matcher builds.
@Suite struct TwoThreadTableTests {
    /// A table of `count` routes after a few lines that are not routes, with `bad` lines
    /// (1-based) replaced by a pattern that does not parse.
    static func table(_ count: Int, bad: Set<Int> = []) -> String {
        var lines = ["# generated", "@dialect urn", ""]
        for k in 0..<count {
            let line = lines.count + 1
            if bad.contains(line) { lines.append("/bad/{open Target"); continue }
            switch k % 4 {
            case 0: lines.append("/svc\(k % 997)/res\(k / 997)/:id/parts Gen\(k)")
            case 1: lines.append("GET,POST /svc\(k % 997)/res\(k / 997)/items/:item Gen\(k) page=1")
            case 2: lines.append(#"{"pattern":"/j\#(k)/:id","target":"J\#(k)"}"#)
            default: lines.append("   /svc\(k % 997)/res\(k / 997)/*rest\r")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func read(_ text: String, threads: Int) -> Result<RouteTable, TableError> {
        Result { () throws(TableError) in try RouteTableParser().parse(text, name: "t", twoThreadsFrom: threads == 2 ? 0 : Int.max) }
    }

    @Test func readsTheSameRoutesInTwoThreads() throws {
        let text = Self.table(5_000)
        let one = try Self.read(text, threads: 1).get(), two = try Self.read(text, threads: 2).get()
        #expect(two.routes.count == 5_000)
        #expect(two.routes.map(\.pattern.text) == one.routes.map(\.pattern.text))
        #expect(two.routes.map(\.line) == one.routes.map(\.line))
        #expect(two.routes.map(\.target) == one.routes.map(\.target))
        #expect(two.routes.map(\.methods) == one.routes.map(\.methods))
        #expect(two.routes.map { $0.defaults.map(\.key) } == one.routes.map { $0.defaults.map(\.key) })
    }

    @Test func reportsTheFirstBadLineWhicheverHalfItIsIn() {
        for bad: Set<Int> in [[4_900], [30, 4_900], [1_200, 3_000], [2_504], [3_600, 4_700], [5_003]] {
            let text = Self.table(5_000, bad: bad)
            let one = Self.read(text, threads: 1), two = Self.read(text, threads: 2)
            guard case let .failure(first) = one, case let .failure(second) = two else {
                Issue.record("a bad line at \(bad) read without an error")
                continue
            }
            #expect(second.line == bad.min()!)
            #expect(second.line == first.line && second.column == first.column && second.reason == first.reason)
        }
    }

    /// When the main thread's part has a bad line, the table fails whatever the rest holds: the
    /// reading thread is told so at its next run and stops reading, rather than read to the end.
    @Test func aHandoverAbandonedRefusesTheNextRun() throws {
        let handover = RouteHandover()
        #expect(handover.hand([]))
        handover.abandon()
        #expect(!handover.hand([]))
    }

    /// A directive after the routes changes what the lines after it are read with: such a
    /// table is read in one thread, in order.
    @Test func readsATableWithALateDirectiveInOrder() throws {
        let text = Self.table(2_000) + "@type num [0-9]+\n/n/{x:num} N\n"
        let table = try Self.read(text, threads: 2).get()
        #expect(table.routes.last?.pattern.text == "/n/{x:num}")
        #expect(table.routes.count == 2_001)
    }

    /// A link for each of the first 1,600 routes of `table(_:)`, the first form's also in
    /// upper case (taken only under `-i`), and links that no route takes.
    static let links = (0..<1_600).flatMap { k -> [String] in
        let base = "/svc\(k % 997)/res\(k / 997)"
        switch k % 4 {
        case 0: return ["\(base)/\(k)/parts", "/SVC\(k % 997)/RES\(k / 997)/\(k)/PARTS"]
        case 1: return ["\(base)/items/i\(k)"]
        case 2: return ["/j\(k)/\(k)", "/none/\(k)"]
        default: return ["\(base)/a/b/c\(k)"]
        }
    }

    /// What `matcher` answers for `links`: each match's line and arguments.
    static func answers(_ matcher: Matcher) throws -> [String] {
        try links.map { text in
            try matcher.match(try LinkParser().parse(text), all: true).map { match in
                "\(match.route.line) " + match.args.map { String(decoding: $0.name, as: UTF8.self) + "=\($0.value)" }.joined(separator: ",")
            }.joined(separator: " | ")
        }
    }

    @Test func buildsTheTriesAsTheMatcherWould() throws {
        let text = Self.table(5_000)
        let one = try Self.read(text, threads: 1).get(), two = try Self.read(text, threads: 2).get()
        #expect(one.earlyTries == nil)
        #expect(two.earlyTries.map { $0.fit(two, Matcher.Options()) } == true)
        let expected = try Self.answers(Matcher(tables: [one]))
        #expect(expected.filter { !$0.isEmpty }.count == 1_600)
        #expect(try Self.answers(Matcher(tables: [two])) == expected)
        // under -i the matcher builds tries of its own, as it does for a table changed since
        let caseless = Matcher.Options(caseInsensitive: true)
        #expect(two.earlyTries?.fit(two, caseless) == false)
        #expect(try Self.answers(Matcher(tables: [two], options: caseless)) == Self.answers(Matcher(tables: [one], options: caseless)))
        var changed = two
        changed.routes.removeLast()
        #expect(changed.earlyTries == nil)
        #expect(two.earlyTries != nil)
    }
}
