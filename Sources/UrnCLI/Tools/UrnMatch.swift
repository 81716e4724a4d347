import ArgumentParser
@_spi(Records) import UrnCore

/// The `urnmatch` command (see its man page): options in, a stage over the records out.
package struct UrnMatch: UrnTool {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "urnmatch",
        abstract: "Route links through a route table, as JSON Lines (grep for links).",
        discussion: """
            Prints the records whose link a route matches, with 'route' added. Routes come from \
            -f FILE and -e ROUTE; with neither, the first operand is the route. See urnmatch(1) \
            and urn-patterns(7).
            """,
        version: UrnVersion.line(for: "urnmatch"))

    @OptionGroup var routing: RoutingOptions

    @OptionGroup var association: AssociationOptions

    @Flag(name: [.customShort("v"), .customLong("invert-match")], help: "Print the records that no route matched.")
    var invert = false

    /// What urnmatch prints instead of the matched records; at most one.
    enum Mode: EnumerableFlag {
        case all, count, stats, check, examples, infer, verify

        static func name(for value: Mode) -> NameSpecification {
            switch value {
            case .all: return [.customShort("a"), .customLong("all")]
            case .count: return [.customShort("c"), .customLong("count")]
            case .stats: return .customLong("stats")
            case .check: return .customLong("check")
            case .examples: return .customLong("examples")
            case .infer: return .customLong("infer")
            case .verify: return .customLong("verify")
            }
        }

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .all: return "Print every record; 'route' is null when nothing matched."
            case .count: return "Print only the number of records selected (of those -v selects, with -v)."
            case .stats: return "Print, instead of records, each route's hit count (table order) and then the unmatched count."
            case .check: return "Check the route tables only: syntax, duplicates, shadowed routes, overlaps at equal precedence."
            case .examples: return "Write an example link for every route of the tables, routed back (the record -a prints, with 'example')."
            case .infer: return "Read links and write the route table they imply (with -f, the routes those tables lack)."
            case .verify: return "Read example records as --examples wrote them and print those whose link no longer lands where it was made to (with 'expected'); 0 when all pass."
            }
        }
    }

    @Flag var mode: Mode?

    @Flag(help: "Make 'route' the list of every matching route, in precedence order.")
    var allMatches = false

    @Flag(help: "Add 'explain' to unmatched records: the nearest routes and why each failed.")
    var explain = false

    @Flag(help: "With --check, write each finding as a JSON line (table, line, column, severity, code, message, routes).")
    var json = false

    @Flag(help: "With --check, write the findings as one SARIF 2.1.0 log, for code-scanning tools.")
    var sarif = false

    @Option(help: ArgumentHelp("With --check, leave out the findings of this earlier --check --json output (matched by code, table and routes, not by line).", valueName: "file"),
            completion: .file())
    var baseline: String?

    @Option(name: .customLong("against"), help: ArgumentHelp("Compare with the routes of this table (OLD; repeatable): add 'before' and 'change' (same, target, pattern, args, lost, gained, error).", valueName: "file"),
            completion: .file())
    var againstFiles: [String] = []

    @Option(help: ArgumentHelp("With --against, what counts as the same answer: answer (pattern, target and arguments; the default), route (pattern and arguments), target (target and arguments), routed (whether any route takes the link) or opens (whether iOS, on the side of the apple-app-site-association file, and Android, on the side of the manifest, open the app).", valueName: "basis"))
    var compare: TableComparison.Basis?

    @Flag(help: "With --against, print only the records whose change is not 'same'.")
    var changed = false

    @Option(help: ArgumentHelp("With --examples, write up to this many distinct links a route.", valueName: "n"))
    var perRoute: Int?

    @Option(help: ArgumentHelp("With --examples, the seed of the values chosen (the same seed gives the same links).", valueName: "seed"))
    var seed: UInt64?

    @Flag(help: "With --examples, also write near misses: links that almost take each route.")
    var nearMisses = false

    @Option(help: ArgumentHelp("With --infer, the dialect of the table written: urn, express, navigator, waap, urlpattern or openapi (an OpenAPI 3.1 skeleton in YAML).", valueName: "dialect"))
    var inferDialect: InferredTableDialect?

    /// Which requests `--infer` reads, by the HTTP status their records carry.
    enum InferStatus: String, ExpressibleByArgument, CaseIterable {
        case ok, all
    }

    @Option(help: ArgumentHelp("With --infer, the requests read by their record's 'status': ok (1xx to 3xx, and records without one; those refused are counted) or all.", valueName: "ok|all"))
    var inferStatus: InferStatus?

    @Option(help: ArgumentHelp("Route every record as a request of this HTTP method (routes with a method column must take it).", valueName: "method"))
    var method: String?

    /// The record's own method, which wins over --method.
    @OptionGroup var methodField: MethodFieldOption

    @OptionGroup var common: CommonOptions

    package func validate() throws {
        if invert, let mode, mode != .count {
            throw ValidationError("-v goes with -c only, not with \(mode == .all ? "-a" : "--\(mode)")")
        }
        if json && mode != .check {
            throw ValidationError("--json goes with --check (records are JSON already)")
        }
        if mode != .check, sarif || baseline != nil {
            throw ValidationError("\(sarif ? "--sarif" : "--baseline") goes with --check")
        }
        if json && sarif { throw ValidationError("give --json or --sarif, not both") }
        if againstFiles.isEmpty, compare != nil || changed {
            throw ValidationError("\(compare != nil ? "--compare" : "--changed") goes with --against")
        }
        if !againstFiles.isEmpty {
            if mode == .examples, !common.files.isEmpty {
                throw ValidationError("--examples --against compares the two sides' example links: give no link files")
            }
            if invert || allMatches || mode == .all || mode == .check {
                throw ValidationError("--against prints every record, as -a does, and compares one answer a side: it goes with no \(invert ? "-v" : allMatches ? "--all-matches" : mode == .all ? "-a" : "--check")")
            }
        }
        if mode != .examples, perRoute != nil || seed != nil || nearMisses {
            throw ValidationError("\(perRoute != nil ? "--per-route" : seed != nil ? "--seed" : "--near-misses") goes with --examples")
        }
        if let perRoute, perRoute < 1 || perRoute > 1000 {
            throw ValidationError("--per-route takes 1 to 1000, not \(perRoute)")
        }
        if mode == .examples, againstFiles.isEmpty, invert || allMatches || explain {
            throw ValidationError("--examples writes every example routed as -a routes it: it goes with no \(invert ? "-v" : allMatches ? "--all-matches" : "--explain")")
        }
        if mode != .infer, inferDialect != nil || inferStatus != nil {
            throw ValidationError("\(inferDialect != nil ? "--infer-dialect" : "--infer-status") goes with --infer")
        }
        if mode == .verify, invert || allMatches || explain || !againstFiles.isEmpty {
            throw ValidationError("--verify prints the example records that fail: it goes with no \(invert ? "-v" : allMatches ? "--all-matches" : explain ? "--explain" : "--against")")
        }
        if mode == .infer {
            if invert || allMatches || explain || !againstFiles.isEmpty {
                throw ValidationError("--infer writes a table, not records: it goes with no \(invert ? "-v" : allMatches ? "--all-matches" : explain ? "--explain" : "--against")")
            }
        }
        if let method, HTTPMethod.column(method.uppercased().utf8)?.count != 1 {
            throw ValidationError("unknown --method '\(method)' (use GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS, ...)")
        }
    }

    package mutating func execute() throws -> ExitStatus {
        let diagnostics = Diagnostics(tool: "urnmatch", noMessages: common.noMessages)
        if mode == .infer { return infer(diagnostics: diagnostics) }
        var routeOperand: String?
        if !againstFiles.isEmpty, routing.expressions.isEmpty, routing.tableFiles.isEmpty {
            // the first operand would be read as the NEW route, and the links file blamed
            diagnostics.error("--against compares with the tables of -f or -e (NEW), and none is given: urnmatch -f NEW --against OLD [LINKS...]")
            return .failure
        }
        if routing.expressions.isEmpty && routing.tableFiles.isEmpty && association.sites.isEmpty && !common.files.isEmpty {
            routeOperand = common.files.removeFirst()
            if let operand = routeOperand, FileContents.isReadableFile(operand) {
                // grep's first operand is the pattern too, but a table file is the usual slip here
                diagnostics.error("the route '\(operand)' names a file: did you mean -f \(operand)? (-e '\(operand)' routes by that pattern)")
                return .failure
            }
        }
        var tableErrors: [TableError] = []
        let checkOutput: TableChecker.Output = sarif ? .sarif : json ? .json : .text
        var checkBaseline: CheckBaseline?
        if let baseline {
            do throws(CheckBaseline.Failure) { checkBaseline = try CheckBaseline(contentsOf: baseline) } catch {
                diagnostics.error(error.message)
                return .failure
            }
        }
        guard var associations = association.set(diagnostics: diagnostics) else { return .failure }
        var files: [String: (bytes: Int, package: String?)] = [:]
        guard let tables = routing.loadTables(extraRoute: routeOperand, sites: association.siteFiles, diagnostics: diagnostics,
                                              tableErrors: checkOutput != .text ? { tableErrors.append($0) } : nil,
                                              setAside: { path, bytes, host throws(TableError) in
                                                  if try AssociationOptions.take(path, bytes, host: host, into: &associations) { return true }
                                                  files[path] = (bytes.count, AssociationOptions.manifestPackage(bytes))
                                                  return false
                                              }) else {
            if checkOutput != .text { _ = TableChecker.writeErrors(tableErrors, output: checkOutput) }
            return .failure
        }
        // the association checks (and opens) are asked for when an association file or option is
        // given, not by a manifest or an apple-app-site-association file alone, read as tables
        let checksAssociations = association.isGiven || !associations.isEmpty
        AssociationOptions.add(tables, files: files, sites: association.siteFiles, to: &associations)
        if let unchecked = association.unchecked(in: associations) { diagnostics.warning(unchecked) }
        let parser = common.linkParser(routing.linkParser(for: tables))
        if mode != .check, tables.isEmpty, let file = associations.unroutedFile {
            diagnostics.error("\(file): an association file routes no link: check it with --check")
            return .failure
        }
        switch mode {
        case .check?:
            var checker = TableChecker(tables: tables, caseInsensitive: routing.ignoreCase, output: checkOutput, baseline: checkBaseline,
                                       examples: exampleMaker(routing.matcherForProcess(tables), parser, nearMisses: nearMisses),
                                       associations: checksAssociations ? associations : AssociationSet())
            return checker.run(diagnostics: diagnostics)
        case .examples? where againstFiles.isEmpty:
            return ExampleLister(maker: exampleMaker(routing.matcherForProcess(tables), parser, nearMisses: nearMisses))
                .run(diagnostics: diagnostics)
        case .verify?:
            var stage = VerifyStage(matcher: routing.matcherForProcess(tables), reader: LinkReader(parser: parser),
                                    readsRequestLines: RoutingOptions.haveMethods(tables), diagnostics: diagnostics)
            return RecordDriver(options: common, diagnostics: diagnostics).run(&stage)
        default:
            routing.warnOfTablesTakingAnyHost(tables, diagnostics: diagnostics)
            var old: TableComparison?
            if !againstFiles.isEmpty {
                guard let loaded = oldSide(parser: parser, files: &files, diagnostics: diagnostics) else { return .failure }
                old = loaded
            }
            if compare == .opens, let old {
                // the OLD side's manifest answers Android (or its apple-app-site-association iOS)
                AssociationOptions.add(old.matcher.tables, files: files, sites: [], to: &associations)
                guard let newIsIOS = Self.opensSides(new: tables, old: old.matcher.tables), LinkOpener(associations)?.answersIOS == true,
                      LinkOpener(associations)?.answersAndroid == true else {
                    diagnostics.error("--compare opens compares what iOS and Android do: give one platform's table on each side (an apple-app-site-association file, a manifest) and both platforms' association files (the entitlements, the hosts' files with --site, the application ID)")
                    return .failure
                }
                old.newIsIOS = newIsIOS
            }
            let opener = LinkOpener(associations)
            if opener == nil, checksAssociations {
                diagnostics.warning("no record gets opens: iOS needs the entitlements and a host's apple-app-site-association, Android a manifest, a host's assetlinks.json and the application ID")
            }
            let examples = mode == .examples ? old.map { exampleRecords(tables, parser: parser, against: $0) } : nil
            return route(tables, parser: parser, against: old, examples: examples, opener: opener, diagnostics: diagnostics)
        }
    }

    /// Routes the records of the files (or `examples`, records made in memory) through `tables`,
    /// and with `--against` through the OLD side's tables too.
    private func route(_ tables: [RouteTable], parser: LinkParser, against comparison: TableComparison?,
                       examples: [UInt8]?, opener: LinkOpener?, diagnostics: Diagnostics) -> ExitStatus {
        var stage = MatchStage(
            matcher: routing.matcherForProcess(tables),
            reader: LinkReader(parser: parser),
            // --explain alone explains the records that matched nothing: it selects them, as -v does
            selection: mode == .count ? .count : mode == .stats ? .stats
                : comparison != nil ? .every : invert || (explain && mode == nil) ? .unmatched
                : mode == .all ? .every : .matched,
            invert: invert, allMatches: allMatches, explain: explain,
            method: method?.uppercased(), methodField: examples != nil ? JSONPath(field: "method") : methodField.path,
            readsRequestLines: RoutingOptions.haveMethods(tables), comparison: comparison, opener: opener)
        return RecordDriver(options: common, diagnostics: diagnostics, records: examples.map { ("<examples>", $0) }).run(&stage)
    }

    /// Which side of `--compare opens` is iOS's: true when NEW has an apple-app-site-association
    /// table and OLD a manifest, false the other way round, nil when the sides are not so.
    private static func opensSides(new: [RouteTable], old: [RouteTable]) -> Bool? {
        func has(_ tables: [RouteTable], _ format: RouteFileFormat) -> Bool { tables.contains { $0.format == format } }
        if has(new, .aasa), has(old, .android) { return true }
        if has(new, .android), has(old, .aasa) { return false }
        return nil
    }

    /// The OLD side of `--against`: its tables loaded, with the reading of links they need; the
    /// size and manifest package of each file go to `files`.
    private func oldSide(parser newParser: LinkParser, files: inout [String: (bytes: Int, package: String?)],
                         diagnostics: Diagnostics) -> TableComparison? {
        var old = routing
        old.tableFiles = againstFiles
        old.expressions = []
        guard let oldTables = old.loadTables(diagnostics: diagnostics, setAside: { path, bytes, _ in
            files[path] = (bytes.count, AssociationOptions.manifestPackage(bytes))
            return false
        }) else { return nil }
        let oldParser = common.linkParser(old.linkParser(for: oldTables))
        return TableComparison(matcher: old.matcherForProcess(oldTables),
                               reader: oldParser == newParser ? nil : LinkReader(parser: oldParser),
                               basis: compare ?? .answer, changedOnly: changed, explain: explain)
    }

    /// The records `--examples --against` routes: both sides' example links and near misses,
    /// each once, one a line.
    private func exampleRecords(_ tables: [RouteTable], parser: LinkParser, against old: TableComparison) -> [UInt8] {
        var seen: Set<String> = []
        let records = ExampleLister(maker: exampleMaker(routing.matcherForProcess(tables), parser, nearMisses: true))
            .inputRecords(side: "new", seen: &seen)
            + ExampleLister(maker: exampleMaker(old.matcher, old.reader?.parser ?? parser, nearMisses: true))
            .inputRecords(side: "old", seen: &seen)
        return Array(records.map { $0 + "\n" }.joined().utf8)
    }

    /// The example maker over `matcher`'s tables (`--examples`, and `--check`'s proofs), reading
    /// links with `parser`.
    private func exampleMaker(_ matcher: Matcher, _ parser: LinkParser, nearMisses: Bool) -> ExampleMaker {
        let settings = ExampleMaker.Settings(perRoute: perRoute ?? 1, seed: seed ?? ExampleMaker.Settings.defaultSeed,
                                             nearMisses: nearMisses, host: routing.hosts.first.map { ExampleMaker.host(ofPattern: $0.text) })
        return ExampleMaker(matcher: matcher, parser: parser, settings: settings)
    }

    /// `--infer`: every operand is a file of links; tables (`-f`, `-e`), when given, take the
    /// links they route out of the inference.
    private mutating func infer(diagnostics: Diagnostics) -> ExitStatus {
        let hasTables = !routing.expressions.isEmpty || !routing.tableFiles.isEmpty
        var tables: [RouteTable] = []
        if hasTables {
            guard let loaded = routing.loadTables(diagnostics: diagnostics) else { return .failure }
            tables = loaded
        }
        var stage = InferStage(reader: LinkReader(parser: common.linkParser(routing.linkParser(for: tables))),
                               matcher: hasTables ? routing.matcherForProcess(tables) : nil,
                               dialect: inferDialect ?? .urn, keepsRefused: inferStatus == .all,
                               method: method?.uppercased(), methodField: methodField.path,
                               readsRequestLines: RoutingOptions.haveMethods(tables) || methodField.path != nil || method != nil)
        return RecordDriver(options: common, diagnostics: diagnostics).run(&stage)
    }
}
