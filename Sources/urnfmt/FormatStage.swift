import UrnCLI
import UrnCore

/// urnfmt's work on one record: render a template or a table row, or make a new link (built,
/// edited or normalized) to print or to put back into the record.
struct FormatStage: RecordStage {
    /// Indirect, so that a record's `switch` over it retains a box instead of copying each payload.
    indirect enum Mode {
        case template(Template)
        case table(TableFormat, [(name: String, expression: Template.Expression)], header: Bool)
        case link(LinkBuilder)
        case edit(LinkEditor, normalize: Bool)
    }

    enum Result {
        case text([UInt8])
        case link([UInt8], Link)
    }

    let mode: Mode
    let json: Bool
    /// `--punycode` or `--as-idn`: the form of hosts in templates and in the links printed.
    let hostForm: HostForm
    let extraArgs: [(String, String)]
    let reader: LinkReader
    var fields: LinkSchema
    /// The record paths `--link` reads each placeholder from.
    var pathsByName: [String: [JSONPath]] = [:]
    /// Storage kept from record to record: the link's text, the line, a table cell.
    var linkText: [UInt8] = []
    var line: [UInt8] = []
    var cell: [UInt8] = []

    var fieldNames: [String] { json ? ["link"] + LinkSchema.fieldNames : [] }
    var writesJSON: Bool { json }

    /// Templates, tables and `--link` read paths of every record; editing reads only its link.
    var followsPaths: Bool {
        if case .edit = mode { return false }
        return true
    }

    var requiresLink: Bool {
        switch mode {
        case let .template(template): return template.needsLink
        case let .table(_, columns, _): return columns.contains { $0.expression.source.readsLink }
        case .link: return false
        case .edit: return true
        }
    }

    /// The columns of `--tsv`/`--csv`: comma-separated expressions such as `route.target,host`.
    static func columns(_ text: String) throws(TemplateError) -> [(name: String, expression: Template.Expression)] {
        var columns: [(name: String, expression: Template.Expression)] = []
        var column = 1
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            columns.append((String(name), try Template.expression(ArraySlice(name.utf8), column: column)))
            column += name.utf8.count + 1
        }
        return columns
    }

    mutating func start(into writer: RecordWriter) throws(WriteFailure) {
        guard case let .table(format, columns, header) = mode, header else { return }
        var row: [UInt8] = []
        for (i, column) in columns.enumerated() {
            if i > 0 { row.append(format.separator) }
            format.append(Array(column.name.utf8), to: &row)
        }
        if format == .csv { row.append(0x0D) }
        writer.json.append(contentsOf: row)
        try writer.endText()
    }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        let view = record
        if case .link = mode {} else {
            // --strict-nsurl judges the link as written, whether or not this mode parses it
            try reader.parser.checkLegacyNSURL(link)
        }
        switch mode {
        case let .template(template):
            var renderer = TemplateRenderer(record: record)
            renderer.hostForm = hostForm
            var out = takeLine()
            try link.withUnsafeBufferPointer { link in
                try renderer.render(template, into: &out) { try reader.read(link.span, of: record, reusing: &linkText) }
            }
            return .text(out)
        case let .table(format, columns, _):
            var renderer = TemplateRenderer(record: record)
            renderer.hostForm = hostForm
            var out = takeLine()
            try link.withUnsafeBufferPointer { link in
                for (i, column) in columns.enumerated() {
                    if i > 0 { out.append(format.separator) }
                    cell.removeAll(keepingCapacity: true)
                    try renderer.render(column.expression, into: &cell, escapingControls: false) {
                        try reader.read(link.span, of: record, reusing: &linkText)
                    }
                    format.append(cell, to: &out)
                }
            }
            if format == .csv { out.append(0x0D) }
            return .text(out)
        case let .link(builder):
            let built = try builder.build { name in argument(name, view) }
            return try result(built)
        case let .edit(editor, normalize):
            // Parsed first, so that a link RFC 3986 refuses is an error, or repaired under --lenient.
            var text = try editor.edit(try reader.read(link, of: record, reusing: &linkText).text)
            if normalize { text = LinkNormalizer.normalized(try reader.parser.parse(text)) }
            return try result(text)
        }
    }

    /// An empty line with room for a typical rendering: the last record's line once it has
    /// been written (`writeText` gives it back), so that a line allocates nothing.
    private mutating func takeLine() -> [UInt8] {
        var out: [UInt8] = []
        swap(&out, &line)
        out.removeAll(keepingCapacity: true)
        if out.capacity < 256 { out.reserveCapacity(256) }
        return out
    }

    /// The new link as text (its host in `hostForm`), or parsed again for `--json` (where it
    /// must be a valid link).
    private func result(_ text: [UInt8]) throws -> Result {
        var text = text
        if hostForm != .asWritten, let parsed = try? reader.parser.parse(text.span, leniency: .everywhere) {
            text = try HostConversion.converting(parsed, to: hostForm)
        }
        return json ? .link(text, try reader.parser.parse(text)) : .text(text)
    }

    /// A value for `--link`: `route.args.NAME`, then the top-level `NAME`, then `--arg`.
    private mutating func argument(_ name: String, _ view: RecordView) -> String? {
        for path in argumentPaths(name) {
            switch view.value(at: path) {
            case let .string(bytes)?: return String(decoding: bytes, as: UTF8.self)
            case let .json(bytes)?: return String(decoding: bytes, as: UTF8.self)
            case nil: continue
            }
        }
        return extraArgs.last { $0.0 == name }?.1
    }

    /// The record paths of placeholder `name`, made on first use and kept.
    private mutating func argumentPaths(_ name: String) -> [JSONPath] {
        if let paths = pathsByName[name] { return paths }
        let paths = ["route.args." + name, name].compactMap { JSONPath($0) }
        pathsByName[name] = paths
        return paths
    }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        guard case let .link(text, link) = result else { return }
        json.key("link")
        json.string(text)
        fields.write(link, into: &json)
    }

    mutating func writeText(_ result: Result, output: Int, into json: inout JSONWriter) {
        switch result {
        case let .text(bytes), let .link(bytes, _):
            json.append(contentsOf: bytes)
            line = bytes  // its storage serves the next record's line once this result is gone
        }
    }
}
