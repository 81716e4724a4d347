@_spi(Records) import UrnCore
import UrnDomains

/// urnparse's work on one record: parse (and resolve) the link, write its parts.
struct ParseStage: RecordStage {
    let parser: LinkParser
    /// Under `--log`, the parser of a target that begins with `//`: in a request that is a path
    /// (origin form, RFC 9112 §3.2.1), where a link would begin with an authority.
    let targetParser: LinkParser?
    var fields: LinkSchema
    let resolver: LinkResolver?
    /// The link being parsed, whose storage the next record's reuses.
    private var parsed = Link()
    /// Whether the last link parsed needs no JSON escape (`RecordStage.linkNeedsNoEscape`).
    private(set) var linkNeedsNoEscape = false
    /// Whether the last record's link was `null` (a log line whose request names no target):
    /// the record goes on without parts.
    private var noLink = false
    /// Under `--log`, whether the parser percent-encoded the last target, which the record
    /// then says (`"lenient": true`) unless the log reader already did.
    private var repaired = false

    init(parser: LinkParser, targetParser: LinkParser?, fields: LinkSchema, resolver: LinkResolver?) {
        self.parser = parser
        self.targetParser = targetParser
        self.fields = fields
        self.resolver = resolver
    }

    /// `parser` reading request targets.
    static func targetParser(_ parser: LinkParser) -> LinkParser {
        var targets = parser
        targets.requestTargets = true
        return targets
    }

    var fieldNames: [String] { ["resolved"] + LinkSchema.fieldNames }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws {
        noLink = false
        if let targetParser, link.count > 1, link[0] == UInt8(ascii: "/"), link[1] == UInt8(ascii: "/") {
            try targetParser.parse(link, into: &parsed)
        } else {
            try parser.parse(link, base: resolver, into: &parsed)
        }
        linkNeedsNoEscape = parsed.textNeedsNoEscape
        // without a base (which --log puts in the link itself) only percent-encoding changes the
        // length of the text, and it always does
        repaired = targetParser != nil && parsed.text.count != link.count && record.member(Self.lenient) == nil
        // a host that has no --punycode or --as-idn form makes an error record
        if fields.normalize, fields.hostForm != .asWritten { _ = try SystemDomains().converting(parsed, to: fields.hostForm) }
    }

    /// A record whose link is `null`: kept as it is, with no parts.
    mutating func prepare(nullLinkOf record: RecordView) throws -> Void? {
        noLink = true
        linkNeedsNoEscape = false
        return ()
    }

    /// The name of the member that says a target was percent-encoded.
    private static let lenient = Array("lenient".utf8)

    /// Writes the parts of the link just prepared.
    mutating func write(_ prepared: Void, into json: inout JSONWriter) {
        guard !noLink else { return }
        if repaired {
            json.key("lenient")
            json.bool(true)
        }
        if resolver != nil {
            json.key("resolved")
            json.string(parsed.text)
        }
        fields.write(parsed, into: &json)
    }
}
