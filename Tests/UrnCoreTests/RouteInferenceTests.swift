import Foundation
import Testing
@_spi(Records) @testable import UrnCore
import UrnOpenAPI

@Suite struct RouteInferenceTests {
    /// Traffic of `count` links drawn from `routes` (each a function of a random source), the
    /// same for the same seed.
    func traffic(_ count: Int, seed: UInt64 = 7, _ routes: [(inout SplitMix64) -> String]) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in routes[Int(random.next() % UInt64(routes.count))](&random) }
    }

    /// One of `pool`, the first ones most often (a few values take much of the traffic).
    func pick(_ pool: [String], _ random: inout SplitMix64) -> String {
        let a = Int(random.next() % UInt64(pool.count)), b = Int(random.next() % UInt64(pool.count))
        return pool[min(a, b)]
    }

    /// Pools larger than the traffic drawn from them, as a site's users and repositories are.
    static let users = (0..<20_000).map { "user\($0 * 7919 % 100_003)x" }
    static let repos = (0..<20_000).map { "repo-\($0 * 31 % 99_991)" }

    func inferred(_ links: [String], dialect: InferredTableDialect = .urn, nodeBudget: Int = RouteInference.initialNodeBudget) throws -> InferredTable {
        var inference = RouteInference(dialect: dialect, nodeBudget: nodeBudget)
        for link in links { try inference.add("https://example.com" + link) }
        return inference.table()
    }

    func patterns(_ table: InferredTable) -> [String] {
        table.routes.map(InferredTable.urnPattern)
    }

    /// Three sub-resources after namespaces of one (four links each), two (two) and three
    /// components (one), as GitLab's `/<*namespace>/-/…` routes take them.
    func namespacedLinks() -> [String] {
        var links: [String] = []
        var user = Self.users.makeIterator()
        for leaf in ["members", "activity", "hooks"] {
            for _ in 0..<4 { links.append("/g/\(user.next()!)/-/\(leaf)") }
            for _ in 0..<2 { links.append("/g/\(user.next()!)/\(user.next()!)/-/\(leaf)") }
            links.append("/g/\(user.next()!)/\(user.next()!)/\(user.next()!)/-/\(leaf)")
        }
        return links
    }

    @Test(arguments: [
        ("42", InferredType.int), ("000123", .int), ("1234567890123456789", nil), ("12a", nil),
        ("3f2504e0-4f89-41d3-9a0c-0305e82c3301", .uuid), ("2024-02-29", .date), ("2024-2-29", nil),
        ("deadbeef42", .hex), ("deadbeef", nil), ("0f84fd2", nil), ("DEADBEEF42", nil), ("", nil), ("alice", nil),
    ] as [(String, InferredType?)])
    func typesAreReadFromTheWholeValue(value: String, type: InferredType?) {
        #expect(InferredType.of(Array(value.utf8)) == type)
    }

    @Test func namesComeFromThePrecedingLiteralInTheSingular() {
        #expect(InferredRoute.singular("users") == "user")
        #expect(InferredRoute.singular("categories") == "category")
        #expect(InferredRoute.singular("branches") == "branch")
        #expect(InferredRoute.singular("addresses") == "address")
        #expect(InferredRoute.singular("-") == nil)
        #expect(InferredRoute.singular("2fa") == nil)
        let segments: [InferredRoute.Segment] = [.literal(Array("repos".utf8)), .placeholder(nil), .placeholder(nil),
                                                 .literal(Array("issues".utf8)), .placeholder(.int)]
        #expect(InferredRoute.names(for: segments) == ["repo", "repo2", "issue"])
        #expect(InferredRoute.names(for: [.placeholder(nil), .literal(Array("-".utf8)), .glob]) == ["id", "id2"])
    }

    @Test func valuesBecomePlaceholdersTypedWhereTheValuesSaySo() throws {
        let links = traffic(2000, [
            { "/users/\(self.pick(Self.users, &$0))" },
            { "/users/\(self.pick(Self.users, &$0))/repos" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/issues/\($0.next() % 5000)" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/pulls" },
            { _ in "/about" },
        ])
        let table = try inferred(links)
        // urn's precedence: more literals, then a literal at the first place two routes differ
        #expect(patterns(table) == [
            "/users/{user}/repos", "/repos/{repo}/{repo2}/issues/<int:issue>", "/repos/{repo}/{repo2}/pulls", "/users/{user}", "/about",
        ])
        #expect(table.routes.map(\.count).reduce(0, +) == links.count)
    }

    /// Forty categories, each seen a hundred times or more, at two places (a page of its own,
    /// with a page below it, and the API's products of it), and a sale page beside them with
    /// links of its own that all end there: the set is one placeholder, whatever the traffic,
    /// and the sale page a literal (a closed set: `SlotDecision.closedSet`).
    @Test func aClosedSetSeenOftenAtTwoPlacesIsOnePlaceholder() throws {
        let categories = (0..<40).map { "category-\($0 * 7 % 41)" }
        for count in [20_000, 60_000] {
            let links = traffic(count, [
                { "/c/\(self.pick(categories, &$0))" },
                { "/c/\(self.pick(categories, &$0))/top" },
                { "/api/categories/\(self.pick(categories, &$0))/products" },
                { _ in "/c/sale" },
                { _ in "/checkout" },
            ])
            let found = patterns(try inferred(links))
            #expect(found == ["/api/categories/{category}/products", "/c/sale", "/c/{c}/top", "/c/{c}", "/checkout"], "\(count): \(found)")
        }
    }

    /// Three hundred tags, each a page that ends there, at two places (their page and the API's
    /// posts of them), and a trending page beside them as popular as the tags together: only
    /// its absence from the API tells it from a popular tag. It stays a literal and the tags one
    /// placeholder at every volume, past the folds too (`ValueSetPositions.missingAtTwins`).
    @Test func aPageMissingWhereItsSetShowsAgainStaysALiteralAtEveryVolume() throws {
        let tags = (0..<300).map { "topic\($0 * 37 % 301)" }
        for count in [20_000, 60_000] {
            let links = traffic(count, [
                { "/tags/\(self.pick(tags, &$0))" },
                { "/api/tags/\(self.pick(tags, &$0))/posts" },
                { _ in "/tags/trending" },
                { _ in "/checkout" },
            ])
            let found = patterns(try inferred(links))
            #expect(found == ["/api/tags/{tag}/posts", "/tags/trending", "/tags/{tag}", "/checkout"], "\(count): \(found)")
        }
    }

    /// A page beside an open set whose values' links mostly go on (`/admin/users/invite` beside
    /// users with roles and activity below), at a thousand links: its links end far more often
    /// than a value's would, a couple of scanners' strays after it notwithstanding, and it stays
    /// a literal; being a literal here only, it does not make the values beside it literals too,
    /// however many links it takes.
    @Test func aPageWhoseLinksEndWhereTheValuesGoOnStaysALiteralBesideAnOpenSet() throws {
        let users: [(inout SplitMix64) -> String] = [
            { "/admin/users/\(self.pick(Self.users, &$0))" },
            { "/admin/users/\(self.pick(Self.users, &$0))/roles" },
            { "/admin/users/\(self.pick(Self.users, &$0))/activity" },
        ]
        // a twentieth of the links, and two in five of the position's
        let few: (inout SplitMix64) -> String = { $0.next() % 5 == 0 ? "/admin/users/invite" : "/admin/login" }
        let many: (inout SplitMix64) -> String = { _ in "/admin/users/invite" }
        for pages in [[few], [many, many]] {
            let links = traffic(1000, users + pages) + ["/admin/users/invite/edit", "/admin/users/invite/settings"]
            let found = patterns(try inferred(links)).filter { $0.hasPrefix("/admin/users/") }
            let expected = ["/admin/users/invite/{invite}", "/admin/users/invite", "/admin/users/{user}/activity", "/admin/users/{user}/roles",
                            "/admin/users/{user}"]
            #expect(found == expected, "\(pages.count): \(found.count) routes, \(found.prefix(6))")
        }
    }

    /// The binomial tail that tells a page by where its links end: the chance of `k` or more of
    /// `n`, against the sum of the terms written out (38 of 40 at a share of 0.51: the
    /// admin console's invite page beside users; 13 of 13; 900 of 1,000).
    @Test func theBinomialTailIsTheChanceOfThatManyOrMore() {
        func exact(_ k: Int, _ n: Int, _ p: Double) -> Double {
            log((k...n).reduce(0.0) { $0 + exp(SlotDecision.logBinomial($1, of: n, share: p)) })
        }
        for (k, n, p) in [(38, 40, 0.51), (13, 13, 0.74), (900, 1000, 0.85), (21, 40, 0.5)] {
            #expect(abs(SlotDecision.logBinomialTail(k, of: n, share: p) - exact(k, n, p)) < 1e-9, "\(k) of \(n) at \(p)")
        }
        #expect(SlotDecision.logBinomialTail(5, of: 10, share: 0.5) == 0)
    }

    /// Many texts alike at one place only stay literals: nothing but their number would tell.
    @Test func manyTextsAtOnePlaceOnlyStayLiterals() throws {
        let pages = (0..<20).map { "page-\($0)" }
        let links = traffic(10_000, [{ "/help/\(self.pick(pages, &$0))" }, { _ in "/checkout" }])
        #expect(patterns(try inferred(links)).count == 21)
    }

    @Test func aLiteralAmongValuesStaysALiteralWhenItsContinuationIsItsOwn() throws {
        let links = traffic(3000, [
            { "/users/\(self.pick(Self.users, &$0))" },
            { "/users/\(self.pick(Self.users, &$0))/followers" },
            { _ in "/users/me/settings" },
            { _ in "/users/me/notifications" },
        ])
        #expect(patterns(try inferred(links)) == ["/users/me/notifications", "/users/me/settings", "/users/{user}/followers", "/users/{user}"])
    }

    /// Sibling sub-resources in a sample too small to show each of them often: many are seen
    /// once, as values are, but those seen again each lead to a continuation of their own
    /// (`settings/ci_cd`), where values would lead to the same texts.
    @Test func siblingLiteralsSeenOnceStayLiteralsWhenTheirContinuationsAreTheirOwn() throws {
        let tails = ["requirements_management/requirements/import_csv", "settings/ci_cd", "environments/folders", "forks/new"]
        var links = tails.indices.flatMap { i in (0..<2).map { j in "/p/\(Self.users[2 * i + j])/-/\(tails[i])" } }
        for (i, leaf) in ["avatar", "hooks", "cadences", "error_tracking", "project_members", "activity"].enumerated() {
            links.append("/p/\(Self.users[100 + i])/-/\(leaf)")
        }
        let routes = patterns(try inferred(links))
        #expect(routes.contains("/p/{p}/-/settings/ci_cd"), "\(routes)")
        #expect(routes.contains("/p/{p}/-/avatar"), "\(routes)")
        #expect(!routes.contains { $0.contains("-/{") }, "\(routes)")
    }

    @Test func aPopularValueIsAValueWhenItsContinuationIsShared() throws {
        let links = traffic(3000, [
            { $0.next() % 10 < 6 ? "/users/torvalds/repos" : "/users/\(self.pick(Self.users, &$0))/repos" },
            { $0.next() % 10 < 6 ? "/users/torvalds" : "/users/\(self.pick(Self.users, &$0))" },
        ])
        #expect(patterns(try inferred(links)) == ["/users/{user}/repos", "/users/{user}"])
    }

    @Test func runsOfVaryingLengthBecomeACatchAll() throws {
        let links = traffic(3000, [
            { random in "/files/" + (0...(random.next() % 3)).map { _ in self.pick(Self.repos, &random) }.joined(separator: "/") },
            { random in "/groups/" + (0...(random.next() % 3)).map { _ in self.pick(Self.users, &random) }.joined(separator: "/") + "/-/members" },
        ])
        let table = try inferred(links)
        #expect(patterns(table) == ["/groups/<*group>/-/members", "/files/<*file>"])
        #expect(table.routes[0].globLengths == [1...3])
    }

    /// A route that already has a catch-all takes a second one where its links vary in length
    /// again (GitLab's `/<*namespace_id>/<project_id>/builds/<id>/artifacts/browse/<*path>`),
    /// rather than one route for each length. Against a route with one catch-all, urn's rule 3
    /// (fewer catch-alls) decides, so `--check` finds nothing.
    @Test func aRouteWithACatchAllTakesASecondWhereItsLinksVaryAgain() throws {
        let links = traffic(3000, [
            { random in "/g/" + (0...(random.next() % 3)).map { _ in self.pick(Self.users, &random) }.joined(separator: "/") + "/-/browse/"
                + (0...(random.next() % 3)).map { _ in self.pick(Self.repos, &random) }.joined(separator: "/") },
            { random in "/g/" + (0...(random.next() % 3)).map { _ in self.pick(Self.users, &random) }.joined(separator: "/") + "/-/members" },
        ])
        let table = try inferred(links)
        #expect(patterns(table) == ["/g/<*g>/-/members", "/g/<*g>/-/browse/<*browse>"])
        let text = table.text()
        let read = try RouteTable(parsing: text, name: "inferred", dialect: .urn)
        #expect(TableCheck.findings([read]).map(\.description) == [], "\(text)")
    }

    /// A syntax that writes a catch-all once for each length takes no second one, whose lengths
    /// would multiply the first's; URLNavigator, which keeps a final `<path:>`, takes one there.
    @Test func aSecondCatchAllIsTakenWhereTheSyntaxKeepsIt() {
        func route(_ segments: [InferredRoute.Segment], _ count: Int) -> InferredRoute {
            var route = InferredRoute(segments: segments, count: count, examples: [], methods: [])
            route.globLengths = [1...2]
            route.globShares = [.init(lengths: [1], count: count / 2, examples: [], methods: []),
                                .init(lengths: [2], count: count - count / 2, examples: [], methods: [])]
            return route
        }
        let (g, dash, edit) = (InferredRoute.Segment.literal(Array("g".utf8)), InferredRoute.Segment.literal([UInt8(ascii: "-")]),
                               InferredRoute.Segment.literal(Array("edit".utf8)))
        let atEnd = [route([g, .glob, dash, .placeholder(nil)], 40), route([g, .glob, dash, .placeholder(nil), .placeholder(nil)], 30)]
        let inside = [route([g, .glob, dash, .placeholder(nil), edit], 40), route([g, .glob, dash, .placeholder(nil), .placeholder(nil), edit], 30)]
        for (routes, second, joined) in [(atEnd, GlobMerge.SecondCatchAll.anywhere, true), (inside, .anywhere, true),
                                         (atEnd, .final, true), (inside, .final, false), (atEnd, .none, false)] {
            let merged = GlobMerge.merge(routes, secondCatchAll: second)
            #expect(merged.count == (joined ? 1 : 2), "\(second) \(routes.map(\.segments))")
            guard joined, let route = merged.first else { continue }
            // each link keeps the lengths both catch-alls took in it
            #expect(route.globLengths == [1...2, 1...2])
            #expect(route.globShares.map(\.lengths).sorted { $0.lexicographicallyPrecedes($1) } == [[1, 1], [1, 2], [2, 1], [2, 2]])
            #expect(route.globShares.map(\.count).reduce(0, +) == 70)
        }
    }

    /// Sibling leaf literals among a few dozen links, one of them popular, stay literals: three
    /// texts seen once in 33 links are a share no larger than chance allows a closed set (half
    /// of the texts seen once made a placeholder of GitLab's `/admin/application_settings/…`).
    /// Values keep bringing new texts and stay a placeholder.
    @Test func siblingLeafLiteralsWithAFewRareOnesStayLiterals() throws {
        let leaves = Array(repeating: "reporting", count: 26) + ["update_app", "update_app", "roles", "roles", "reset_token", "storage", "clear_checks"]
        #expect(patterns(try inferred(leaves.map { "/admin/settings/" + $0 })) == Set(leaves).sorted().map { "/admin/settings/" + $0 })
        // a fifth of the links seen once: GitLab's -/merge_requests/<id>/resolve_conflicts
        let tabs = Array(repeating: "resolve", count: 34) + Array(repeating: "diffs", count: 5) + Array(repeating: "fuzz", count: 3)
            + ["security", "security"] + (1...10).map { "tab\($0)" }
        #expect(patterns(try inferred(tabs.map { "/mr/7/" + $0 })).count == 14)
        let users = Array(repeating: "torvalds", count: 20) + Self.users.prefix(13)
        #expect(patterns(try inferred(users.map { "/people/" + $0 })) == ["/people/{people}"])
    }

    /// Sibling sub-resources of which half go on with one generic `new` stay literals: values
    /// of one placeholder nearly all share what they share (GitLab's `-/import/new`,
    /// `-/pipeline_schedules/new` beside `-/archive/<file>` made one `-/{id3}/{id4}` of 49
    /// routes). Values that all go on with one text stay a placeholder.
    @Test func siblingsSharingOneGenericTextStayLiterals() throws {
        let withNew = ["issues", "milestones", "hooks", "snippets", "wikis", "tags"]
        let withOwn = ["archive", "blame", "raw", "files", "tree"]
        let links = traffic(600, [
            { "/p/\(self.pick(Self.repos, &$0))/-/\(withNew[Int($0.next() % 6)])/new" },
            { "/p/\(self.pick(Self.repos, &$0))/-/\(withOwn[Int($0.next() % 5)])/\(self.pick(Self.users, &$0))" },
        ])
        let found = patterns(try inferred(links))
        #expect(found.count == 11, "\(found)")
        #expect(found.contains("/p/{p}/-/hooks/new") && found.contains("/p/{p}/-/raw/{raw}"), "\(found)")
        let teams = traffic(300, [{ "/orgs/\(self.pick(Self.users, &$0))/teams" }])
        #expect(patterns(try inferred(teams)) == ["/orgs/{org}/teams"])
    }

    /// Leaf sub-resources of which many are seen once stay literals where most of their links
    /// bring texts decided literals elsewhere in the table (GitLab's 1,000 links, seed 1:
    /// `/groups/<*group>/-/{group2}` took `clusters`, `packages`, `shared` and eleven more
    /// routes, though `clusters` and `packages` are literals under `/admin`).
    @Test func siblingLeavesThatAreLiteralsElsewhereStayLiterals() throws {
        let admin = ["clusters", "packages", "shared", "users", "hooks"]
        var links = traffic(100, [{ "/admin/\(admin[Int($0.next() % 5)])" }])
        let popular = Array(repeating: "clusters", count: 10) + Array(repeating: "packages", count: 8) + Array(repeating: "shared", count: 6)
        let rare = (1...14).map { "rare_\($0)" }
        links += traffic(popular.count + rare.count, [{ "/g/\(self.pick(Self.users, &$0))/-/" }]).enumerated().map { $1 + (popular + rare)[$0] }
        let found = patterns(try inferred(links))
        #expect(found.contains("/g/{g}/-/clusters") && found.contains("/g/{g}/-/rare_7"), "\(found)")
        #expect(found.count == admin.count + 3 + rare.count, "\(found)")
    }

    /// After a number, leaf texts of which many are seen once stay literals where a fifth of
    /// their links bring words decided literals elsewhere, however rarely each is seen here:
    /// what follows an id is an action or a sub-resource (GitLab's 1,000 links, seed 2:
    /// `-/merge_requests/<int>/{merge_request2}` took `commits`, `cached_widget`, `merge` and ten
    /// more routes, 31 links, though `commits` and `merge` are literals elsewhere). Without the
    /// number before them, the same texts make an open set.
    @Test func actionsAfterANumberThatAreLiteralsElsewhereStayLiterals() throws {
        let vocabulary = ["commits", "diffs", "merge"]
        let admin = traffic(30, [{ "/admin/\(vocabulary[Int($0.next() % 3)])" }])
        let actions = ["commits", "commits", "diffs", "merge", "approve", "rebase", "widget", "unapprove", "reports", "versions"]
        let afterNumbers = actions.enumerated().map { "/mr/\($0 * 7919 % 99991 + 10)/\($1)" }
        let found = patterns(try inferred(admin + afterNumbers))
        #expect(found.filter { $0.hasPrefix("/mr/") }.sorted() == Set(actions).map { "/mr/<int:mr>/\($0)" }.sorted(), "\(found)")
        let afterNames = actions.enumerated().map { "/u/\(Self.users[$0])/\($1)" }
        #expect(patterns(try inferred(admin + afterNames)).contains("/u/{u}/{u2}"))
    }

    /// Sibling sub-resources stay literals where a generic word (`new`) follows several of them
    /// and a minority of their links go on to texts of their own, far more than values would by
    /// chance: GitLab's 49 sub-resources after `-`, where one more link of `-/analytics` had
    /// made them all one placeholder (`/<*id>/{id2}/-/<*id3>`, 112 links of 1,000).
    @Test func subResourcesSharingAGenericWordStayLiterals() throws {
        let once = ["audit", "badges", "branches", "charts", "compare", "cycle", "dashboard", "deploy", "environments", "forks",
                    "graphs", "hooks", "insights", "labels", "milestones", "network", "packages", "pipelines", "releases", "snippets"]
        let withNew = ["issues", "epics", "boards", "wikis", "tags", "jobs", "notes"]
        let withOwn = [("settings", "ci_cd"), ("security", "dashboard_view"), ("analytics", "value_streams"), ("clusters", "connect"),
                       ("terraform", "states")]
        let links = once.map { "/app/\($0)" } + withNew.flatMap { Array(repeating: "/app/\($0)/new", count: 2) }
            + withOwn.flatMap { Array(repeating: "/app/\($0.0)/\($0.1)", count: 2) }
        let found = patterns(try inferred(links))
        #expect(found.contains("/app/issues/new") && found.contains("/app/settings/ci_cd") && found.contains("/app/audit"), "\(found)")
        #expect(!found.contains { $0.contains("{") }, "\(found)")
    }

    /// Numbers beside a few texts seen once, which their placeholder takes as values the type
    /// misses, are still ids: the actions after them stay literals as after a typed placeholder
    /// (GitLab's `merge_requests/<id>` beside `new` and `export_csv`).
    @Test func actionsAfterNumbersBesideRareTextsStayLiterals() throws {
        let vocabulary = ["commits", "diffs", "merge"]
        let admin = traffic(30, [{ "/admin/\(vocabulary[Int($0.next() % 3)])" }])
        let actions = ["commits", "commits", "diffs", "merge", "approve", "rebase", "widget", "unapprove", "reports", "versions"]
        let afterNumbers = actions.enumerated().map { "/mr/\($0 * 7919 % 99991 + 10)/\($1)" }
        let numbers = (0..<12).map { "/mr/\($0 * 104_729 % 99991 + 10)" }
        let found = patterns(try inferred(admin + afterNumbers + numbers + ["/mr/new", "/mr/export_csv"]))
        #expect(found.filter { $0.hasPrefix("/mr/{mr}/") }.sorted() == Set(actions).map { "/mr/{mr}/\($0)" }.sorted(), "\(found)")
    }

    /// A text whose links all end one component after it, where the values beside it go on, is
    /// a literal whose values below end there (GitLab's `/uploads/<model>`, 20 links of 1,000,
    /// beside `/<namespace>/<project>/...` with names of one pool).
    @Test func aLiteralWhoseLinksEndOneDeeperThanTheValuesBesideItsStaysALiteral() throws {
        let links = traffic(400, [
            { "/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/-/\(["issues", "tree", "jobs"][Int($0.next() % 3)])" },
            { "/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/-/issues/\($0.next() % 900)" },
            { "/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))" },
            { "/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/-/tree/\(self.pick(Self.repos, &$0))" },
        ]) + traffic(20, seed: 9, [{ "/uploads/\(self.pick(Self.repos, &$0))" }])
        let found = patterns(try inferred(links))
        #expect(found.contains("/uploads/{upload}"), "\(found)")
    }

    /// A text that ends its links where the numbers beside it go on is a leaf literal, though
    /// the numbers make the position's other texts values (GitLab's
    /// `-/deploy_keys/available_project_keys`, 63 links, beside `-/deploy_keys/<int>/edit`).
    @Test func aLeafLiteralAmongNumbersThatGoOnStaysALiteral() throws {
        let links = Array(repeating: "/keys/available", count: 20) + (1...12).map { "/keys/\($0 * 37 + 5)/edit" } + ["/keys/new", "/keys/enabled"]
        #expect(patterns(try inferred(links)) == ["/keys/available", "/keys/{key}/edit", "/keys/{key}"])
    }

    /// Rare texts beside numbers that all go on are literals where they do not go on as the
    /// numbers do: one ends twice where no number ends, the other goes on to a text no number
    /// is followed by (GitLab's `merge_requests/diff_for_path` and `merge_requests/new/
    /// diff_for_path` beside `merge_requests/<id>/commits`). A text that ends where numbers end
    /// too stays a value the type misses.
    @Test func rareTextsThatDoNotGoOnAsTheNumbersBesideThemAreLiterals() throws {
        let links = ["/mr/diff_for_path", "/mr/diff_for_path", "/mr/new/diff_for_path"]
            + (1...30).map { "/mr/\($0 * 7919 % 99991)/\(["commits", "diffs", "pipelines"][$0 % 3])" }
        #expect(patterns(try inferred(links)) == ["/mr/new/diff_for_path", "/mr/diff_for_path", "/mr/<int:mr>/commits",
                                                  "/mr/<int:mr>/diffs", "/mr/<int:mr>/pipelines"])
        let shows = (1...30).map { "/hooks/\($0 * 7919 % 99991)" + ($0 % 10 == 0 ? "" : "/tests") } + ["/hooks/settings"]
        #expect(patterns(try inferred(shows)) == ["/hooks/{hook}/tests", "/hooks/{hook}"])
    }

    /// Texts beside numbers are values the type misses only where they end about as often as
    /// the numbers do: sub-resources seen once to three times that end, beside numbers that all
    /// go on (GitLab's `/<*namespace>/<project>/builds` beside the group numbers of
    /// `/<*namespace>/<id>/remove_export`), stay literals.
    @Test func textsThatEndBesideNumbersThatGoOnStayLiterals() throws {
        let leaves = ["builds", "clusters", "find_file", "graphs", "insights", "mirror", "network", "pages", "serverless", "variables"]
        let links = (1...40).map { "/p/\($0 * 7919 % 99991)/remove_export" } + leaves.enumerated().flatMap { index, leaf in
            Array(repeating: "/p/\(leaf)", count: index % 3 + 1)
        }
        #expect(patterns(try inferred(links)) == leaves.map { "/p/\($0)" } + ["/p/<int:p>/remove_export"])
    }

    /// A link seen once, deeper than the others of a catch-all, joins it: its last component
    /// had no other text beside it, so nothing says it is a literal (GitLab's 1,000 links, seed
    /// 1: `/rails/lookbook/pages/{page}/{page2}/{page3}/raw` kept 121 links of one route apart).
    /// A last component decided beside other texts keeps its route.
    @Test func aStrayLinkDeeperThanACatchAllsOthersJoinsIt() throws {
        var links = traffic(60, [{ random in
            "/docs/pages/" + (0...(random.next() % 3)).map { _ in self.pick(Self.repos, &random) }.joined(separator: "/")
        }])
        links.append("/docs/pages/repo-1/repo-2/repo-3/raw")
        let table = try inferred(links)
        #expect(patterns(table) == ["/docs/pages/<*page>"])
        #expect(table.routes[0].count == 61)
        #expect(table.routes[0].globLengths == [1...4])
        let kept = try inferred(links + ["/docs/pages/repo-1/repo-2/repo-3/5/edit"])
        #expect(patterns(kept) == ["/docs/pages/{page}/{page2}/{page3}/raw", "/docs/pages/<*page>"])
    }

    /// An empty component is no value: a stray with one where the catch-all's route has a
    /// placeholder keeps its route (found by make fuzz: Express's `///b` was given to
    /// `/:id//:id2(.+)`, which does not take it).
    @Test func aStrayWithAnEmptyComponentKeepsItsRoute() throws {
        let links = ["/a//x", "/b//y/z", "/c//w/v/u", "/d//q", "/e//r/s", "///b"]
        var inference = RouteInference(dialect: .express)
        for link in links { try inference.add("https://example.com" + link) }
        let router = Router(tables: [try RouteTable(parsing: inference.table().text(), name: "inferred", dialect: .express)])
        for link in links { #expect(try router.route(link) != nil, "\(link)") }
    }

    /// Sub-resources after a catch-all of varying depth are decided on the links of every
    /// depth together: seen once each at the deepest namespaces, they would become a placeholder
    /// there (`/g/{g}/{g2}/{g3}/-/{g4}`) while they stay literals beside the shallower ones.
    @Test func subResourcesAfterACatchAllAreDecidedOnEveryDepthTogether() throws {
        let links = namespacedLinks()
        let table = try inferred(links)
        #expect(patterns(table) == ["/g/<*g>/-/activity", "/g/<*g>/-/hooks", "/g/<*g>/-/members"])
        #expect(table.routes.map(\.globLengths) == [[1...3], [1...3], [1...3]])
    }

    /// GitLab-like traffic: projects in namespaces of one to three components, most links to
    /// sub-resources after `-`, some to older routes without it (`/<*namespace>/<project>/hooks`
    /// and rarer ones), group exports by number (`/<*namespace>/<id>/remove_export`, rarely in
    /// a namespace of one component), and pages at the root. One namespace, `gamma`, takes a
    /// fifth of the links, and one of its links follows no route of the others.
    func namespacedTraffic(_ count: Int) -> [String] {
        let names = Array(Self.users.prefix(400)), projects = Array(Self.repos.prefix(400))
        func namespace(_ random: inout SplitMix64, shortest: Int = 1) -> String {
            let first = random.next() % 5 == 0 ? "gamma" : pick(names, &random)
            return ([first] + (1..<(shortest + Int(random.next() % UInt64(4 - shortest)))).map { _ in pick(names, &random) }).joined(separator: "/")
        }
        let actions = ["issues", "merge_requests", "pipelines", "jobs"]
        let rare = ["variables", "serverless", "find_file", "environments", "mirror", "builds", "insights", "clusters", "wikis", "tags",
                    "graphs", "network", "pages", "releases", "snippets", "labels"]
        return traffic(count, [
            { "/\(namespace(&$0))/\(self.pick(projects, &$0))/-/\(actions[Int($0.next() % 4)])" },
            { "/\(namespace(&$0))/\(self.pick(projects, &$0))/-/\(actions[Int($0.next() % 4)])" },
            { "/\(namespace(&$0))/\(self.pick(projects, &$0))/-/\(actions[Int($0.next() % 2)])/\($0.next() % 9000 + 1)" },
            { "/\(namespace(&$0))/\(self.pick(projects, &$0))/hooks" },
            { "/\(namespace(&$0))/\(self.pick(projects, &$0))/\($0.next() % 3 == 0 ? rare[Int($0.next() % 16)] : "hooks")" },
            { "/\(namespace(&$0, shortest: $0.next() % 20 == 0 ? 1 : 2))/\($0.next() % 9000 + 1)/remove_export" },
            { ["/help", "/explore", "/users/\(self.pick(names, &$0))"][Int($0.next() % 3)] },
        ]) + ["unfoldered_environment_names", "archive", "export"].map { "/gamma/unseen-\($0)/\($0)" }
    }

    /// Project routes without `-` line up on the namespaces and projects seen before `-`: where a
    /// literal follows such texts in two links or more, it anchors them as `-` does, so that each
    /// sub-resource is one route at every depth. A popular namespace left over beside the
    /// lined-up runs is a value, not a literal whose route would take their links by precedence
    /// (`/gamma/{gamma}/{gamma2}` before `/<*id>/{id2}/hooks`); and a number after the namespace
    /// is the group's, not a component of it.
    @Test func projectRoutesWithoutADashLineUpOnTheNamespacesSeenBeforeIt() throws {
        let links = namespacedTraffic(3000)
        let table = try inferred(links)
        let router = try Router(routes: table.text(), dialect: .urn)
        var patternsTaken: [String: Set<String>] = [:]
        for link in links {
            let leaf = String(link.split(separator: "/").last!)
            let kind = leaf.allSatisfy { $0.isLetter || $0 == "_" } ? leaf : "other"
            patternsTaken[kind, default: []].insert(try #require(try router.route("https://example.com" + link)).route.pattern)
        }
        #expect(patternsTaken["hooks"] == ["/<*id>/{id2}/hooks"], "\(table.text())")
        #expect(patternsTaken["remove_export"]?.count == 1, "\(table.text())")
        #expect(patterns(table).filter { $0.hasPrefix("/gamma/") } == [], "\(table.text())")
        // every rare sub-resource seen twice or more is one literal route at every depth
        for leaf in ["variables", "serverless", "find_file", "environments", "mirror", "builds", "insights", "clusters", "wikis", "tags",
                     "graphs", "network", "pages", "releases", "snippets", "labels"] where links.filter({ $0.hasSuffix("/" + leaf) }).count >= 2 {
            #expect(patternsTaken[leaf] == ["/<*id>/{id2}/\(leaf)"], "\(leaf): \(table.text())")
        }
    }

    /// A catch-all written once for each length (URLNavigator's and WAAppRouting's middle ones,
    /// OpenAPI's all) gives each length the links it took: its count and examples, not the
    /// whole catch-all's (`:id/:id2/-/x` said "8 links" beside an example three deep).
    @Test(arguments: [InferredTableDialect.navigator, .waap, .openapi])
    func eachLengthOfAnExpandedCatchAllHasItsOwnLinks(dialect: InferredTableDialect) throws {
        let links = namespacedLinks()
        let text = try inferred(links, dialect: dialect).text()
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let directives = lines.filter { $0.hasPrefix("@") }.joined(separator: "\n")
        var counts: [String: Int] = [:]
        for (comment, route) in zip(lines, lines.dropFirst()) where comment.hasPrefix("# ") && comment.dropFirst(2).first!.isNumber {
            // an OpenAPI path is a urn pattern, written `"/path":`
            let pattern = dialect == .openapi ? String(route.dropFirst().dropLast(2)) : route
            let parts = comment.dropFirst(2).split(separator: ":", maxSplits: 1)
            counts[pattern] = Int(parts[0].split(separator: " ")[0])!
            let alone = try Router(routes: directives + "\n" + pattern, dialect: dialect.tableDialect)
            for example in parts[1].split(separator: ",") {
                let link = example.trimmingCharacters(in: .whitespaces)
                #expect(try alone.route(link) != nil, "\(link) is no link of \(pattern) in\n\(text)")
            }
        }
        #expect(counts.values.reduce(0, +) == links.count, "\(text)")
        let members = counts.filter { $0.key.hasSuffix("/-/members") }.sorted { $0.key.count < $1.key.count }.map(\.value)
        #expect(members == [4, 2, 1], "\(text)")
    }

    /// A value typed at one depth and not at another (a stray `%31` among numbers) does not keep
    /// routes of varying depth apart: they take one catch-all, and the placeholder takes any text.
    @Test func catchAllsJoinRoutesWhosePlaceholdersDifferInType() {
        func route(_ segments: [InferredRoute.Segment], _ count: Int) -> InferredRoute {
            InferredRoute(segments: segments, count: count, examples: [], methods: [])
        }
        let (groups, dash, edit) = (InferredRoute.Segment.literal(Array("groups".utf8)), InferredRoute.Segment.literal([UInt8(ascii: "-")]),
                                    InferredRoute.Segment.literal(Array("edit".utf8)))
        let merged = GlobMerge.merge([
            route([groups, .placeholder(nil), dash, .placeholder(.int), edit], 400),
            route([groups, .placeholder(nil), .placeholder(nil), dash, .placeholder(nil), edit], 180),
        ], secondCatchAll: .none)
        #expect(merged.map(\.segments) == [[groups, .glob, dash, .placeholder(nil), edit]])
        #expect(merged.map(\.count) == [580])
    }

    /// A run of numbers whose length varies before a literal is a catch-all too (GitLab's
    /// `-/commits/<*id>/signatures`, whose ids had one to three numeric components), where
    /// routes of one each for each length kept the route's links apart.
    @Test func runsOfNumbersOfVaryingLengthBecomeACatchAll() throws {
        let links = traffic(600, [{ random in
            "/commits/" + (0...(random.next() % 3)).map { _ in String(random.next() % 90_000 + 10) }.joined(separator: "/") + "/signatures"
        }])
        #expect(patterns(try inferred(links)) == ["/commits/<*commit>/signatures"])
    }

    /// Texts of one stem with different extensions (`histograms.json`, `histograms.xml`) are one
    /// route whose component holds the stem and a placeholder, as Rails writes
    /// `histograms.:format`; every dialect routes their links back.
    @Test func aStemWithSeveralExtensionsTakesAFormatPlaceholder() throws {
        let links = traffic(600, [
            { "/ci/metrics/histograms.\(["json", "xml", "atom", "diff"][Int($0.next() % 4)])" },
            { "/users/\(self.pick(Self.users, &$0))" },
            { _ in "/ci/metrics/summary" },
            { _ in "/ci/metrics/v1.2" },
            { _ in "/ci/metrics/v1.3" },
        ])
        #expect(patterns(try inferred(links)) == [
            "/ci/metrics/summary", "/ci/metrics/v1.2", "/ci/metrics/v1.3", "/ci/metrics/histograms.{format}", "/users/{user}",
        ])
        for dialect in [InferredTableDialect.urn, .express, .navigator, .waap] {
            let text = try inferred(links, dialect: dialect).text()
            let router = try Router(routes: text, dialect: dialect.tableDialect)
            for link in links { #expect(try router.route("https://example.com" + link) != nil, "\(dialect): \(link) in\n\(text)") }
        }
    }

    /// Formats seen once each are no open set: one stem's extensions count as one resource, seen
    /// as often as all of them (eight texts seen once in thirty links had made GitLab's
    /// `/-/security/compliance_violation_reports.<format>` and its siblings `{security}`).
    @Test func formatsSeenOnceEachAreOneResource() throws {
        let formats = ["csv", "json", "xml", "atom"]
        let links = Array(repeating: "/ci/summary", count: 12) + Array(repeating: "/ci/overview", count: 10)
            + formats.map { "/ci/violation_reports.\($0)" } + formats.map { "/ci/merge_reports.\($0)" }
        #expect(patterns(try inferred(links)) == [
            "/ci/overview", "/ci/summary", "/ci/merge_reports.{format}", "/ci/violation_reports.{format}",
        ])
    }

    @Test func methodsOfOnePathMakeOneRoute() throws {
        var inference = RouteInference()
        for (method, link) in [("GET", "/a"), ("POST", "/a"), ("get", "/a"), ("DELETE", "/b")] {
            try inference.add("https://example.com" + link, method: method)
        }
        #expect(inference.routes().map(\.methods) == [["GET", "POST"], ["DELETE"]])
        #expect(inference.table().text().contains("GET,POST /a\n"))
    }

    @Test func everyLinkIsRoutedBackByTheTableInEveryDialect() throws {
        let links = traffic(3000, [
            { "/users/\(self.pick(Self.users, &$0))" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/git/blobs/\(String($0.next(), radix: 16))a0" },
            { _ in "/caf%C3%A9/menu" },
            { random in "/docs/" + (0...(random.next() % 3)).map { _ in self.pick(Self.repos, &random) }.joined(separator: "/") },
        ])
        for (dialect, routerDialect) in [(InferredTableDialect.urn, Dialect.urn), (.express, .express), (.navigator, .navigator), (.waap, .waap)] {
            let router = try Router(routes: try inferred(links, dialect: dialect).text(), dialect: routerDialect)
            for link in links {
                #expect(try router.route("https://example.com" + link) != nil, "\(dialect): \(link)")
            }
        }
    }

    @Test func foldingTheTreeKeepsTheRoutes() throws {
        let links = traffic(4000, [
            { "/users/\(self.pick(Self.users, &$0))/repos" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))" },
            { _ in "/about" },
        ])
        let whole = try inferred(links)
        let folded = try inferred(links, nodeBudget: 300)
        #expect(patterns(folded) == patterns(whole))
        #expect(folded.routes.map(\.count) == whole.routes.map(\.count))
    }

    /// An empty component that comes after a fold is no value for the placeholder the fold
    /// decided at its place: the route keeps it as an empty literal, so that the table routes
    /// the link (found by the fuzz property once it compared its answers).
    @Test func anEmptyComponentAfterAFoldStaysALiteral() throws {
        let links = ["/a/1", "/a/%41", "/x/1", "/u/i/1", "/a//b/"]
        let table = try inferred(links, nodeBudget: 8)
        let router = Router(tables: [try RouteTable(parsing: table.text(), name: "inferred")])
        for link in links {
            #expect(try router.route("https://example.com" + link) != nil, "\(link) in\n\(table.text())")
        }
    }

    /// An empty last component (`/x//`: urn ignores one trailing slash, not two) is written so
    /// that the pattern keeps it: `/x//` rather than `/x/`, whose slash urn ignores too.
    @Test(arguments: [InferredTableDialect.urn, .express])
    func anEmptyLastComponentSurvivesTheTrailingSlash(_ dialect: InferredTableDialect) throws {
        let links = ["/x//", "/y/a//"]
        let table = try inferred(links, dialect: dialect)
        let router = Router(tables: [try RouteTable(parsing: table.text(), name: "inferred")])
        for link in links {
            #expect(try router.route("https://example.com" + link) != nil, "\(link) in\n\(table.text())")
        }
    }

    /// Express's router reads `//b/` as a path, not as the host `b`: the inference reads it so too.
    @Test func expressLinksAreReadAsRequestTargets() throws {
        var inference = RouteInference(dialect: .express)
        let links = ["//b/", "/a/1", "https://example.com/c"]
        for link in links { try inference.add(link) }
        let text = inference.table().text()
        let router = Router(tables: [try RouteTable(parsing: text, name: "inferred", dialect: .express)])
        for link in links {
            #expect(try router.route(link) != nil, "\(link) in\n\(text)")
        }
    }

    /// A WAAppRouting route has no leading slash: one whose first literal starts with `@` (a
    /// directive) or `#` (a comment) is written as a JSON route, so that it is read as a route.
    @Test(arguments: [["https://example.com/@a/0", "https://example.com/@a/1"], ["https://example.com/%23b/1"]])
    func aWaapRouteThatWouldReadAsADirectiveIsWrittenInJSON(_ links: [String]) throws {
        var inference = RouteInference(dialect: .waap)
        for link in links { try inference.add(link) }
        let text = inference.table().text()
        let router = Router(tables: [try RouteTable(parsing: text, name: "inferred", dialect: .waap)])
        for link in links {
            #expect(try router.route(link) != nil, "\(link) in\n\(text)")
        }
    }

    /// OpenAPI writes each path template once: routes that come to one template (a catch-all
    /// written for each length beside a route of that length) share it, each parameter taking
    /// the values of all of them, their methods, and their links in its comment.
    @Test func routesOfOneOpenAPITemplateShareItWithWidenedParameters() {
        let (a, b) = (InferredRoute.Segment.literal(Array("a".utf8)), InferredRoute.Segment.literal(Array("b".utf8)))
        let routes = [
            InferredRoute(segments: [a, .placeholder(.hex), b], count: 3, examples: ["/a/f0/b"], methods: ["GET"]),
            InferredRoute(segments: [a, .placeholder(.int), b], count: 2, examples: ["/a/7/b"], methods: ["POST"]),
        ]
        let text = InferredTable(routes: routes, linkCount: 5, dialect: .openapi).text()
        #expect(text.contains("  # 5 links: /a/f0/b, /a/7/b\n"), "\(text)")
        #expect(text.components(separatedBy: "\n  \"/a/").count == 2, "\(text)")
        #expect(text.contains("    get:") && text.contains("    post:"), "\(text)")
        #expect(!text.contains("pattern:") && !text.contains("integer"), "\(text)")
    }

    /// WAAppRouting has no precedence and URLNavigator breaks a tie of literal counts by a
    /// dictionary's order: routes that share a link at equal precedence are written as one, so
    /// that `--check` finds nothing and every link still has its route.
    @Test(arguments: [InferredTableDialect.waap, .navigator])
    func tiedRoutesThatShareALinkAreOneWhereTheLibraryCannotRankThem(dialect: InferredTableDialect) throws {
        let links = traffic(1500, [
            { "/users/\(self.pick(Self.users, &$0))" },
            { _ in "/users/me/notifications" },
            { "/users/me/\(self.pick(Self.repos, &$0))" },
            { "/users/\(self.pick(Self.users, &$0))/\(["repos", "stars"][Int($0.next() % 2)])" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/issues/\($0.next() % 500)" },
            { "/repos/\(self.pick(Self.users, &$0))/\(self.pick(Self.repos, &$0))/pulls" },
        ]).map { "https://example.com" + $0 }
        var inference = RouteInference(dialect: dialect)
        for link in links { try inference.add(link) }
        let text = inference.table().text()
        let table = try RouteTable(parsing: text, name: "inferred", dialect: dialect.tableDialect)
        #expect(TableCheck.findings([table]).map(\.description) == [], "\(text)")
        let router = Router(tables: [table])
        for link in links { #expect(try router.route(link) != nil, "\(link) in\n\(text)") }
        // users/me/{me} and users/{user}/repos share users/me/repos: one route takes both
        let routeLines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!routeLines.contains { $0.contains("/me/") }, "\(text)")
    }

    /// OpenAPI ranks templated paths by their template expressions alone, and leaves two with
    /// as many to the tool: paths that tie so and share a link (`/a/{a}/c`, `/a/b/{b}`, both
    /// take `/a/b/c`) are written as one, so that `--check` finds nothing and every link is
    /// still routed.
    @Test func openAPIPathsThatTieAndShareALinkAreOne() throws {
        let links = traffic(600, [
            { "/a/\(self.pick(Self.users, &$0))/c" },
            { "/a/b/\(self.pick(Self.repos, &$0))" },
            { "/a/b/\(self.pick(Self.repos, &$0))" },
        ]).map { "https://example.com" + $0 }
        var inference = RouteInference(dialect: .openapi)
        for link in links { try inference.add(link) }
        let text = inference.table().text()
        let table = try RouteTableParser(yaml: YAMLDocuments()).parse(text, name: "inferred")
        #expect(TableCheck.findings([table]).map(\.description) == [], "\(text)")
        let router = Router(tables: [table])
        for link in links { #expect(try router.route(link) != nil, "\(link) in\n\(text)") }
    }

    /// A URLPattern table writes the origin its links share, but only one a pattern's hostname
    /// can hold: an app link's opaque host with a U+FFFD in it (`myapp://x%EF%BF%BD`, which the
    /// hostname's canonicalization, a special URL's, refuses) leaves the wildcard origin, and
    /// the table loads and routes its link back.
    @Test func anOriginNoPatternCanHoldIsWrittenAsAWildcard() throws {
        for link in ["myapp://x\u{FFFD}/a", "myapp://x\u{FFFD}\u{FFFD}rnttps://example&cmyrts:///x/"] {
            var inference = RouteInference(dialect: .urlpattern)
            try inference.add(link)
            let text = inference.table().text()
            let table = try RouteTable(parsing: text, name: "inferred", dialect: InferredTableDialect.urlpattern.tableDialect)
            #expect(try Router(tables: [table]).route(link) != nil, "\(text)")
            #expect(text.contains("\n*://*:*/"), "\(text)")
        }
    }

    @Test func noLinksMakeAnEmptyTable() {
        let table = RouteInference().table()
        #expect(table.routes.isEmpty)
        #expect(table.text() == "# urnmatch --infer: 0 routes from 0 links\n")
    }
}
