/// Gives a link seen once to the catch-all that takes it: a route of one link whose values a
/// final catch-all (`/rails/lookbook/pages/<*page>`) also takes is no route of its own. Its
/// last component was seen once, in that link, so it says nothing about a literal: a
/// four-deep page among pages of one to three is one more page, not `…/{page3}/raw`.
enum StrayLinks {
    /// A catch-all takes strays only when it has at least this many links of its own: the
    /// links that made it one.
    static let minimumCatchAllLinks = 3

    /// `routes` with each route of one link that a route with a final catch-all takes given
    /// to that route (the one of most links, when several take it), where the route's last
    /// component is a literal in `lone`: one that had no other text beside it, and so is a
    /// literal by default, not by evidence. A stray whose last text was decided against others
    /// stays (`/admin/users/{user}/{user2}/new` beside `…/{user2}/<int:user3>/edit`).
    static func absorb(_ routes: [InferredRoute], lone: Set<[InferredRoute.Segment]>) -> [InferredRoute] {
        var result = routes
        let catchAlls = routes.indices.filter { isCatchAll(routes[$0]) }
        guard !catchAlls.isEmpty else { return routes }
        var absorbed: Set<Int> = []
        for index in routes.indices where routes[index].count == 1 && lone.contains(routes[index].segments) {
            let stray = routes[index]
            let takers = catchAlls.filter { takes(routes[$0], stray) }
            guard let taker = takers.max(by: { routes[$0].count < routes[$1].count }) else { continue }
            let taken = stray.segments.count - (routes[taker].segments.count - 1)
            result[taker].addLinks(of: stray)
            if let lengths = result[taker].globLengths.last {
                result[taker].globLengths[result[taker].globLengths.count - 1] =
                    min(lengths.lowerBound, taken)...max(lengths.upperBound, taken)
            }
            result[taker].globShares.add(InferredRoute.GlobShare(lengths: [taken], count: stray.count, examples: stray.examples,
                                                                 methods: stray.methods))
            absorbed.insert(index)
        }
        return result.indices.filter { !absorbed.contains($0) }.map { result[$0] }
    }

    /// Whether `route` ends with its one catch-all after a literal, with links enough.
    private static func isCatchAll(_ route: InferredRoute) -> Bool {
        guard route.count >= minimumCatchAllLinks, route.segments.last == .glob,
              route.segments.filter({ $0 == .glob }).count == 1 else { return false }
        return route.segments.contains(where: \.isLiteral)
    }

    /// Whether the catch-all route `catchAll` takes every link `stray` takes, as values: the
    /// components before the catch-all take the stray's, and those left for it are values
    /// (placeholders) but the last, which is not empty. A literal among them was decided a literal beside other
    /// links (`/admin/users/{user}/new` is no stray of `/admin/<*admin>`).
    private static func takes(_ catchAll: InferredRoute, _ stray: InferredRoute) -> Bool {
        let fixed = catchAll.segments.dropLast()
        guard stray.segments.count > fixed.count,
              stray.segments[fixed.count..<(stray.segments.count - 1)].allSatisfy({ !$0.isLiteral }),
              stray.segments.last != .literal([])
        else { return false }
        return zip(fixed, stray.segments).allSatisfy { mine, theirs in
            switch (mine, theirs) {
            // a placeholder takes one character or more
            case (.placeholder, .literal([])): return false
            case (.placeholder(nil), _): return true
            case let (.placeholder(type?), .literal(bytes)): return InferredType.of(bytes) == type
            default: return mine == theirs
            }
        }
    }
}
