/// A route that matched a link, with the arguments it took. It refers to its routes without
/// retaining them: the tables of the matcher that made it hold them, and a match is used while
/// that matcher lives. A retain and a release of a shared route for every link made `--jobs`
/// workers bounce the route's cache line between cores.
@_spi(Records) public struct Match: Sendable {
    /// The route, unretained.
    @usableFromInline let routeReference: Unmanaged<Route>
    /// The WAAppRouting block handler's route, unretained.
    var handlerReference: Unmanaged<Route>?
    /// The arguments: placeholders in pattern order, then query parameters (`--merge-query`),
    /// then defaults, each name once.
    @_spi(Records) public let args: Arguments

    /// The route.
    @_spi(Records) public var route: Route { routeReference.takeUnretainedValue() }

    /// The WAAppRouting block handler that also takes the link, when `route` is a screen route:
    /// the library runs the block and presents the screen (WAAppRouter.m:48–78).
    @_spi(Records) public var handler: Route? { handlerReference?.takeUnretainedValue() }

    /// The path parameters of an OpenAPI operation whose values do not fit their schema: the
    /// operation takes the request, and its server would answer 400.
    @_spi(Records) public internal(set) var invalid: [InvalidParameter] = []

    /// A match of `route` with `args`: `route` (and `handler`) must live as long as the match,
    /// as the routes of the matcher's tables do.
    @_spi(Records) public init(route: Route, args: Arguments, handler: Route? = nil) {
        routeReference = .passUnretained(route)
        self.args = args
        handlerReference = handler.map { .passUnretained($0) }
    }

    /// A match of the route `routeReference`, which the matcher's tables hold, with `args`.
    init(routeReference: Unmanaged<Route>, args: Arguments) {
        self.routeReference = routeReference
        self.args = args
        handlerReference = nil
    }

    /// Calls `body` with the route, counting no reference (the hot path's way to read it).
    @inlinable @inline(__always)
    @_spi(Records) public func withRoute<Result>(_ body: (Route) -> Result) -> Result {
        routeReference._withUnsafeGuaranteedRef(body)
    }
}

extension Unmanaged {
    /// Calls `body` with the instance, counting no reference (`_withUnsafeGuaranteedRef`), for
    /// a body that throws a typed error.
    @inline(__always)
    func withGuaranteed<Result, Failure: Error>(_ body: (Instance) throws(Failure) -> Result) throws(Failure) -> Result {
        let result = _withUnsafeGuaranteedRef { instance in Swift.Result { () throws(Failure) -> Result in try body(instance) } }
        return try result.get()
    }
}
