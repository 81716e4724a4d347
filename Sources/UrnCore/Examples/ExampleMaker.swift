/// Makes example links for the routes of route tables (urnmatch --examples): for each route,
/// links built from argument values its placeholders accept (reverse routing, as `urnfmt
/// --link` builds them), each routed through all the tables to say which route takes it. A
/// link another route takes proves that route shadows this one. With near misses, links that
/// almost take the route, the negative tests of a link list.
@_spi(Records) public struct ExampleMaker {
    /// What to make.
    @_spi(Records) public struct Settings: Sendable {
        /// Links a route at most (`--per-route`); a route without placeholders has one.
        @_spi(Records) public var perRoute: Int
        /// The seed of the values' choices (`--seed`): the same seed gives the same links.
        @_spi(Records) public var seed: UInt64
        /// Also make near misses (`--near-misses`).
        @_spi(Records) public var nearMisses: Bool
        /// The host of links whose table names none (`--host`).
        @_spi(Records) public var host: String

        /// The default seed: the same table gives the same links.
        @_spi(Records) public static let defaultSeed: UInt64 = 1

        /// Settings.
        @_spi(Records) public init(perRoute: Int = 1, seed: UInt64 = defaultSeed, nearMisses: Bool = false, host: String? = nil) {
            self.perRoute = max(perRoute, 1)
            self.seed = seed
            self.nearMisses = nearMisses
            self.host = host ?? "example.com"
        }
    }

    /// The matcher over every table, which routes each example.
    @_spi(Records) public let matcher: Matcher
    /// How links are read, as urnmatch reads them.
    @_spi(Records) public let parser: LinkParser
    @_spi(Records) public let settings: Settings

    /// A maker for `matcher`'s tables, reading links with `parser`.
    @_spi(Records) public init(matcher: Matcher, parser: LinkParser, settings: Settings) {
        self.matcher = matcher
        self.parser = parser
        self.settings = settings
    }

    /// A host that the host pattern `pattern` (`example.com`, `*.example.com`) takes.
    @_spi(Records) public static func host(ofPattern pattern: String) -> String {
        ExampleLinks.example(ofHost: pattern)
    }

    /// The examples of every route, in table order, a route's near misses after its hits.
    @_spi(Records) public func examples() -> [RouteExample] {
        var all: [RouteExample] = []
        for (tableIndex, table) in matcher.tables.enumerated() {
            for (index, route) in table.routes.enumerated() {
                all += examples(for: route, in: table, stream: UInt64(tableIndex) << 32 | UInt64(index))
            }
        }
        return all
    }

    /// The examples of `route`, a route of `table`: those `examples()` gives for it.
    @_spi(Records) public func examples(for route: Route, in table: RouteTable) -> [RouteExample] {
        let tableIndex = matcher.tables.firstIndex { $0.name == table.name } ?? 0
        let index = table.routes.firstIndex { $0 === route } ?? 0
        return examples(for: route, in: table, stream: UInt64(tableIndex) << 32 | UInt64(index))
    }

    /// The examples of `route`, a route of `table`; `stream` (its table's index and its own)
    /// tells its values' choices apart from other routes', so that adding a route leaves the
    /// others' examples as they were.
    private func examples(for route: Route, in table: RouteTable, stream: UInt64) -> [RouteExample] {
        var made: [RouteExample] = []
        var seen: Set<String> = []
        var why: String?
        // a link another route takes, kept as the proof of shadowing when no variant lands
        var proof: (ExampleLinks.Candidate, Route?)?
        let varies = ExampleLinks.hasValues(route)
        let count = varies ? settings.perRoute : 1
        // other values may land where the first ones do not (a literal sibling takes `42`, a
        // typed route `alice`): a route whose links vary gets a few more tries than it needs
        let tries = varies ? count + Self.extraTries : 1
        let links = ExampleLinks(route: route, table: table, host: settings.host)
        let methods = ExampleLinks.methods(for: route, in: table)
        var variant = 0
        while made.count < count, variant < tries {
            var random = SplitMix64(seed: settings.seed, stream: stream &* 0x1000 &+ UInt64(variant))
            switch links.candidates(variant: variant, random: &random) {
            case let .failure(failure):
                why = why ?? failure.reason
            case let .success(candidates):
                // other methods with the first values only: a route shadowed for every method
                // would otherwise cost a routing a method, a form and a variant
                let chosen = choose(among: candidates, methods: variant == 0 ? methods : [methods[0]], for: route)
                if chosen.landed {
                    if seen.insert(chosen.candidate.link + " " + (chosen.candidate.method ?? "")).inserted {
                        made.append(RouteExample(route: route, link: chosen.candidate.link, method: chosen.candidate.method, kind: .hit,
                                                 none: nil, values: chosen.candidate.values, winner: chosen.winner))
                    }
                } else if proof == nil || (proof?.1 == nil && chosen.winner != nil) {
                    proof = (chosen.candidate, chosen.winner)
                }
            }
            variant += 1
        }
        if made.isEmpty, proof?.1 != nil, let found = searchedExample(for: route, links: links) {
            made.append(RouteExample(route: route, link: found.link, method: found.method, kind: .hit, none: nil, values: [], winner: route))
        }
        if made.isEmpty, let (candidate, winner) = proof {
            made.append(RouteExample(route: route, link: candidate.link, method: candidate.method, kind: .hit, none: nil,
                                     values: candidate.values, winner: winner))
        }
        guard !made.isEmpty else {
            return [RouteExample(route: route, link: nil, method: nil, kind: .hit, none: why ?? "no link could be made",
                                 values: [], winner: nil)]
        }
        if settings.nearMisses, let first = made.first, let link = first.link {
            for miss in links.nearMisses(of: ExampleLinks.Candidate(link: link, method: first.method, values: first.values)) {
                made.append(RouteExample(route: route, link: miss.candidate.link, method: miss.candidate.method, kind: .nearMiss(miss.kind),
                                         none: nil, values: miss.candidate.values, winner: winner(miss.candidate)))
            }
        }
        return made
    }

    /// Variants tried past the links asked for, before a route is taken to be shadowed.
    private static let extraTries = 12

    /// The first candidate (sent with each of `methods` in turn) its route takes; else the
    /// first another route takes (the proof of shadowing); else the first.
    func choose(among candidates: [ExampleLinks.Candidate], methods: [String?],
                        for route: Route) -> (candidate: ExampleLinks.Candidate, winner: Route?, landed: Bool) {
        var firstRouted: (ExampleLinks.Candidate, Route)?
        for candidate in candidates {
            for method in methods {
                let sent = ExampleLinks.Candidate(link: candidate.link, method: method, values: candidate.values)
                let taker = winner(sent)
                if taker === route || (route.isExclusion && taker == nil) { return (sent, taker, true) }
                if let taker, firstRouted == nil { firstRouted = (sent, taker) }
            }
        }
        if let (sent, taker) = firstRouted { return (sent, taker, false) }
        return (ExampleLinks.Candidate(link: candidates[0].link, method: methods[0], values: candidates[0].values), nil, false)
    }

    /// The route that takes `candidate`, as `urnmatch -a` routes it; nil for none, a link that
    /// cannot be read or a regex at its limits.
    func winner(_ candidate: ExampleLinks.Candidate) -> Route? {
        guard let link = try? parser.parse(candidate.link) else { return nil }
        return (try? matcher.firstMatch(link, method: candidate.method))??.route
    }
}
