extension Matcher {
    /// The first screen route of `route`'s table whose target is `target` (a WAAppRouting class).
    @_spi(Records) public func route(sharingTableWith route: Route, target: String) -> Route? {
        guard let table = compiled.first(where: { $0.table.name == route.table }),
              let id = table.byTarget[target] else { return nil }
        return table.routes[id]
    }

    /// The dialect of the table that declared `route`.
    @_spi(Records) public func dialect(of route: Route) -> Dialect {
        compiled.first { $0.table.name == route.table }?.table.dialect ?? .urn
    }

    /// The delimiter of the table that declared `route`.
    @_spi(Records) public func delimiter(of route: Route) -> [UInt8] {
        compiled.first { $0.table.name == route.table }?.delimiter ?? [UInt8(ascii: ":")]
    }

    /// `route` applied to the first `count` components of `link`: its arguments, or nil when
    /// those components do not fit its pattern.
    @_spi(Records) public func apply(_ route: Route, to link: Link, prefix count: Int) throws(Regex.MatchError) -> Match? {
        beginCall()
        guard let table = compiled.first(where: { $0.table.name == route.table }),
              let partition = table.partitions.first(where: { $0.routes.contains { table.routes[$0] === route } })
        else { return nil }
        let dialect = table.dialect
        readComponents(link, mode: dialect.rules.argumentsFromRouteString ? CompiledTable.waapRoute(options) : partition.mode, delimiter: table.delimiter)
        components.truncate(to: count)
        guard try Alignment.align(route.pattern.segments, components, rules: table.rules, into: &alignment) else { return nil }
        return Match(route: route, args: try arguments(route, link, dialect: dialect, delimiter: table.delimiter))
    }
}
