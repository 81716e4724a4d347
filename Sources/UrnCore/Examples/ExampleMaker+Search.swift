extension ExampleMaker {
    /// Searches for one method: the first, then one more each time a route that takes the
    /// link found joins the routes the search avoids.
    private static let searchRounds = 10
    /// Sets of states the searches for one route may visit in all: a route that earlier routes
    /// shadow for every link makes every search run to its end.
    private static let searchBudget = 20_000

    /// A link that `route`, an Express route, takes, when the links its values make all land on
    /// other routes: the shortest pathname its regex takes and the routes that took a link
    /// refuse (`PathnameSearch`), for each method the route may be sent with, without empty
    /// segments first. A route that takes the pathname found joins those the search avoids, and
    /// the search runs again. Nil when a route is no Express path, a regex refers back, or
    /// nothing is found.
    func searchedExample(for route: Route, links: ExampleLinks) -> ExampleLinks.Candidate? {
        guard links.table.dialect == .express, route.appLink == nil, let target = Self.automaton(of: route) else { return nil }
        var budget = Self.searchBudget
        for emptySegments in [false, true] {
            // the pathname found for each list of routes avoided, whatever the method
            var found: [[ObjectIdentifier]: String] = [:]
            var automata: [ObjectIdentifier: RegexAutomaton] = [:]
            var search = PathnameSearch(target: target, blockers: [])
            search.emptySegments = emptySegments
            for method in ExampleLinks.methods(for: route, in: links.table) {
                if let landed = searchedExample(for: route, links: links, method: method, search: search, found: &found,
                                                  automata: &automata, budget: &budget) {
                    return landed
                }
            }
        }
        return nil
    }

    /// The search of `searchedExample` for links sent with `method`, from `search` with no
    /// route avoided.
    private func searchedExample(for route: Route, links: ExampleLinks, method: String?, search: PathnameSearch,
                                 found: inout [[ObjectIdentifier]: String], automata: inout [ObjectIdentifier: RegexAutomaton],
                                 budget: inout Int) -> ExampleLinks.Candidate? {
        var search = search
        var avoided: [ObjectIdentifier] = []
        for _ in 0..<Self.searchRounds {
            guard let pathname = found[avoided] ?? search.pathname(budget: &budget) else { return nil }
            found[avoided] = pathname
            let chosen = choose(among: links.candidates(pathname: pathname, method: method), methods: [method], for: route)
            if chosen.landed { return chosen.candidate }
            guard let taker = chosen.winner, !avoided.contains(ObjectIdentifier(taker)),
                  let blocker = automata[ObjectIdentifier(taker)] ?? Self.automaton(of: taker) else { return nil }
            automata[ObjectIdentifier(taker)] = blocker
            avoided.append(ObjectIdentifier(taker))
            search.blockers.append(blocker)
        }
        return nil
    }

    /// The automaton of an Express route's regex (a path of whole segments has the regex
    /// path-to-regexp makes of it, as Express routes it), or nil.
    private static func automaton(of route: Route) -> RegexAutomaton? {
        guard route.appLink == nil, route.operation == nil else { return nil }
        let source = route.pattern.express?.regex.source ?? ExpressSyntax.translated(Array(route.pattern.text.utf8)).source
        return RegexAutomaton(RegexExample(source), caseless: true)
    }
}
