extension RouteTable {
    /// Links for the route `declaration` names (one of `declarations`), each routed back through
    /// this table: up to `count` distinct links built from argument values the route's
    /// placeholders accept, the same for the same `seed`. A link the route does not take shows
    /// the route that shadows it. `host` is the host of links whose table names none
    /// (`example.com` by default). Empty when the table has no such route.
    public func exampleLinks(for declaration: RouteDeclaration, count: Int = 1, seed: UInt64 = 1,
                             host: String? = nil) -> [ExampleLink] {
        guard let route = routes.first(where: { RouteDeclaration($0) == declaration }) else { return [] }
        let maker = ExampleMaker(matcher: Matcher(tables: [self]), parser: LinkParser(readingFor: [self]),
                                 settings: ExampleMaker.Settings(perRoute: count, seed: seed, host: host))
        return maker.examples(for: route, in: self).map(ExampleLink.init)
    }
}
