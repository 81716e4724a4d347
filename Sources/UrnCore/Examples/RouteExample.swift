/// An example link made for a route (urnmatch --examples): the link, the request method it is
/// sent with, and where urn routes it. A route no link could be made for has an example with no
/// link, which says why.
@_spi(Records) public struct RouteExample {
    /// What the example is for.
    @_spi(Records) public enum Kind: Equatable, Sendable {
        /// A link the route should take.
        case hit
        /// A link that almost takes the route, changed in one way.
        case nearMiss(NearMiss)
    }

    /// How a near miss differs from a link the route takes.
    @_spi(Records) public enum NearMiss: String, Sendable, CaseIterable {
        /// The last segment left out.
        case segmentMissing = "segment-missing"
        /// One segment more at the end.
        case segmentExtra = "segment-extra"
        /// A typed or regex placeholder given a value of another type.
        case wrongType = "wrong-type"
        /// A trailing `/` added or taken away.
        case trailingSlash = "trailing-slash"
        /// A literal in another case.
        case changedCase = "case"
        /// A request method the route does not take.
        case method
        /// Another host, for a table that names its hosts.
        case host
    }

    /// The route the example was made for.
    @_spi(Records) public let route: Route
    /// The link, or nil when none could be made (`none` says why).
    @_spi(Records) public let link: String?
    /// The request method, for routes of a table with methods.
    @_spi(Records) public let method: String?
    /// A hit or a near miss.
    @_spi(Records) public let kind: Kind
    /// Why no link could be made.
    @_spi(Records) public let none: String?
    /// The argument values the link was built from, by placeholder name, in pattern order.
    @_spi(Records) public let values: [(name: String, value: String)]
    /// The route that takes the link (what `urnmatch -a` gives), if any.
    @_spi(Records) public let winner: Route?

    /// Whether the route it was made for takes the link (an exclusion of an
    /// apple-app-site-association file, which opens no app: whether no route takes it).
    @_spi(Records) public var landed: Bool {
        guard link != nil else { return false }
        return winner === route || (route.isExclusion && winner == nil)
    }
}

extension Route {
    /// Whether this is an exclusion (`NOT`, `exclude`) of an apple-app-site-association file:
    /// a link it matches opens no app.
    var isExclusion: Bool {
        if case let .universalLink(rule)? = appLink { return rule.exclude }
        return false
    }
}
