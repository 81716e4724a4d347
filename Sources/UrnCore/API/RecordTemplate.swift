/// A urnfmt template (urnfmt(1) TEMPLATES): `{route.args.userId}`, `{host}`, `{query:KEY}`,
/// `{json:route}`, modifiers and escapes, rendered against JSON records such as urnmatch writes.
/// The domain fields (`{domain}`, `{subdomain}`, `{tld}`) and host forms (`{puny:host}`,
/// `{idn:url}`) need the UrnDomains product: `init(_:domains:)` there.
public struct RecordTemplate: Sendable {
    private let template: Template
    package let domains: any DomainLookup

    /// Compiles `text`; a domain field or host form is an error (`invalid-template`) that names
    /// the UrnDomains product, rather than a field that would render empty.
    public init(_ text: String) throws(UrnError) {
        try self.init(text, lookup: NoDomainLookup())
        if let expression = template.pieces.lazy.compactMap(Self.needingDomains).first {
            throw UrnError(code: "invalid-template", message: "'{\(expression.text)}' needs the UrnDomains product: RecordTemplate(_:domains:)")
        }
    }

    /// The expression of `piece` when it reads the public suffix list or converts a host.
    private static func needingDomains(_ piece: Template.Piece) -> Template.Expression? {
        guard case let .expression(expression) = piece else { return nil }
        if case let .derived(part) = expression.source, part == .domain || part == .subdomain || part == .tld { return expression }
        return expression.hostForm == .ascii || expression.hostForm == .unicode ? expression : nil
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
