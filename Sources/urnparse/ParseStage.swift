import UrnCLI
import UrnCore

/// urnparse's work on one record: parse (and resolve) the link, write its parts.
struct ParseStage: RecordStage {
    let parser: LinkParser
    var fields: LinkSchema
    let resolver: LinkResolver?
    /// The text of the link being parsed, kept from record to record.
    private var linkText: [UInt8] = []
    /// Whether the last link parsed needs no JSON escape (`RecordStage.linkIsPlain`).
    private(set) var linkIsPlain = false

    init(parser: LinkParser, fields: LinkSchema, resolver: LinkResolver?) {
        self.parser = parser
        self.fields = fields
        self.resolver = resolver
    }

    var fieldNames: [String] { ["resolved"] + LinkSchema.fieldNames }

    @inline(__always)
    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Link {
        let parsed = try parser.parse(link, base: resolver, reusing: &linkText)
        linkIsPlain = parsed.textIsPlain
        // a host that has no --punycode or --as-idn form makes an error record
        if fields.normalize, fields.hostForm != .asWritten { _ = try HostConversion.converting(parsed, to: fields.hostForm) }
        return parsed
    }

    mutating func write(_ link: Link, into json: inout JSONWriter) {
        if resolver != nil {
            json.key("resolved")
            json.string(link.text)
        }
        fields.write(link, into: &json)
    }
}
