import ArgumentParser
@_spi(Records) import UrnCore

/// The `urnstack` command (see its man page): options in, a stage over the records out.
package struct UrnStack: UrnTool {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "urnstack",
        abstract: "Add the navigation stack each link opens, as JSON Lines.",
        discussion: """
            Adds 'stack', the frames from the root screen to the route that takes the link, from \
            WAAppRouting registration chains or, in other tables, from the prefixes of the link. \
            See urnstack(1).
            """,
        version: UrnVersion.line(for: "urnstack"))

    @OptionGroup var routing: RoutingOptions

    @Flag(help: "Write one record per frame, with 'frame' (and its 'depth' and 'of'), instead of one per link.")
    var frames = false

    @Option(help: ArgumentHelp("Add 'transition': how to go from the stack of this link to each record's stack.", valueName: "link"))
    var from: String?

    @Option(help: ArgumentHelp("Like --from, with the current link read from this field of each record (a dotted path).", valueName: "path"))
    var fromField: String?

    @OptionGroup var common: CommonOptions

    package func validate() throws {
        if from != nil && fromField != nil { throw ValidationError("give --from or --from-field, not both") }
        if let fromField, JSONPath(fromField) == nil { throw ValidationError("invalid --from-field path '\(fromField)'") }
    }

    package mutating func execute() throws -> ExitStatus {
        let diagnostics = Diagnostics(tool: "urnstack", noMessages: common.noMessages)
        guard let tables = routing.loadTables(diagnostics: diagnostics) else { return .failure }
        routing.warnOfTablesTakingAnyHost(tables, diagnostics: diagnostics)
        let matcher = routing.matcherForProcess(tables)
        var stage = StackStage(builder: StackBuilder(matcher: matcher),
                               reader: LinkReader(parser: common.linkParser(routing.linkParser(for: tables))),
                               frames: frames, fromField: fromField.flatMap(JSONPath.init),
                               readsRequestLines: RoutingOptions.haveMethods(tables))
        if let from {
            do {
                stage.fixedFrom = try stage.stack(ofLink: Array(from.utf8))
            } catch {
                diagnostics.error("--from: \((error as? any CodedError)?.message ?? "\(error)")")
                return .failure
            }
        }
        return RecordDriver(options: common, diagnostics: diagnostics).run(&stage)
    }
}
