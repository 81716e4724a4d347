/// A link a route took: the route and the arguments it gives the screen (urnmatch's `route`).
public struct RouteMatch: Sendable, Equatable {
    /// The route that won.
    public let route: RouteDeclaration
    /// The arguments, typed and (outside the navigator dialect) percent-decoded.
    public let arguments: [RouteArgument]
    /// For a WAAppRouting route that registers no screen of its own, the route whose handler takes
    /// the link.
    public let handler: RouteDeclaration?

    package init(_ match: Match) {
        route = RouteDeclaration(match.route)
        arguments = [RouteArgument](match.args)
        handler = match.handler.map(RouteDeclaration.init)
    }
}

/// A route that did not take a link, and the first reason why (urnmatch `--explain`).
public struct RouteExplanation: Sendable, Equatable {
    /// The route.
    public let route: RouteDeclaration
    /// Why it failed: the segment count, the literal at a segment, a placeholder's type or regex.
    public let reason: String
}

/// One screen of the navigation stack a link opens (urnstack's `stack`).
public struct StackFrame: Sendable, Equatable {
    /// The route that shows the screen.
    public let route: RouteDeclaration
    /// The frame's own link: the link cut after what its pattern takes.
    public let link: String
    /// Its arguments.
    public let arguments: [RouteArgument]
    /// Whether the screen is presented modally.
    public var modal: Bool { route.modal }
}
