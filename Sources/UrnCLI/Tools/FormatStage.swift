@_spi(Records) import UrnCore
import UrnDomains

/// urnfmt's work on one record: render a template or a table row, or make a new link (built,
/// edited or normalized) to print or to put back into the record.
struct FormatStage: RecordStage {
    /// Indirect, so that a record's `switch` over it retains a box instead of copying each payload.
    indirect enum Mode {
        case template(Template)
        case table(TableFormat, [(name: String, template: Template)], header: Bool)
        case link(LinkBuilder)
        /// An edit, and the form of the normalized link (nil: not normalized).
        case edit(LinkEditor, normalize: LinkNormalizer.Form?)
    }

    enum Result {
        /// A template's or a table's line, in `storage.line`.
        case rendered
        case text([UInt8])
        /// A new link for `--json`, parsed into `storage.newLink` (kept out of the result, which
        /// every record copies: a link is 160 bytes).
        case link([UInt8])
    }

    /// What the stage writes from record to record, kept in one object so that `prepare` need
    /// not mutate the stage (a mutating `prepare` retained the template and the reader, or
    /// copied the whole stage, for each record), and written through without copy-on-write
    /// checks (one stage writes it): the line a template or table renders to, a table's cell,
    /// the renderer with its parsed link, the link an edit reads, the new link of
    /// the record being written with `--json`, and the record paths `--link` reads each
    /// placeholder from with the slot of the first (`linkArguments(of:)`), made on first use.
    final class Storage {
        @exclusivity(unchecked) var line = ByteBuffer(capacity: 256)
        @exclusivity(unchecked) var cell = ByteBuffer(capacity: 64)
        @exclusivity(unchecked) var renderer = TemplateRenderer(record: RecordView(text: UnsafeBufferPointer(start: nil, count: 0), isJSON: false),
                                                                domains: SystemDomains())
        var editedLink = Link()
        var newLink: Link?
        /// Each `--link` placeholder's name, record paths and first watched slot, made on first
        /// use; a pattern has few placeholders, searched faster in a list than hashed.
        var linkArguments: [(name: String, firstSlot: Int, paths: [JSONPath])]?
        /// The template's record paths that no record has had yet, with their watched slots and
        /// whether a record lacked one where nothing along it was null: checked only until each
        /// has been seen once, then reported at the end.
        var unseenPaths: [(slot: Int, path: JSONPath, lacked: Bool)] = []
        /// Whether any record was rendered (no warning about paths for empty input).
        var rendered = false
    }

    let mode: Mode
    let json: Bool
    /// `--errors=row`: text output keeps an error record as a line where its record was.
    let errorRows: Bool
    /// `--punycode` or `--as-idn`: the form of hosts in templates and in the links printed.
    let hostForm: HostForm
    let extraArgs: [(String, String)]
    let reader: LinkReader
    var fields: LinkSchema
    /// This stage's own (`copyForThread`).
    private(set) var storage = Storage()
    /// Where the warning about record paths no record had goes.
    let diagnostics: Diagnostics

    var fieldNames: [String] { json ? ["link"] + LinkSchema.fieldNames : [] }
    var writesJSON: Bool { json }
    /// Records go on down a pipeline with their errors; text and tables leave them out (the
    /// diagnostic and the exit status tell), unless `--errors=row`.
    var writesErrorRecords: Bool { json || errorRows }

    /// The paths a template or a table reads in every record, column after column (the
    /// slots `prepare` renders each column from), or those of `--link`'s placeholders;
    /// editing watches none.
    var watchedPaths: [JSONPath] {
        switch mode {
        case let .template(template): return template.paths
        case let .table(_, columns, _): return columns.flatMap(\.template.paths)
        case let .link(builder): return Self.linkArguments(of: builder).flatMap(\.paths)
        case .edit: return []
        }
    }

    /// The record paths of each placeholder of `builder`, `route.args.NAME` then `NAME`, in
    /// the order they are watched.
    private static func linkArguments(of builder: LinkBuilder) -> [(name: String, paths: [JSONPath])] {
        builder.names.map { name in (name, ["route.args." + name, name].compactMap { JSONPath($0) }) }
    }

    var requiresLink: Bool {
        switch mode {
        case let .template(template): return template.needsLink
        case let .table(_, columns, _): return columns.contains { $0.template.needsLink }
        case .link: return false
        case .edit: return true
        }
    }

    /// The columns of `--tsv`/`--csv`: comma-separated expressions such as `route.target,host`.
    static func columns(_ text: String) throws(TemplateError) -> [(name: String, template: Template)] {
        var columns: [(name: String, template: Template)] = []
        var column = 1
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            columns.append((String(name), Template(try Template.expression(ArraySlice(name.utf8), column: column))))
            column += name.utf8.count + 1
        }
        return columns
    }

    mutating func start(into writer: RecordWriter) throws(WriteFailure) {
        storage.unseenPaths = templatePaths
        guard case let .table(format, columns, header) = mode, header else { return }
        var row = ByteBuffer(capacity: 256)
        for (i, column) in columns.enumerated() {
            if i > 0 { row.append(format.separator) }
            Array(column.name.utf8).withUnsafeBufferPointer { format.append($0, to: &row) }
        }
        if format == .csv { row.append(0x0D) }
        writer.json.append(row.unsafeView(0..<row.count))
        try writer.endText()
    }

    func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        let view = record
        if case .link = mode {} else {
            // --strict-nsurl judges the link as written, whether or not this mode parses it
            try reader.parser.checkLegacyNSURL(link)
        }
        switch mode {
        case .template, .table:
            return try render(link: link, record: record)
        case let .link(builder):
            let built = try builder.build { name in argument(name, view, builder) }
            return try result(built)
        case let .edit(editor, normalize):
            // Parsed first, so that a link RFC 3986 refuses is an error, or repaired under --lenient.
            try reader.read(link, of: record, into: &storage.editedLink)
            var text = try editor.edit(storage.editedLink.text)
            if let form = normalize { text = LinkNormalizer.normalized(try reader.parser.parse(text), form: form) }
            return try result(text)
        }
    }

    /// Renders the template, or the table's row, for `record` into `storage.line`.
    private func render(link: Span<UInt8>, record: RecordView) throws -> Result {
        storage.rendered = true
        if !storage.unseenPaths.isEmpty {
            storage.unseenPaths.removeAll { record.value(watched: $0.slot, at: $0.path) != nil }
            // `route.target` of a record whose route is null is there, null: no typo
            for i in storage.unseenPaths.indices where !storage.unseenPaths[i].lacked {
                storage.unseenPaths[i].lacked = !record.isNull(along: storage.unseenPaths[i].path)
            }
        }
        storage.renderer.begin(record)
        storage.renderer.hostForm = hostForm
        storage.line.removeAll()
        switch mode {
        case let .template(template):
            try link.withUnsafeBufferPointer { link in
                try storage.renderer.render(template, into: &storage.line) { try reader.read(link.span, of: record, into: &$0); return true }
            }
        case let .table(format, columns, _):
            try link.withUnsafeBufferPointer { link in
                var firstSlot = 0
                for (i, column) in columns.enumerated() {
                    if i > 0 { storage.line.append(format.separator) }
                    storage.cell.removeAll()
                    try storage.renderer.render(column.template, into: &storage.cell, escapingControls: false, firstSlot: firstSlot) {
                        try reader.read(link.span, of: record, into: &$0)
                        return true
                    }
                    firstSlot += column.template.paths.count
                    format.append(storage.cell.unsafeView(0..<storage.cell.count), to: &storage.line)
                }
            }
            if format == .csv { storage.line.append(0x0D) }
        case .link, .edit:
            preconditionFailure("\(mode) renders no template")
        }
        return .rendered
    }

    /// The new link as text (its host in `hostForm`), or parsed again for `--json` (where it
    /// must be a valid link).
    private func result(_ text: [UInt8]) throws -> Result {
        var text = text
        if hostForm != .asWritten, let parsed = try? reader.parser.parse(text.span, leniency: .everywhere) {
            text = try SystemDomains().converting(parsed, to: hostForm)
        }
        guard json else { return .text(text) }
        storage.newLink = try reader.parser.parse(text)
        return .link(text)
    }

    /// A value for `--link`: `route.args.NAME`, then the top-level `NAME`, then `--arg`.
    private func argument(_ name: String, _ view: RecordView, _ builder: LinkBuilder) -> String? {
        if storage.linkArguments == nil {
            var slot = 0
            storage.linkArguments = Self.linkArguments(of: builder).map { name, paths in
                defer { slot += paths.count }
                return (name, slot, paths)
            }
        }
        if let (_, firstSlot, paths) = storage.linkArguments?.first(where: { $0.name == name }) {
            for (k, path) in paths.enumerated() {
                if let text = view.valueText(watched: firstSlot + k, at: path) { return text }
            }
        }
        return extraArgs.last { $0.0 == name }?.1
    }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        guard case let .link(text) = result, let link = storage.newLink else { return }
        json.key("link")
        json.string(text)
        fields.write(link, into: &json)
    }

    /// The record paths of a template or a table with their watched slots (none in the other
    /// modes), all unseen before the first record.
    private var templatePaths: [(slot: Int, path: JSONPath, lacked: Bool)] {
        switch mode {
        case .template, .table: return watchedPaths.enumerated().map { ($0.offset, $0.element, false) }
        case .link, .edit: return []
        }
    }

    /// Whether a record was rendered, the slots of the template paths that none had, and of
    /// those that one lacked where nothing along them was null.
    struct Summary {
        let rendered: Bool
        let unseenSlots: [Int]
        let lackedSlots: [Int]
    }

    /// A copy with storage of its own, the same template paths unseen.
    func copyForThread() -> FormatStage {
        var copy = self
        copy.storage = Storage()
        copy.storage.unseenPaths = storage.unseenPaths
        return copy
    }

    mutating func takeSummary() -> Summary {
        defer {
            storage.rendered = false
            storage.unseenPaths = templatePaths
        }
        return Summary(rendered: storage.rendered, unseenSlots: storage.unseenPaths.map(\.slot),
                       lackedSlots: storage.unseenPaths.filter(\.lacked).map(\.slot))
    }

    /// A path is unseen while no copy's records had it.
    mutating func add(_ summary: Summary) {
        storage.rendered = storage.rendered || summary.rendered
        storage.unseenPaths.removeAll { !summary.unseenSlots.contains($0.slot) }
        for i in storage.unseenPaths.indices where summary.lackedSlots.contains(storage.unseenPaths[i].slot) {
            storage.unseenPaths[i].lacked = true
        }
    }

    /// Warns once about each record path of the template that no record had: a typo such as
    /// `{route.traget}` renders empty lines, not an error (a field may be missing from some
    /// records on purpose), so it is said at the end. A path that every record lacking it had
    /// null along the way (`route.target` when no link matched) is no typo.
    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        guard storage.rendered else { return .success }
        for (_, path, lacked) in storage.unseenPaths where lacked {
            diagnostics.warning("no record has '\(path.steps.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "."))': it rendered empty")
        }
        return .success
    }

    mutating func writeText(_ result: Result, output: Int, into json: inout JSONWriter) {
        switch result {
        case .rendered: json.append(storage.line.unsafeView(0..<storage.line.count))
        case let .text(bytes), let .link(bytes): json.append(contentsOf: bytes)
        }
    }
}
