import Testing
@_spi(Records) @testable import UrnCore

/// A large generated table reads as its lines say: its routes in line order, the error of its
/// first bad line wherever that line is, a directive after the routes applied to the lines
/// after it, and a matcher over it that answers for each route's links.
@Suite struct LargeTableTests {
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

    @Test func readsTheRoutesInLineOrder() throws {
        let table = try RouteTableParser().parse(Self.table(5_000), name: "t")
        #expect(table.routes.count == 5_000)
        #expect(table.routes.map(\.line) == Array(4..<5_004))
        #expect(table.routes[1].methods == ["GET", "POST"])
        #expect(table.routes[1].defaults.map(\.key) == ["page"])
        #expect(table.routes[2].target == "J2")
        #expect(table.routes[3].pattern.text == "/svc3/res0/*rest")
    }

    @Test func reportsTheFirstBadLine() {
        for bad: Set<Int> in [[4_900], [30, 4_900], [1_200, 3_000], [2_504], [3_600, 4_700], [5_003]] {
            do {
                _ = try RouteTableParser().parse(Self.table(5_000, bad: bad), name: "t")
                Issue.record("a bad line at \(bad) read without an error")
            } catch {
                #expect(error.line == bad.min()!)
                #expect(error.column == 6)
            }
        }
    }

    /// A directive after the routes changes what the lines after it are read with.
    @Test func readsALateDirectiveInOrder() throws {
        let text = Self.table(2_000) + "@type num [0-9]+\n/n/{x:num} N\n"
        let table = try RouteTableParser().parse(text, name: "t")
        #expect(table.routes.last?.pattern.text == "/n/{x:num}")
        #expect(table.routes.count == 2_001)
    }

    /// A link for each of the first 1,600 routes of `table(_:)`, and links that no route takes.
    static let links = (0..<1_600).flatMap { k -> [String] in
        let base = "/svc\(k % 997)/res\(k / 997)"
        switch k % 4 {
        case 0: return ["\(base)/\(k)/parts"]
        case 1: return ["\(base)/items/i\(k)"]
        case 2: return ["/j\(k)/\(k)", "/none/\(k)"]
        default: return ["\(base)/a/b/c\(k)"]
        }
    }

    @Test func matchesEachRouteOfTheTable() throws {
        let matcher = Matcher(tables: [try RouteTableParser().parse(Self.table(5_000), name: "t")])
        let matched = try Self.links.filter { try matcher.firstMatch(try LinkParser().parse($0)) != nil }
        #expect(matched.count == 1_600)
    }
}
