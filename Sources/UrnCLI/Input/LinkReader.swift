@_spi(Records) import UrnCore

/// Parses the link of a record for the tools downstream of urnparse. A record urnparse parsed
/// (it has `kind`) is read leniently, since urnparse accepted it (with or without `--lenient`,
/// which changes nothing in a link it would accept strictly); one it read as a Compass name
/// (`"kind":"opaque"` and `parts.scheme` for an `S://name` link, from `urnparse --scheme S`) is
/// read the same way here, and a `//a/b` it read as a request target's path
/// (`urnparse --log`) is read as that path. So the pipeline needs neither option twice. Each
/// record is read from what it says alone: nothing is learnt from the records before it.
package struct LinkReader {
    /// The parser.
    package let parser: LinkParser

    /// Parses the link of `record` into `parsed`, reusing the storage of the text it holds (a
    /// previous record's link): no storage is allocated once it is large enough.
    package func read(_ link: Span<UInt8>, of record: RecordView, into parsed: inout Link) throws(LinkError) {
        guard LinkSchema.isParsed(record) else { return try parser.parse(link, into: &parsed) }
        if LinkSchema.isTargetPath(record, link: link) {
            var reading = parser
            reading.requestTargets = true
            return try reading.parse(link, leniency: .everywhere, into: &parsed)
        }
        if let scheme = LinkSchema.compassScheme(of: record, link: link), !parser.compassSchemes.contains(scheme) {
            var reading = parser
            reading.compassSchemes.append(scheme)
            return try reading.parse(link, leniency: .everywhere, into: &parsed)
        }
        try parser.parse(link, leniency: .everywhere, into: &parsed)
    }
}
