@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as lines of links, inferred into a table in urn's, Express's, URLNavigator's
    /// and WAAppRouting's syntax and URLPattern's: nothing may crash, the table must load, it must route every
    /// line that was a link (the round trip `urnmatch --infer` promises), and outside urn's
    /// syntax `--check` must find no two routes that share a link undecided. The tree is folded
    /// at a small budget too, so that folding is exercised on short inputs.
    public static func routeInference(_ input: [UInt8]) {
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map { Array($0) }
        // OpenAPI's skeleton is read back by the golden cases (its YAML reader is UrnOpenAPI's)
        for dialect in [InferredTableDialect.urn, .express, .navigator, .waap, .urlpattern] {
            for budget in [RouteInference.initialNodeBudget, 8] {
                var inference = RouteInference(dialect: dialect, nodeBudget: budget)
                var links: [String] = []
                for line in lines {
                    let text = String(decoding: line, as: UTF8.self)
                    guard String(decoding: Array(text.utf8), as: UTF8.self) == text, (try? inference.add(text)) != nil else { continue }
                    links.append(text)
                }
                let text = inference.table().text()
                let table: RouteTable
                do {
                    table = try RouteTable(parsing: text, name: "inferred", dialect: dialect.tableDialect)
                } catch {
                    fatalError("the inferred \(dialect) table does not load: \(error)\n\(text)")
                }
                // where the library ranks no tie (or, in Express, takes the first route), no two
                // routes share a link undecided
                let pairs: Set<TableCheck.Finding.Kind> = [.duplicate, .shadowed, .overlap, .replaced]
                if dialect != .urn, let finding = TableCheck.findings([table]).first(where: { pairs.contains($0.kind) }) {
                    fatalError("the inferred \(dialect) table fails --check: \(finding.description)\n\(text)")
                }
                let router = Router(tables: [table])
                for link in links {
                    // a link the dialect's library cannot read throws: only an unrouted one fails
                    let routed: RouteMatch?
                    do { routed = try router.route(link) } catch { continue }
                    if routed == nil {
                        // WAAppRouting routes by host and path, and cannot write every literal:
                        // a link with neither, or with a component it cannot write, has no route
                        // (the table says so in a comment)
                        if dialect == .waap, let parsed = try? LinkParser().parse(Array(link.utf8)) {
                            let components = (try? inference.components(of: parsed).components) ?? []
                            if components.isEmpty || components.contains(where: { !InferredTable.waapWritable(Array($0)) }) { continue }
                        }
                        fatalError("the inferred \(dialect) table does not route \(link)\n\(text)")
                    }
                }
            }
        }
    }
}
