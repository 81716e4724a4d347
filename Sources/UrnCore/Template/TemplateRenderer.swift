/// Renders compiled templates against records (urnfmt(1) TEMPLATES). The link is parsed only when an expression
/// needs it, and only once per record: each call is given a way to read it, which the renderer
/// calls at most once. One renderer serves a whole stream (`begin(_:)` for each record), so that
/// its link's storage is kept from record to record.
@_spi(Records) public struct TemplateRenderer {
    /// A `must:` expression found nothing.
    @_spi(Records) public struct MissingValue: CodedError {
        /// The expression as written.
        @_spi(Records) public let expression: String
        @_spi(Records) public var code: String { "missing-value" }
        @_spi(Records) public var message: String { "no value for '{\(expression)}'" }
        @_spi(Records) public var offset: Int? { nil }
    }

    /// The record being rendered.
    @_spi(Records) public private(set) var record: RecordView
    /// The form of the host in `{host}`, `{url}` and the domain parts, unless an expression's
    /// `puny:` or `idn:` says otherwise (`--punycode`, `--as-idn`).
    @_spi(Records) public var hostForm: HostForm = .asWritten
    /// Where the domain parts and host forms come from (UrnDomains' `SystemDomains` in the tools).
    package var domains: any DomainLookup = NoDomainLookup()
    /// The record's link once read (`hasLink`), read at most once. Not optional: reading an
    /// optional link's parts copied all 160 bytes of it for each. Between records it holds the
    /// last record's link, whose text storage the next read may reuse.
    private var link = Link()
    private var linkRead = false
    private var hasLink = false
    /// The host's domain parts, found once per record (and host form).
    private var domainParts: (form: HostForm, parts: DomainParts)?

    /// A renderer for `record`, its domain parts and host forms from `domains`.
    package init(record: RecordView, domains: any DomainLookup = NoDomainLookup()) {
        self.record = record
        self.domains = domains
    }

    /// Goes on to `record`: its link is yet to be read, its domain parts to be found.
    @_spi(Records) public mutating func begin(_ record: RecordView) {
        self.record = record
        linkRead = false
        hasLink = false
        domainParts = nil
    }

    /// Appends the rendering of `template` to `out`; `readLink` parses the record's link into
    /// its argument when first needed and says whether the record has one: into the renderer's
    /// own storage, not returned, which would copy it (the argument holds the
    /// previous record's link, or an empty one, for `LinkReader.read(_:of:into:)` to reuse).
    /// Control characters of values are escaped unless `escapingControls` is false (a table
    /// format that escapes values itself). The template's `paths` are read from the record's
    /// watched values from slot `firstSlot` on, when its scan watched them.
    @_spi(Records) public mutating func render(_ template: Template, into out: inout ByteBuffer, escapingControls: Bool = true,
                                firstSlot: Int = 0, link readLink: (inout Link) throws -> Bool) throws {
        let program = template.program
        try program.steps.withUnsafeBufferPointer { steps in
            try program.bytes.withUnsafeBufferPointer { bytes in
                try program.places.withUnsafeBufferPointer { places in
                    for step in steps {
                        try render(step, bytes, places, program.expressions, into: &out, escapingControls: escapingControls,
                                   firstSlot: firstSlot, link: readLink)
                    }
                }
            }
        }
    }

    /// Appends the rendering of one step of a template's program, whose bytes and path steps
    /// are `bytes` and `places`, its paths watched from slot `firstSlot` on.
    private mutating func render(_ step: TemplateProgram.Step, _ bytes: UnsafeBufferPointer<UInt8>,
                                 _ places: UnsafeBufferPointer<JSONPath.Place>, _ expressions: [Template.Expression],
                                 into out: inout ByteBuffer, escapingControls: Bool, firstSlot: Int,
                                 link readLink: (inout Link) throws -> Bool) throws {
        let start = Int(step.start)
        let written = out.count
        let found: Bool
        switch step.operation {
        case .text:
            out.append(UnsafeBufferPointer(start: bytes.baseAddress! + start, count: Int(step.count)))
            return
        case .path:
            let steps = UnsafeBufferPointer(rebasing: places[start..<(start + Int(step.count))])
            guard let appended = record.appendValue(watched: firstSlot + Int(step.slot), steps, bytes, to: &out) else {
                return try render(expressions[Int(step.expression)], into: &out, escapingControls: escapingControls, link: readLink)
            }
            found = appended
        case .part:
            if step.part == .host, hostForm != .asWritten {
                return try render(expressions[Int(step.expression)], into: &out, escapingControls: escapingControls, link: readLink)
            }
            found = try readLinkOnce(readLink) && appendPart(step.part, encoded: step.encoded, to: &out)
        case .queryFirst:
            let key = UnsafeBufferPointer(start: bytes.baseAddress! + start, count: Int(step.count))
            found = try readLinkOnce(readLink) && appendFirstParameter(key, encoded: step.encoded, to: &out)
        case .general:
            return try render(expressions[Int(step.expression)], into: &out, escapingControls: escapingControls, link: readLink)
        }
        guard found else {
            if step.must { throw MissingValue(expression: expressions[Int(step.expression)].text) }
            return
        }
        if escapingControls { Self.escapeControls(in: &out, from: written) }
    }

    /// Appends part `which` (not the port) of the link read, as `appendPart(_:encoded:lowercase:to:)`
    /// does, in lower case for the scheme and host; false when the link has no such part. The
    /// link is read where it lies: a copy of it counts a reference and moves 160 bytes.
    private func appendPart(_ which: LinkPart, encoded: Bool, to out: inout ByteBuffer) -> Bool {
        guard let range = Self.range(of: which, in: link) else { return false }
        link.reference.text.withUnsafeBufferPointer { text in
            Self.appendPart(UnsafeBufferPointer(rebasing: text[range]), encoded: encoded,
                            lowercase: which == .scheme || which == .host, to: &out)
        }
        return true
    }

    /// Appends the first value of the query parameter named `key` in the link read, decoded
    /// with `+` as a space unless `encoded` (as written when decoding would not give UTF-8);
    /// false when there is none. Names are compared decoded, where they lie unless a name
    /// holds an escape.
    private func appendFirstParameter(_ key: UnsafeBufferPointer<UInt8>, encoded: Bool, to out: inout ByteBuffer) -> Bool {
        link.reference.text.withUnsafeBufferPointer { text in
            var first: Range<Int>?
            link.forEachParameter { name, value in
                if first == nil, Self.parameterName(UnsafeBufferPointer(rebasing: text[name]), is: key) { first = value }
            }
            guard let first else { return false }
            Self.appendParameterValue(UnsafeBufferPointer(rebasing: text[first]), encoded: encoded, to: &out)
            return true
        }
    }

    /// Appends the value of one expression (empty when missing, unless `must:`), the general
    /// way: through its value, which a program's own steps go around. Control characters of a
    /// value are escaped unless `escapingControls` is false.
    @_spi(Records) public mutating func render(_ expression: Template.Expression, into out: inout ByteBuffer,
                                escapingControls: Bool = true, link readLink: (inout Link) throws -> Bool) throws {
        let value = try self.value(expression, link: readLink)
        if value == nil && expression.must { throw MissingValue(expression: expression.text) }
        guard expression.json else {
            switch value {
            case let .string(bytes)?:
                if escapingControls { Self.appendEscapingControls(bytes, to: &out) } else { bytes.withUnsafeBufferPointer { out.append($0) } }
            case let .json(bytes)?: bytes.withUnsafeBufferPointer { out.append($0) }
            case nil: break
            }
            return
        }
        switch value {
        case let .json(bytes)?: bytes.withUnsafeBufferPointer { out.append($0) }
        case let .string(bytes)?:
            var writer = JSONWriter(capacity: bytes.count + 8)
            writer.string(bytes)
            writer.withSpan { $0.withUnsafeBufferPointer { out.append($0) } }
        case nil: out.append(UnsafeBufferPointer(start: Self.null.utf8Start, count: Self.null.utf8CodeUnitCount))
        }
    }

    private static let null: StaticString = "null"

    /// Escapes the control characters of what `out` holds from `start` (see `appendEscapingControls`).
    static func escapeControls(in out: inout ByteBuffer, from start: Int) {
        let value = out.unsafeView(start..<out.count)
        guard ControlBytes.any(in: value, from: 0) else { return }
        let copy = Array(value)
        out.removeSuffix(from: start)
        appendEscapingControls(copy, to: &out)
    }

    /// Appends a decoded value so that it cannot split the record's line: tab, LF and CR as
    /// `\t`, `\n`, `\r` (as `--tsv` writes them), the other C0 controls and DEL as `\xHH`.
    static func appendEscapingControls(_ bytes: [UInt8], to out: inout some ByteSink & ~Copyable) {
        guard ControlBytes.any(in: bytes, from: 0) else {
            bytes.withUnsafeBufferPointer { out.append($0) }
            return
        }
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            switch byte {
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0..<0x20, 0x7F: out.append(0x5C); out.append(UInt8(ascii: "x")); out.append(hex[Int(byte >> 4)]); out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
    }

    /// The key of a `{query:KEY}` or `{query-all:KEY}` source, and whether it takes every value.
    private static func queryKey(of source: Template.Source) -> (key: [UInt8], all: Bool)? {
        switch source {
        case let .queryFirst(key): return (key, false)
        case let .queryAll(key): return (key, true)
        default: return nil
        }
    }

    /// Appends the first value of query parameter `key` of `link` (every value, space-separated,
    /// with `all`), as `appendParameterValue` does; false when the link has no such parameter.
    private static func appendParameters(_ key: [UInt8], of link: borrowing Link, all: Bool, encoded: Bool,
                                         to out: inout [UInt8]) -> Bool {
        var values: [Range<Int>] = []
        key.withUnsafeBufferPointer { key in
            link.reference.text.withUnsafeBufferPointer { text in
                link.forEachParameter { name, value in
                    if all || values.isEmpty, parameterName(UnsafeBufferPointer(rebasing: text[name]), is: key) { values.append(value) }
                }
            }
        }
        guard !values.isEmpty else { return false }
        link.reference.text.withUnsafeBufferPointer { text in
            for (i, value) in values.enumerated() {
                if i > 0 { out.append(UInt8(ascii: " ")) }
                appendParameterValue(UnsafeBufferPointer(rebasing: text[value]), encoded: encoded, to: &out)
            }
        }
        return true
    }

    /// Whether a query parameter's name as written decodes (with `+` as a space) to `key`;
    /// compared where it lies unless it holds an escape.
    private static func parameterName(_ written: UnsafeBufferPointer<UInt8>, is key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard PercentCoding.needsDecoding(written, plusAsSpace: true) else {
            return written.count == key.count && (key.isEmpty || written.baseAddress!.equalsShort(key.baseAddress!, count: key.count))
        }
        let decoded = PercentCoding.decodedUTF8(ArraySlice(written), plusAsSpace: true) ?? Array(written)
        return decoded.elementsEqual(key)
    }

    /// Appends a query parameter's value, decoded with `+` as a space unless `encoded` (as
    /// written when decoding would not give UTF-8).
    private static func appendParameterValue(_ bytes: UnsafeBufferPointer<UInt8>, encoded: Bool,
                                             to out: inout some ByteSink & ~Copyable) {
        guard !encoded, PercentCoding.needsDecoding(bytes, plusAsSpace: true),
              let decoded = PercentCoding.decodedUTF8(ArraySlice(bytes), plusAsSpace: true) else {
            out.append(bytes)
            return
        }
        decoded.withUnsafeBufferPointer { out.append($0) }
    }

    /// Reads the link on first use; whether the record has one.
    private mutating func readLinkOnce(_ readLink: (inout Link) throws -> Bool) throws -> Bool {
        if !linkRead {
            hasLink = try readLink(&link)
            linkRead = true
        }
        return hasLink
    }

    /// The value an expression reads, nil when missing.
    @_spi(Records) public mutating func value(_ expression: Template.Expression, link readLink: (inout Link) throws -> Bool) throws -> RecordView.Value? {
        if case let .path(path) = expression.source { return record.value(at: path) }
        guard try readLinkOnce(readLink) else { return nil }
        let form = expression.hostForm ?? hostForm
        if case let .derived(which) = expression.source, which == .domain || which == .subdomain || which == .tld {
            let parts = try domainParts(in: form)
            let value = which == .domain ? parts.domain : which == .subdomain ? parts.subdomain : parts.suffix
            return value.isEmpty ? nil : .string(value)
        }
        return try Self.value(expression, of: link, hostForm: form, domains: domains)
    }

    /// The domain parts of the link's host in `form`, looked up once per record.
    private mutating func domainParts(in form: HostForm) throws(IDNError) -> DomainParts {
        if let domainParts, domainParts.form == form { return domainParts.parts }
        let parts = domains.parts(ofHost: try domains.host(of: link, in: form) ?? [])
        domainParts = (form, parts)
        return parts
    }

    /// The value of a link expression. The link is borrowed: a copy of it is 400 bytes.
    private static func value(_ expression: Template.Expression, of link: borrowing Link,
                              hostForm: HostForm, domains: any DomainLookup) throws(IDNError) -> RecordView.Value? {
        let text = link.text
        switch expression.source {
        case .path: return nil
        case .url:
            var normalized = LinkNormalizer.normalized(link)
            if hostForm != .asWritten, let converted = try domains.relinked(link, to: hostForm) {
                normalized = LinkNormalizer.normalized(converted)
            }
            if expression.defaultPort { normalized = withDefaultPort(normalized) }
            return .string(normalized)
        case let .derived(which):
            return derived(which, of: link, encoded: expression.encoded)
        case let .part(which):
            if which == .host, hostForm != .asWritten {
                return try domains.host(of: link, in: hostForm).map { .string($0) }
            }
            guard let lowercase = isLowerCased(which) else {
                // the port
                if let port = link.port { return .string(Array(String(port).utf8)) }
                guard expression.defaultPort, let scheme = link.scheme,
                      let port = LinkNormalizer.defaultPort(ofScheme: text[scheme].map(ByteClass.lowercased)) else { return nil }
                return .string(Array(String(port).utf8))
            }
            guard let range = range(of: which, in: link) else { return nil }
            var bytes: [UInt8] = []
            text.withUnsafeBufferPointer { text in
                appendPart(UnsafeBufferPointer(rebasing: text[range]), encoded: expression.encoded, lowercase: lowercase, to: &bytes)
            }
            return .string(bytes)
        case .queryFirst, .queryAll:
            guard let (key, all) = queryKey(of: expression.source) else { return nil }
            var bytes: [UInt8] = []
            guard appendParameters(key, of: link, all: all, encoded: expression.encoded, to: &bytes) else { return nil }
            return .string(bytes)
        }
    }

    /// A field derived from the last path segment (the domain parts are the renderer's own).
    private static func derived(_ which: DerivedPart, of link: borrowing Link, encoded: Bool) -> RecordView.Value? {
        switch which {
        case .domain, .subdomain, .tld:
            return nil
        case .file, .ext:
            // hierarchical paths only: a URN's or an opaque name's "path" has no file
            guard link.kind == .url || link.kind == .relative else { return nil }
            let path = link.text[link.path]
            let file = path.lastIndex(of: UInt8(ascii: "/")).map { path[(path.index(after: $0))...] } ?? path
            var value = encoded ? Array(file) : (PercentCoding.decodedUTF8(file) ?? Array(file))
            if which == .ext {
                guard let dot = value.lastIndex(of: UInt8(ascii: ".")) else { return nil }
                value = Array(value[(dot + 1)...])
            }
            return value.isEmpty ? nil : .string(value)
        }
    }

    /// A normalized link with its scheme's default port written out (`{default:url}`, as trurl
    /// writes it), when it has a host and no port.
    private static func withDefaultPort(_ normalized: [UInt8]) -> [UInt8] {
        guard let link = try? LinkParser(leniency: .everywhere).parse(normalized), link.port == nil,
              let host = link.host, let scheme = link.scheme,
              let port = LinkNormalizer.defaultPort(ofScheme: normalized[scheme]) else { return normalized }
        return Array(normalized[..<host.upperBound]) + Array(":\(port)".utf8) + Array(normalized[host.upperBound...])
    }

    /// Whether a part is written in lower case (scheme and host); nil for the port, which is a
    /// number rather than a range of the link.
    private static func isLowerCased(_ which: LinkPart) -> Bool? {
        switch which {
        case .scheme, .host: return true
        case .user, .password, .path, .query, .fragment: return false
        case .port: return nil
        }
    }

    /// Where a part (not the port) is in the link's text, nil when the link has none.
    private static func range(of which: LinkPart, in link: borrowing Link) -> Range<Int>? {
        switch which {
        case .scheme: return link.scheme
        case .user: return link.user
        case .password: return link.password
        case .host: return link.host
        case .path: return link.path
        case .query: return link.kind == .urn ? link.urnQ : link.query
        case .fragment: return link.kind == .urn ? link.urnF : link.fragment
        case .port: return nil
        }
    }

    /// Appends a part as written when `encoded`, else percent-decoded (as written when that is
    /// not UTF-8), in lower case when asked.
    private static func appendPart(_ bytes: UnsafeBufferPointer<UInt8>, encoded: Bool, lowercase: Bool,
                                   to out: inout some ByteSink & ~Copyable) {
        if !encoded, PercentCoding.needsDecoding(bytes) {
            var decoded: [UInt8] = []
            PercentCoding.decode(ArraySlice(bytes), into: &decoded)
            if UTF8Validation.isValid(decoded) {
                decoded.withUnsafeBufferPointer { lowercase ? out.appendLowercased($0) : out.append($0) }
                return
            }
        }
        // a link's text is valid UTF-8
        if lowercase { out.appendLowercased(bytes) } else { out.append(bytes) }
    }
}
