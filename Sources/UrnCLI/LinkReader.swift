import UrnCore

/// Parses the link of a record for the tools downstream of urnparse. A record urnparse parsed
/// (it has `kind`) is read leniently, since urnparse accepted it (with or without `--lenient`,
/// which changes nothing in a link it would accept strictly); one it read as a Compass name
/// (`"kind":"opaque"` and `parts.scheme` for an `S://name` link, from `urnparse --scheme S`) is
/// read the same way here. So the pipeline needs neither option twice.
public struct LinkReader {
    /// The parser; it learns the Compass schemes of upstream records.
    public private(set) var parser: LinkParser

    /// A reader starting from `parser`.
    public init(parser: LinkParser) {
        self.parser = parser
    }

    /// The parsed link of `record`.
    public mutating func read(_ link: UnsafeBufferPointer<UInt8>, of record: InputRecord) throws(LinkError) -> Link {
        guard record.isJSON, let kind = record.member("kind"), kind.kind == .string else { return try parser.parse(link) }
        adoptCompassScheme(of: record, kind: kind, link: link)
        return try parser.parse(link, leniency: .everywhere)
    }

    private mutating func adoptCompassScheme(of record: InputRecord, kind: JSONMember, link: UnsafeBufferPointer<UInt8>) {
        let text = record.text
        guard text[kind.value].elementsEqual("\"opaque\"".utf8),
              let parts = record.member("parts"), parts.kind == .object,
              let scheme = JSONScanner.member(named: Array("scheme".utf8), of: parts.value, in: text),
              scheme.kind == .string
        else { return }
        let name = JSONString.decoded(scheme.value, in: text).map(ByteClass.lowercased)
        guard !parser.compassSchemes.contains(name), link.count > name.count + 3,
              link.prefix(name.count).map(ByteClass.lowercased) == name,
              link[name.count...].starts(with: "://".utf8) else { return }
        parser.compassSchemes.append(name)
    }
}

extension InputRecord {
    /// The last member named `name` (JSON records only).
    public func member(_ name: String) -> JSONMember? {
        let bytes = Array(name.utf8)
        return members.last { JSONString.equals($0.key, in: text, bytes) }
    }
}
