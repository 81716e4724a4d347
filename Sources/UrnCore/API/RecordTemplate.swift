/// A urnfmt template (urnfmt(1) TEMPLATES): `{route.args.userId}`, `{host}`, `{query:KEY}`,
/// `{json:route}`, modifiers and escapes, rendered against JSON records such as urnmatch writes.
/// The domain fields (`{domain}`, `{tld}`) and host forms (`{puny:host}`) need the UrnDomains
/// product: `init(_:domains:)` there.
public struct RecordTemplate: Sendable {
    private let template: Template
    package let domains: any DomainLookup

    /// Compiles `text`.
    public init(_ text: String) throws(UrnError) {
        try self.init(text, lookup: NoDomainLookup())
    }

    package init(_ text: String, lookup: any DomainLookup) throws(UrnError) {
        do throws(TemplateError) { template = try Template(text) } catch { throw UrnError(error) }
        domains = lookup
    }

    /// The template rendered for the record `json` (one JSON object; its link is its `link`
    /// field). A missing value renders empty, unless a `must:` modifier asks for it.
    public func render(record json: String) throws(UrnError) -> String {
        let text = Array(json.utf8)
        do {
            return try text.withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner()
                try scanner.scanObject(buffer)
                // the members are a view into the scanner's storage: it must outlive the render
                return try withExtendedLifetime(scanner) {
                    try render(RecordView(text: buffer, members: scanner.members, isJSON: true), link: nil)
                }
            }
        } catch let error as any CodedError {
            throw UrnError(error)
        } catch {
            throw UrnError(code: "internal", message: "\(error)")
        }
    }

    /// The template rendered for the link `link` alone (`{host}`, `{path}`, `{query:KEY}`).
    public func render(link: String) throws(UrnError) -> String {
        do {
            return try render(RecordView(text: UnsafeBufferPointer(start: nil, count: 0), isJSON: false), link: link)
        } catch let error as any CodedError {
            throw UrnError(error)
        } catch {
            throw UrnError(code: "internal", message: "\(error)")
        }
    }

    private func render(_ record: RecordView, link: String?) throws -> String {
        var renderer = TemplateRenderer(record: record, domains: domains)
        var out = ByteBuffer(capacity: 256)
        try renderer.render(template, into: &out) { parsed in
            if let link {
                parsed = try LinkParser(leniency: .everywhere).parse(link)
                return true
            }
            guard let found = record.value(at: JSONPath("link")!), case let .string(bytes) = found else { return false }
            parsed = try LinkParser(leniency: .everywhere).parse(Array(bytes))
            return true
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
