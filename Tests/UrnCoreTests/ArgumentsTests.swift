import Testing
@_spi(Records) @testable import UrnCore

@Suite struct ArgumentsTests {
    func pairs(_ args: Arguments) -> [String] {
        args.map { arg in
            guard case let .string(value) = arg.value else { return String(decoding: arg.name, as: UTF8.self) + "=\(arg.value)" }
            return String(decoding: arg.name, as: UTF8.self) + "=" + String(decoding: value, as: UTF8.self)
        }
    }

    func matcher(_ patterns: [String]) throws -> Matcher {
        let parser = PatternParser()
        let routes = try patterns.enumerated().map { Route(pattern: try parser.parse($1), target: nil, table: "t", line: $0 + 1) }
        return Matcher(tables: [RouteTable(name: "t", dialect: .urn, scheme: nil, delimiter: ":", routes: routes)])
    }

    /// Every kind of value reads back as it went in, in order.
    @Test func readsBackEveryKind() {
        let args = Arguments([(Array("s".utf8), .string(ArraySlice("a b".utf8))), (Array("i".utf8), .int(-7)),
                              (Array("d".utf8), .double(2.5)), (Array("f".utf8), .float(1.25)),
                              (Array("j".utf8), .json(Array("{\"x\":1}".utf8)))])
        #expect(args.count == 5)
        #expect(args[1].value == .int(-7))
        #expect(args[2].value == .double(2.5))
        #expect(args[3].value == .float(1.25))
        #expect(args[4].value == .json(Array("{\"x\":1}".utf8)))
        #expect(pairs(args) == ["s=a b", "i=int(-7)", "d=double(2.5)", "f=float(1.25)", "j=json([123, 34, 120, 34, 58, 49, 125])"])
        #expect(Arguments().isEmpty)
    }

    /// A match kept while the matcher routes other links keeps its own arguments: the next
    /// matches append after them in the shared buffer, or move to a buffer of their own when
    /// it has no room (long values force that here), never writing over them.
    @Test func heldMatchesKeepTheirArguments() throws {
        let matcher = try matcher(["/user/{id}/{tab}", "/file/{name}"])
        var held: [(Match, [String])] = []
        for round in 1...60 {
            let value = String(repeating: "v", count: round * 7)
            let link = round % 2 == 0 ? "/user/\(round)/\(value)" : "/file/\(value)x"
            let match = try #require(try matcher.firstMatch(try LinkParser().parse(link)))
            let expected = round % 2 == 0 ? ["id=\(round)", "tab=\(value)"] : ["name=\(value)x"]
            #expect(pairs(match.args) == expected)
            held.append((match, expected))
        }
        for (match, expected) in held { #expect(pairs(match.args) == expected) }
    }

    /// Every call reads its link afresh: a link whose text is changed in place, with the same
    /// length and component ranges, is never taken for the one it was.
    @Test func readsALinkAgainOnEveryCall() throws {
        let matcher = try matcher(["/user/{id}", "/file/{name}"])
        var link = try LinkParser().parse("/user/1")
        #expect(pairs(try #require(try matcher.firstMatch(link)).args) == ["id=1"])
        link.reference.text = Array("/file/2".utf8)
        #expect(pairs(try #require(try matcher.firstMatch(link)).args) == ["name=2"])
        #expect(pairs(try #require(try matcher.match(link, prefix: 2)).args) == ["name=2"])
        link.reference.text = Array("/user/3".utf8)
        #expect(pairs(try #require(try matcher.match(link, all: true).first).args) == ["id=3"])
        #expect(matcher.componentCount(link) == 2)
    }

    /// A reading held across calls serves them all until its first holder ends it: the next
    /// call reads its own link.
    @Test func aHeldReadingEndsWithItsCalls() throws {
        let matcher = try matcher(["/user", "/user/{id}", "/file/{name}"])
        let parser = LinkParser()
        var link = try parser.parse("/user/1")
        let started = matcher.startHolding()
        #expect(started && !matcher.startHolding())
        #expect(try matcher.match(link, prefix: 1)?.route.pattern.text == "/user")
        #expect(pairs(try #require(try matcher.firstMatch(link)).args) == ["id=1"])
        matcher.endHolding(false)  // an inner holder's end keeps the holding
        #expect(pairs(try #require(try matcher.firstMatch(link)).args) == ["id=1"])
        matcher.endHolding(started)
        link.reference.text = Array("/file/2".utf8)
        #expect(pairs(try #require(try matcher.firstMatch(link)).args) == ["name=2"])
    }

    /// Once no match holds the buffer, the next one starts it over instead of growing it.
    @Test func reusesTheBufferOnceReleased() throws {
        let matcher = try matcher(["/user/{id}"])
        for round in 0..<1000 {
            let match = try #require(try matcher.firstMatch(try LinkParser().parse("/user/\(round)")))
            #expect(pairs(match.args) == ["id=\(round)"])
        }
        let buffer = try #require(matcher.argumentBuffer)
        #expect(buffer.entryCount == 1)
        #expect(buffer.byteCapacity == 256)
    }

    /// The list's rules: `add` keeps the first value of a name, `set` replaces it in place,
    /// `remove` takes it out, and a list in a shared buffer sees only its own entries.
    @Test func listRules() {
        var storage: ArgumentBuffer?
        var first = ArgumentList(reusing: &storage)
        first.addNew(Array("a".utf8), .string(ArraySlice("1".utf8)))
        let held = first.finish(into: &storage)
        var list = ArgumentList(reusing: &storage)
        list.add(Array("a".utf8), .string(ArraySlice("2".utf8)))
        list.add(Array("a".utf8), .string(ArraySlice("3".utf8)))
        list.add("b".utf8, .int(1))
        list.set(Array("a".utf8), .string(ArraySlice("4".utf8)))
        list.set(Array("c".utf8), .int(5))
        list.remove(Array("b".utf8))
        let args = list.finish(into: &storage)
        #expect(pairs(args) == ["a=4", "c=int(5)"])
        #expect(pairs(held) == ["a=1"])
    }
}
