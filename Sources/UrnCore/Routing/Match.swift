/// A route that matched a link, with the arguments it took.
package struct Match: Sendable {
    /// The route.
    package let route: Route
    /// The arguments: placeholders in pattern order, then query parameters (`--merge-query`),
    /// then defaults, each name once.
    package let args: Arguments
    /// The WAAppRouting block handler that also takes the link, when `route` is a screen route:
    /// the library runs the block and presents the screen (WAAppRouter.m:48–78).
    package internal(set) var handler: Route?

    /// A match of `route` with `args`.
    package init(route: Route, args: Arguments, handler: Route? = nil) {
        self.route = route
        self.args = args
        self.handler = handler
    }
}
