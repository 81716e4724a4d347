import Testing
@_spi(Records) @testable import UrnCore

@Suite struct StackBuilderTests {
    func builder(_ lines: [String], dialect: Dialect = .urn, scheme: String? = nil) throws -> (StackBuilder, LinkParser) {
        let table = try RouteTableParser(dialect: dialect, scheme: scheme).parse(lines.joined(separator: "\n"), name: "t")
        return (StackBuilder(matcher: Matcher(tables: [table])), LinkParser(compassScheme: scheme))
    }

    func stack(_ lines: [String], _ link: String, dialect: Dialect = .urn, scheme: String? = nil) throws -> [String] {
        let (builder, parser) = try builder(lines, dialect: dialect, scheme: scheme)
        return try builder.stack(for: try parser.parse(link)).map { "\($0.route.target ?? "-")@\(String(decoding: $0.link, as: UTF8.self))" }
    }

    /// Issue 12 item 6: a WAAppRouting block handler is no screen: it is no frame, and it runs
    /// beside the stack with the screen's arguments (WAAppRouter.m:48–78 at 57eb35e).
    @Test func blockHandlersRunBesideTheStack() throws {
        let (builder, parser) = try builder(["list{ListVC}/:id{DetailVC}", "* ^logAll", "promo/:c ^applyPromo"], dialect: .waap)
        let opened = try builder.opening(for: try parser.parse("app://list/7"))
        #expect(opened.frames.map { $0.route.target } == ["ListVC", "DetailVC"])
        #expect(opened.handler?.route.target == "logAll")
        let blockOnly = try builder.opening(for: try parser.parse("app://promo/9"))
        #expect(blockOnly.frames.isEmpty && blockOnly.handler?.route.target == "logAll")
        // a writer reads the handler in place: its route, the whole link, the screen's arguments
        var layout = StackLayout()
        try builder.layOut(try parser.parse("app://list/7"), into: &layout)
        var handler: [String] = []
        layout.withHandler { route, link, args in
            if case let .values(values) = copy args {
                handler = [route.target ?? "-", String(decoding: link, as: UTF8.self)] + values.map { String(decoding: $0.name, as: UTF8.self) }
            }
        }
        #expect(handler == ["logAll", "app://list/7", "id"])
    }

    /// Stacks laid out in one layout from link to link (as urnstack does) are those built
    /// afresh, frames and block handler, however the lengths of the stacks before them differ;
    /// the parts a writer reads in place are the frames' own.
    @Test func stacksLaidOutInReusedStorageAreTheSame() throws {
        let (builder, parser) = try builder(["/repos/{owner} Owner", "/repos/{owner}/{repo} Repo",
                                             "/repos/{owner}/{repo}/pulls/<int:n> Pull", "/users/{u} User"])
        var layout = StackLayout()
        let describe = { (frames: [Frame]) in frames.map { "\($0.route.target ?? "-")@\(String(decoding: $0.link, as: UTF8.self))" } }
        for text in ["https://x/repos/a/b/pulls/7", "https://x/users/z", "https://x/nothing", "https://x/repos/c/d",
                     "https://x/repos/e/f/pulls/9", "https://x/repos/g"] {
            let link = try parser.parse(text)
            let fresh = try builder.opening(for: link)
            try builder.layOut(link, into: &layout)
            #expect(describe(layout.frames) == describe(fresh.frames), "\(text)")
            #expect(layout.count == fresh.frames.count && layout.isEmpty == fresh.frames.isEmpty, "\(text)")
            var inPlace: [String] = []
            layout.forEachFrame { route, link, _ in inPlace.append("\(route.target ?? "-")@\(String(decoding: link, as: UTF8.self))") }
            #expect(inPlace == describe(fresh.frames), "\(text)")
            #expect(layout.hasHandler == (fresh.handler != nil), "\(text)")
            layout.clear()
            #expect(layout.isEmpty && layout.text.isEmpty && !layout.hasHandler)
        }
    }

    /// The winners that the top route's trie walk gives, length after length, are those of a
    /// look-up of each prefix, arguments included.
    @Test func walkedPrefixWinnersAreThoseLookedUp() throws {
        let table = try RouteTableParser(dialect: .urn).parse(
            ["/repos/{owner} Owner", "/repos/{owner}/{repo} Repo", "/repos/{owner}/issues Issues",
             "/repos/{owner}/{repo}/pulls/<int:n> Pull", "/repos/*rest Rest"].joined(separator: "\n"), name: "t")
        let matcher = Matcher(tables: [table])
        for text in ["https://x/repos/a/b/pulls/7", "https://x/repos/a/issues", "https://x/repos/a/b/c/d", "https://x/repos"] {
            let link = try LinkParser().parse(text)
            let lookedUp = try matcher.prefixMatches(link).map { $0.map(describe) }
            guard let (first, walked) = try matcher.firstMatchWalkingPrefixes(link) else {
                #expect(try matcher.firstMatch(link) == nil, "\(text)")
                continue
            }
            #expect(describe(first) == describe(try #require(try matcher.firstMatch(link))), "\(text)")
            _ = try matcher.firstMatchWalkingPrefixes(link)
            let count = try #require(walked, "\(text) is walked")
            var fromWalk = [String?](repeating: nil, count: count)
            try matcher.forEachWalkedPrefixWinner(link, below: count) { length, match in fromWalk[length] = describe(match) }
            #expect(fromWalk == lookedUp, "\(text)")
        }
    }

    func describe(_ match: Match) -> String {
        match.route.pattern.text + " " + match.args.map { String(decoding: $0.name, as: UTF8.self) + "=" + "\($0.value)" }.joined(separator: ",")
    }

    @Test func prefixRuleOverExpressRoutes() throws {
        #expect(try stack(["list ListVC", "list/:itemID DetailVC", "list/:itemID/extra ExtraVC"], "app://list/3/extra")
            == ["ListVC@app://list", "DetailVC@app://list/3", "ExtraVC@app://list/3/extra"])
    }

    @Test func prefixRuleOverCompassRoutes() throws {
        #expect(try stack(["user:{id} User", "user:{id}:photos Photos"], "photofeed://user:42:photos", dialect: .compass, scheme: "photofeed")
            == ["User@photofeed://user:42", "Photos@photofeed://user:42:photos"])
    }

    @Test func prefixRuleOverURLNavigatorRoutes() throws {
        #expect(try stack(["myapp://user/<int:id> User", "myapp://user/<int:id>/posts Posts"], "myapp://user/7/posts", dialect: .navigator)
            == ["User@myapp://user/7", "Posts@myapp://user/7/posts"])
    }

    @Test func prefixesThatNoRouteTakesAreSkipped() throws {
        #expect(try stack(["/repos/:o/:r Repo", "/repos/:o/:r/issues/:n Issue"], "https://h/repos/a/b/issues/1")
            == ["Repo@https://h/repos/a/b", "Issue@https://h/repos/a/b/issues/1"])
    }

    @Test func chainsWithModalAndClasslessSegments() throws {
        #expect(try stack(["meetings{A}/:year/week/:week/:id{B}"], "x://meetings/2016/week/14/42", dialect: .waap)
            == ["A@x://meetings", "B@x://meetings/2016/week/14/42"])
        let (builder, parser) = try builder(["list{L}/:id{D}/share{S}!"], dialect: .waap)
        let frames = try builder.stack(for: try parser.parse("app://list/3/share"))
        #expect(frames.map(\.modal) == [false, false, true])
    }

    @Test func unmatchedLinksHaveAnEmptyStack() throws {
        #expect(try stack(["list ListVC"], "app://other").isEmpty)
    }

    func frames(_ link: String, _ builder: StackBuilder, _ parser: LinkParser) throws -> [Frame] {
        try builder.stack(for: try parser.parse(link))
    }

    @Test func transitions() throws {
        let (builder, parser) = try builder(["list L", "list/:id D", "list/:id/extra E", "settings Set"])
        func move(_ a: String, _ b: String) throws -> (Int, [String]) {
            let t = Transition(from: try frames(a, builder, parser), to: try frames(b, builder, parser))
            return (t.pop, t.push.map { String(decoding: $0.link, as: UTF8.self) })
        }
        #expect(try move("app://list/3", "app://list/3") == (0, []))
        #expect(try move("app://list/3", "app://list/3/extra") == (0, ["app://list/3/extra"]))
        #expect(try move("app://list/3/extra", "app://list") == (2, []))
        #expect(try move("app://list/3", "app://list/4/extra") == (1, ["app://list/4", "app://list/4/extra"]))
        #expect(try move("app://settings", "app://list/1") == (1, ["app://list", "app://list/1"]))
    }

    @Test func nothingAfterAModalFrameIsShared() throws {
        let (builder, parser) = try builder(["list{L}/:id{D}!/extra{E}"], dialect: .waap)
        let a = try frames("app://list/3/extra", builder, parser)
        let t = Transition(from: a, to: a)
        #expect(t.pop == 1)
        #expect(t.push.map(\.route.target) == ["E"])
    }
}
