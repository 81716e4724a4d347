import ArgumentParser
@_spi(Records) import UrnCore

/// The `urnparse` command (see its man page): options in, a stage over the records out.
package struct UrnParse: UrnTool {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "urnparse",
        abstract: "Split links into their parts, as JSON Lines.",
        discussion: "Reads raw links or JSON records and adds kind, parts, segments and params. See urnparse(1).",
        version: UrnVersion.line(for: "urnparse"))

    @OptionGroup var common: CommonOptions

    @Option(help: ArgumentHelp("Read 'S://name' as the Compass name 'name' (Compass's Navigator.scheme).", valueName: "scheme"))
    var scheme: String?

    @Option(help: ArgumentHelp("Split URN and opaque names on this string.", valueName: "string"))
    var delimiter: String = ":"

    @Flag(help: "Keep values in parts, segments and params as written, without percent-decoding.")
    var raw = false

    @Flag(help: "Add 'normalized', the link normalized as RFC 3986 §6.2.2-6.2.3 describes.")
    var normalize = false

    @Flag(help: "Add 'domain', 'subdomain' and 'tld' to parts, from the public suffix list (libpsl).")
    var domains = false

    /// With --normalize: the form of the host of 'normalized'.
    @OptionGroup var hosts: HostFormOptions

    @Option(help: ArgumentHelp("Resolve each link against this absolute link first (RFC 3986 §5.2) and add 'resolved'; with --log, put this scheme://host before each /target.", valueName: "link"))
    var base: String?

    @Option(help: ArgumentHelp("Read access-log lines: common, combined, vhost_combined, json (one object a line: --field names the target, --method-field the method) or 'nginx:FORMAT' (an nginx log_format).", valueName: "format"),
            completion: .list(["common", "combined", "vhost_combined", "json", "nginx:"]))
    var log: String?

    @Flag(help: "With --log, make a target the link parser refuses, and a line that is no UTF-8, an error record instead of reading it leniently.")
    var strict = false

    /// With --log json, the member that holds the method.
    @OptionGroup var methodField: MethodFieldOption

    package func validate() throws {
        guard !delimiter.isEmpty else { throw ValidationError("--delimiter must not be empty") }
        if hosts.hostForm != .asWritten && !normalize {
            throw ValidationError("--\(hosts.punycode ? "punycode" : "as-idn") goes with --normalize")
        }
        if hosts.iri && !normalize { throw ValidationError("--iri goes with --normalize") }
        if let scheme, !URIReference.isScheme(ArraySlice(scheme.utf8)) {
            throw ValidationError("invalid --scheme '\(scheme)'")
        }
        if log == nil, methodField.methodField != nil { throw ValidationError("--method-field goes with --log json") }
        if log == nil, strict { throw ValidationError("--strict goes with --log (links are read strictly unless --lenient)") }
        if strict, common.lenient { throw ValidationError("--lenient repairs what --strict refuses: choose one") }
        _ = try logInput()
    }

    /// The access-log input `--log` asks for, if any.
    private func logInput() throws -> LogInput? {
        try log.map {
            try LogInput(argument: $0, field: common.fieldPath, fieldName: common.field, methodField: methodField.path, base: base,
                         strict: strict)
        }
    }

    package mutating func execute() throws -> ExitStatus {
        let diagnostics = Diagnostics(tool: "urnparse", noMessages: common.noMessages)
        let log = try logInput()
        var resolver: LinkResolver?
        // under --log, the base's origin goes before each target instead (LogInput)
        if let base, log == nil {
            do { resolver = try LinkResolver(base: base) } catch {
                diagnostics.error("--base: \(error.message)")
                return .failure
            }
        }
        var parser = common.linkParser(LinkParser(compassScheme: scheme, delimiter: delimiter))
        // a log says what clients sent: read leniently unless --strict (urnparse(1), ACCESS LOGS)
        if log != nil, !strict { parser.leniency = .everywhere }
        var stage = ParseStage(
            parser: parser, targetParser: log == nil ? nil : ParseStage.targetParser(parser),
            fields: LinkSchema(raw: raw, delimiter: delimiter, normalize: normalize, domains: domains,
                               hostForm: hosts.hostForm, normalizedForm: hosts.normalizedForm),
            resolver: resolver)
        return RecordDriver(options: common, diagnostics: diagnostics, log: log).run(&stage)
    }
}
