/// A route that matched a link, with the arguments it took.
@_spi(Records) public struct Match: Sendable {
    /// The route.
    @_spi(Records) public let route: Route
    /// The arguments: placeholders in pattern order, then query parameters (`--merge-query`),
    /// then defaults, each name once.
    @_spi(Records) public let args: Arguments
    /// The WAAppRouting block handler that also takes the link, when `route` is a screen route:
    /// the library runs the block and presents the screen (WAAppRouter.m:48–78).
    @_spi(Records) public internal(set) var handler: Route?
    /// The path parameters of an OpenAPI operation whose values do not fit their schema: the
    /// operation takes the request, and its server would answer 400.
    @_spi(Records) public internal(set) var invalid: [InvalidParameter] = []

    /// A match of `route` with `args`.
    @_spi(Records) public init(route: Route, args: Arguments, handler: Route? = nil) {
        self.route = route
        self.args = args
        self.handler = handler
    }
}
