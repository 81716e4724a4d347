import ArgumentParser
@_spi(Records) import UrnCore

/// The `urnfmt` command (see its man page): options in, a stage over the records out.
package struct UrnFmt: UrnTool {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "urnfmt",
        abstract: "Render records as text or tables, build links from route arguments, edit links.",
        discussion: """
            urnfmt TEMPLATE renders each record ('{route.args.userId}', '{host}', '{query:KEY}'); \
            --link builds links back from arguments; --tsv and --csv write tables; --normalize, \
            --set, --append, --qtrim, --sort-query and --redirect edit links as trurl does. \
            See urnfmt(1).
            """,
        version: UrnVersion.line(for: "urnfmt"))

    @Argument(help: ArgumentHelp("The template, e.g. '{route.target}\\t{route.args.userId}'.", valueName: "template"))
    var template: String?

    @Option(help: ArgumentHelp("Build a link from this pattern and each record's arguments (reverse routing).", valueName: "pattern"))
    var link: String?

    @Option(help: ArgumentHelp("The pattern syntax of --link.", valueName: "dialect"))
    var dialect: Dialect = .urn

    @Option(help: ArgumentHelp("A value for --link when the record has none (repeatable).", valueName: "key=value"),
            transform: KeyValue.parser(form: "key=value"))
    var arg: [KeyValue] = []

    @Flag(help: "Print each link normalized (RFC 3986 §6.2.2-6.2.3), after any edits.")
    var normalize = false

    @Option(help: ArgumentHelp("Write a TSV table of these comma-separated paths or shorthands.", valueName: "fields"))
    var tsv: String?

    @Option(help: ArgumentHelp("Write a CSV table (RFC 4180) of these comma-separated paths or shorthands.", valueName: "fields"))
    var csv: String?

    @Flag(help: "Leave out the header line of --tsv and --csv.")
    var noHeader = false

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a component (COMP:=VALUE: already encoded; COMP=: clear it). Repeatable.", valueName: "comp=value"))
    var sets: [String] = []

    @Option(name: .customLong("append"), help: ArgumentHelp("Append a path segment or a query parameter. Repeatable.", valueName: "path=seg|query=k=v"))
    var appends: [String] = []

    @Option(help: ArgumentHelp("Remove query parameters named NAME (NAME* for a prefix). Repeatable.", valueName: "name"))
    var qtrim: [String] = []

    @Flag(help: "Sort the query parameters by name.")
    var sortQuery = false

    @Option(help: ArgumentHelp("Resolve this reference against the link (RFC 3986 §5.2). Repeatable.", valueName: "ref"))
    var redirect: [String] = []

    @Flag(help: "Write records: the new link replaces 'link' and its parts are refreshed, so the pipeline goes on.")
    var json = false

    /// What text output does with a line that could not be processed.
    enum ErrorOutput: String, ExpressibleByArgument, CaseIterable {
        case skip, row
    }

    @Option(help: ArgumentHelp("What text and table output does with an error record: skip it (the diagnostic and exit status 2 still tell), or write it as a JSON line in its place.", valueName: "skip|row"))
    var errors: ErrorOutput = .skip

    /// The form of hosts in {host}, {url}, the domain fields and printed links.
    @OptionGroup var hosts: HostFormOptions

    @Option(help: ArgumentHelp("Read 'S://name' as the Compass name 'name' when parsing links on the fly.", valueName: "scheme"))
    var scheme: String?

    @Option(help: ArgumentHelp("The delimiter of Compass names and patterns (default ':').", valueName: "string"))
    var delimiter: String = ":"

    @OptionGroup var common: CommonOptions

    /// Whether the link is edited (or only normalized) rather than rendered or built.
    private var isEditing: Bool {
        normalize || !sets.isEmpty || !appends.isEmpty || !qtrim.isEmpty || sortQuery || !redirect.isEmpty
    }

    private var editor: LinkEditor {
        get throws {
            var editor = LinkEditor()
            for argument in sets { try editor.set(argument) }
            for argument in appends { try editor.append(argument) }
            editor.trims = qtrim
            editor.sortQuery = sortQuery
            editor.redirects = redirect
            return editor
        }
    }

    package func validate() throws {
        let editing = isEditing
        let modes = [link != nil, tsv != nil, csv != nil, editing].filter { $0 }.count
        guard modes <= 1 else { throw ValidationError("choose one of TEMPLATE, --link, --tsv, --csv and editing (--normalize, --set, ...)") }
        if modes == 0 && template == nil { throw ValidationError("give a TEMPLATE, --link, --tsv, --csv or an edit") }
        if json && !(link != nil || editing) { throw ValidationError("--json goes with --link, --normalize and the edits") }
        if noHeader && tsv == nil && csv == nil { throw ValidationError("--no-header goes with --tsv and --csv") }
        guard !delimiter.isEmpty else { throw ValidationError("--delimiter must not be empty") }
        if hosts.iri && !normalize { throw ValidationError("--iri goes with --normalize") }
        if dialect != .urn && link == nil { throw ValidationError("--dialect goes with --link") }
        do { _ = try editor } catch let error as LinkEditor.EditError { throw ValidationError(error.message) }
    }

    package mutating func execute() throws -> ExitStatus {
        let diagnostics = Diagnostics(tool: "urnfmt", noMessages: common.noMessages)
        let editing = isEditing
        if let template, link != nil || tsv != nil || csv != nil || editing {
            common.files.insert(template, at: 0)  // no template in these modes: it was the first file
        }
        let mode: FormatStage.Mode
        do {
            if let link {
                mode = .link(try LinkBuilder(link, parser: PatternParser(delimiter: delimiter, dialect: dialect)))
            } else if let fields = tsv ?? csv {
                mode = .table(tsv != nil ? .tsv : .csv, try FormatStage.columns(fields), header: !noHeader)
            } else if editing {
                mode = .edit(try editor, normalize: normalize ? hosts.normalizedForm : nil)
            } else {
                mode = .template(try Template(template!))
            }
        } catch let error as TemplateError {
            diagnostics.error("template:\(error.column): \(error.reason)")
            return .failure
        } catch let error as PatternError {
            diagnostics.error("--link:\(error.position + 1): \(error.reason)")
            return .failure
        }
        var stage = FormatStage(mode: mode, json: json, errorRows: errors == .row, hostForm: hosts.hostForm, extraArgs: arg.map { ($0.key, $0.value) },
                                reader: LinkReader(parser: common.linkParser(LinkParser(compassScheme: scheme, delimiter: delimiter, leniency: .queryAndFragment))),
                                fields: LinkSchema(delimiter: delimiter), diagnostics: diagnostics)
        return RecordDriver(options: common, diagnostics: diagnostics).run(&stage)
    }
}
