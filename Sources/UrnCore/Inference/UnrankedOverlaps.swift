/// Makes an inferred table safe for a library that cannot rank two routes sharing a link.
/// WAAppRouting keeps its routes in a dictionary and URLNavigator breaks a tie of literal counts
/// by a dictionary's order, so in such a table a link two routes take at equal precedence goes
/// to either, from launch to launch (`urnmatch --check` says `overlap`); OpenAPI leaves two paths
/// with as many template expressions to the tool. Those routes become one: the most specific
/// route that takes the links of both, which keeps every link routed.
enum UnrankedOverlaps {
    /// How a dialect ranks two routes that take the same link.
    enum Ranking {
        /// Not at all: any two routes that share a link tie (WAAppRouting).
        case none
        /// By their numbers of literal components (URLNavigator).
        case literalCount
        /// By their numbers of template expressions, which for two paths that share a link (as
        /// long, no catch-all) is their numbers of literal components; the template alone picks
        /// the path (an expression takes any text, empty too), and a parameter's type is checked
        /// after, so types keep no paths apart (OpenAPI).
        case templateExpressions
    }

    /// `routes` (at most a final catch-all each) with every two that share a link and tie under
    /// `ranking` made one, until none do, most specific first.
    static func merged(_ routes: [InferredRoute], ranking: Ranking) -> [InferredRoute] {
        var kept: [InferredRoute?] = routes
        // the routes each kept one was made of
        var members = routes.map { [$0.segments] }
        // a route without a catch-all shares links only with routes of as many components and
        // with catch-alls: the routes by component count, and those with a catch-all
        var byCount: [Int: [Int]] = [:]
        var open: [Int] = []
        func file(_ index: Int) {
            if kept[index]!.segments.last == .glob { open.append(index) } else { byCount[kept[index]!.segments.count, default: []].append(index) }
        }
        kept.indices.forEach(file)
        var pending = Array(kept.indices.reversed())
        while let index = pending.popLast() {
            guard var route = kept[index] else { continue }
            var grew = false
            // in a fixed order (not a dictionary's, which changes from run to run): which routes
            // join first decides what the others are compared with
            let candidates = route.segments.last == .glob
                ? byCount.keys.filter { $0 >= route.segments.count }.sorted().flatMap { byCount[$0]! } + open
                : (byCount[route.segments.count] ?? []) + open
            for other in candidates where other != index {
                guard let them = kept[other], tie(route, them, ranking),
                      intersect(route.segments, them.segments, byTemplate: ranking == .templateExpressions) else { continue }
                route = joined(route, them)
                members[index] += members[other]
                kept[other] = nil
                grew = true
            }
            kept[index] = route
            // a route that grew may now share links with one it passed before, and may have
            // taken a catch-all (an index filed twice is looked at twice, harmlessly)
            if grew {
                file(index)
                pending.append(index)
            }
        }
        let result = kept.indices.compactMap { index in kept[index].map { ($0, members[index]) } }
        return (ranking == .templateExpressions ? Self.takingTheirLinks(result) : result.map(\.0)).sorted { $0.precedes($1) }
    }

    /// `routes` (each with the routes it was made of) where a path picked by its template alone
    /// does not refuse by a type the links it takes from a merged route: a route with more
    /// literals than a merged one takes the links of its members that its template takes,
    /// which the merge gave fewer literals, and its placeholders take any text where such a
    /// member has text of another type there (OpenAPI checks a parameter's type after it picked
    /// the path, and would refuse the link).
    private static func takingTheirLinks(_ routes: [(InferredRoute, [[InferredRoute.Segment]])]) -> [InferredRoute] {
        routes.map { route, _ in
            var route = route
            for (other, members) in routes where members.count > 1 && other.literalCount < route.literalCount {
                for member in members where intersect(route.segments, member, byTemplate: true) {
                    for (i, (mine, theirs)) in zip(route.segments, member).enumerated() {
                        guard case let .placeholder(type?) = mine else { continue }
                        let sameType = switch theirs {
                        case let .literal(text): InferredType.of(text) == type
                        case let .placeholder(their): their == type
                        case .glob, .stemmed: false
                        }
                        if !sameType { route.segments[i] = .placeholder(nil) }
                    }
                }
            }
            return route
        }
    }

    private static func tie(_ a: InferredRoute, _ b: InferredRoute, _ ranking: Ranking) -> Bool {
        switch ranking {
        case .none: return true
        case .literalCount, .templateExpressions: return a.literalCount == b.literalCount
        }
    }

    /// Whether some link has components both lists take (a catch-all only last: one or more),
    /// read as a router that checks types while matching reads them, or `byTemplate`.
    static func intersect(_ a: [InferredRoute.Segment], _ b: [InferredRoute.Segment], byTemplate: Bool) -> Bool {
        // an expression takes an empty text too, but its operation refuses it: a route with an
        // empty component (a trailing slash) is kept as it is, since one made of it and another
        // would have fewer literals, and a path beside it could take its links and refuse them
        if byTemplate, a.contains(.literal([])) || b.contains(.literal([])) { return false }
        let fixedA = a.last == .glob ? a.count - 1 : a.count, fixedB = b.last == .glob ? b.count - 1 : b.count
        switch (a.last == .glob, b.last == .glob) {
        case (false, false): guard a.count == b.count else { return false }
        case (true, false): guard b.count > fixedA else { return false }
        case (false, true): guard a.count > fixedB else { return false }
        case (true, true): break
        }
        return zip(a[..<fixedA], b[..<fixedB]).allSatisfy { intersect($0, $1, byTemplate: byTemplate) }
    }

    /// Whether one component can be taken by both: the same literal, a literal a placeholder
    /// takes, or two placeholders (of any types but an int and a UUID, which no text is both:
    /// `urnmatch --check` reads the other types as regexes, which it does not compare). Read
    /// `byTemplate`, a placeholder takes any text, empty too.
    private static func intersect(_ a: InferredRoute.Segment, _ b: InferredRoute.Segment, byTemplate: Bool) -> Bool {
        if byTemplate {
            switch (a, b) {
            case (.placeholder, .literal), (.literal, .placeholder), (.placeholder, .placeholder): return true
            default: break
            }
        }
        switch (a, b) {
        case let (.literal(x), .literal(y)): return x == y
        case let (.literal(text), .placeholder(type)), let (.placeholder(type), .literal(text)):
            return !text.isEmpty && (type == nil || InferredType.of(text) == type)
        case let (.placeholder(x?), .placeholder(y?)): return !([x, y] == [.int, .uuid] || [x, y] == [.uuid, .int])
        default: return true
        }
    }

    /// The most specific route that takes the links of `a` and of `b`, with the links, examples
    /// and methods of both: the same components where they agree, placeholders where they do
    /// not, a final catch-all after the shorter fixed part where either has one.
    private static func joined(_ a: InferredRoute, _ b: InferredRoute) -> InferredRoute {
        let open = a.segments.last == .glob || b.segments.last == .glob
        let fixedA = a.segments.last == .glob ? a.segments.count - 1 : a.segments.count
        let fixedB = b.segments.last == .glob ? b.segments.count - 1 : b.segments.count
        var segments = zip(a.segments[..<fixedA], b.segments[..<fixedB]).map(general)
        if open { segments.append(.glob) }
        var route = a.count >= b.count ? a : b
        route.addLinks(of: a.count >= b.count ? b : a)
        route.segments = segments
        // the lengths a final catch-all took are no longer known once its start moved
        route.globLengths = []
        route.globShares = []
        return route
    }

    /// One component that takes what `a` and `b` take.
    private static func general(_ a: InferredRoute.Segment, _ b: InferredRoute.Segment) -> InferredRoute.Segment {
        switch (a, b) {
        case _ where a == b: return a
        case let (.literal(text), .placeholder(type?)), let (.placeholder(type?), .literal(text)):
            return .placeholder(InferredType.of(text) == type ? type : nil)
        default: return .placeholder(nil)
        }
    }
}
