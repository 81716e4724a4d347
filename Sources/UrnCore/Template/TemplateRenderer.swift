/// Renders compiled templates against records (urnfmt(1) TEMPLATES). The link is parsed only when an expression
/// needs it, and only once per record: each call is given a way to read it, which the renderer
/// calls at most once.
public struct TemplateRenderer {
    /// A `must:` expression found nothing.
    public struct MissingValue: CodedError {
        /// The expression as written.
        public let expression: String
        public var code: String { "missing-value" }
        public var message: String { "no value for '{\(expression)}'" }
        public var offset: Int? { nil }
    }

    /// The record being rendered.
    public let record: RecordView
    /// The form of the host in `{host}`, `{url}` and the domain parts, unless an expression's
    /// `puny:` or `idn:` says otherwise (`--punycode`, `--as-idn`).
    public var hostForm: HostForm = .asWritten
    /// The record's link once read (nil when it has none); read at most once.
    private var link: Link?
    private var linkRead = false
    /// The host's domain parts, found once per record (and host form).
    private var domainParts: (form: HostForm, parts: DomainParts)?

    /// A renderer for `record`.
    public init(record: RecordView) {
        self.record = record
    }

    /// Appends the rendering of `template` to `out`; `readLink` parses the record's link when
    /// first needed (nil when the record has none).
    public mutating func render(_ template: Template, into out: inout [UInt8], link readLink: () throws -> Link?) throws {
        for piece in template.pieces {
            switch piece {
            case let .text(text): out += text
            case let .expression(expression): try render(expression, into: &out, link: readLink)
            }
        }
    }

    /// Appends the value of one expression (empty when missing, unless `must:`). Control
    /// characters of a value are escaped unless `escapingControls` is false (a table format
    /// that escapes values itself).
    public mutating func render(_ expression: Template.Expression, into out: inout [UInt8],
                                escapingControls: Bool = true, link readLink: () throws -> Link?) throws {
        // Record paths and the link's parts go straight into `out`: the common cases allocate nothing.
        if !expression.json, case let .path(path) = expression.source {
            let start = out.count
            guard record.appendValue(at: path, to: &out) else {
                if expression.must { throw MissingValue(expression: expression.text) }
                return
            }
            if escapingControls { Self.escapeControls(in: &out, from: start) }
            return
        }
        if !expression.json, case let .part(which) = expression.source,
           which != .host || (expression.hostForm ?? hostForm) == .asWritten,
           let lowercase = Self.isLowerCased(which) {
            let start = out.count
            guard try readLinkOnce(readLink), appendPart(which, encoded: expression.encoded, lowercase: lowercase, to: &out) else {
                if expression.must { throw MissingValue(expression: expression.text) }
                return
            }
            if escapingControls { Self.escapeControls(in: &out, from: start) }
            return
        }
        if !expression.json, case let .queryFirst(key) = expression.source {
            let start = out.count
            guard try readLinkOnce(readLink), appendParameters(key, all: false, encoded: expression.encoded, to: &out) else {
                if expression.must { throw MissingValue(expression: expression.text) }
                return
            }
            if escapingControls { Self.escapeControls(in: &out, from: start) }
            return
        }
        let value = try self.value(expression, link: readLink)
        if value == nil && expression.must { throw MissingValue(expression: expression.text) }
        guard expression.json else {
            switch value {
            case let .string(bytes)?:
                if escapingControls { Self.appendEscapingControls(bytes, to: &out) } else { out += bytes }
            case let .json(bytes)?: out += bytes
            case nil: break
            }
            return
        }
        switch value {
        case let .json(bytes)?: out += bytes
        case let .string(bytes)?:
            var writer = JSONWriter(capacity: bytes.count + 8)
            writer.string(bytes)
            out += writer.bytes
        case nil: out += "null".utf8
        }
    }

    /// Escapes the control characters of what `out` holds from `start` (see `appendEscapingControls`).
    static func escapeControls(in out: inout [UInt8], from start: Int) {
        guard ControlBytes.any(in: out, from: start) else { return }
        let value = Array(out[start...])
        out.removeSubrange(start...)
        appendEscapingControls(value, to: &out)
    }

    /// Appends a decoded value so that it cannot split the record's line: tab, LF and CR as
    /// `\t`, `\n`, `\r` (as `--tsv` writes them), the other C0 controls and DEL as `\xHH`.
    static func appendEscapingControls(_ bytes: [UInt8], to out: inout [UInt8]) {
        guard ControlBytes.any(in: bytes, from: 0) else {
            out += bytes
            return
        }
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            switch byte {
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0..<0x20, 0x7F: out += [0x5C, UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
    }

    /// Appends part `which` (not the port) of the link read, as `appendPart(_:encoded:lowercase:to:)`
    /// does; false when the link has no such part.
    private func appendPart(_ which: LinkPart, encoded: Bool, lowercase: Bool, to out: inout [UInt8]) -> Bool {
        guard let link, let range = Self.range(of: which, in: link) else { return false }
        Self.appendPart(link.text[range], encoded: encoded, lowercase: lowercase, to: &out)
        return true
    }

    /// Appends the values of query parameter `key` of the link read, as
    /// `appendParameters(_:of:all:encoded:to:)` does; false when the link has none.
    @inline(__always)
    private func appendParameters(_ key: [UInt8], all: Bool, encoded: Bool, to out: inout [UInt8]) -> Bool {
        guard let link else { return false }
        return Self.appendParameters(key, of: link, all: all, encoded: encoded, to: &out)
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
    /// with `all`), decoded with `+` as a space unless `encoded` (as written when decoding would
    /// not give UTF-8); false when the link has no such parameter. Names are compared decoded,
    /// without a copy unless a name holds an escape.
    @inline(__always)
    private static func appendParameters(_ key: [UInt8], of link: borrowing Link, all: Bool, encoded: Bool,
                                         to out: inout [UInt8]) -> Bool {
        let text = link.text
        // the values' ranges are gathered first: a closure that appended to `out` itself made
        // the common case, one value, slower
        var first: Range<Int>?
        var more: [Range<Int>] = []
        link.forEachParameter { name, value in
            guard all || first == nil, parameterName(text[name], is: key) else { return }
            if first == nil { first = value } else { more.append(value) }
        }
        guard let first else { return false }
        appendParameterValue(text[first], encoded: encoded, to: &out)
        for value in more {
            out.append(UInt8(ascii: " "))
            appendParameterValue(text[value], encoded: encoded, to: &out)
        }
        return true
    }

    /// Whether a query parameter's name as written decodes to `key`.
    @inline(__always)
    private static func parameterName(_ written: ArraySlice<UInt8>, is key: [UInt8]) -> Bool {
        PercentCoding.needsDecoding(written, plusAsSpace: true)
            ? (PercentCoding.decodedUTF8(written, plusAsSpace: true) ?? Array(written)) == key
            : written.elementsEqual(key)
    }

    /// Appends a query parameter's value, decoded unless `encoded`.
    @inline(__always)
    private static func appendParameterValue(_ bytes: ArraySlice<UInt8>, encoded: Bool, to out: inout [UInt8]) {
        if encoded || !PercentCoding.needsDecoding(bytes, plusAsSpace: true) {
            out += bytes
        } else {
            out += PercentCoding.decodedUTF8(bytes, plusAsSpace: true) ?? Array(bytes)
        }
    }

    /// Reads the link on first use; whether the record has one.
    private mutating func readLinkOnce(_ readLink: () throws -> Link?) throws -> Bool {
        if !linkRead {
            link = try readLink()
            linkRead = true
        }
        return link != nil
    }

    /// The value an expression reads, nil when missing.
    public mutating func value(_ expression: Template.Expression, link readLink: () throws -> Link?) throws -> RecordView.Value? {
        if case let .path(path) = expression.source { return record.value(at: path) }
        guard try readLinkOnce(readLink) else { return nil }
        let form = expression.hostForm ?? hostForm
        if case let .derived(which) = expression.source, which == .domain || which == .subdomain || which == .tld {
            let parts = try domainParts(in: form)
            let value = which == .domain ? parts.domain : which == .subdomain ? parts.subdomain : parts.suffix
            return value.isEmpty ? nil : .string(value)
        }
        return try Self.value(expression, of: link!, hostForm: form)
    }

    /// The domain parts of the link's host in `form`, looked up once per record.
    private mutating func domainParts(in form: HostForm) throws(IDNError) -> DomainParts {
        if let domainParts, domainParts.form == form { return domainParts.parts }
        let parts = try HostConversion.host(of: link!, in: form).map { DomainParts(host: $0) } ?? DomainParts(host: [])
        domainParts = (form, parts)
        return parts
    }

    /// The value of a link expression. The link is borrowed: a copy of it is 400 bytes.
    private static func value(_ expression: Template.Expression, of link: borrowing Link,
                              hostForm: HostForm) throws(IDNError) -> RecordView.Value? {
        let text = link.text
        switch expression.source {
        case .path: return nil
        case .url:
            var normalized = LinkNormalizer.normalized(link)
            if hostForm != .asWritten, let converted = try HostConversion.relinked(link, to: hostForm) {
                normalized = LinkNormalizer.normalized(converted)
            }
            if expression.defaultPort { normalized = withDefaultPort(normalized) }
            return .string(normalized)
        case let .derived(which):
            return derived(which, of: link, encoded: expression.encoded)
        case let .part(which):
            if which == .host, hostForm != .asWritten {
                return try HostConversion.host(of: link, in: hostForm).map { .string($0) }
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
            appendPart(text[range], encoded: expression.encoded, lowercase: lowercase, to: &bytes)
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
    private static func appendPart(_ bytes: ArraySlice<UInt8>, encoded: Bool, lowercase: Bool, to out: inout [UInt8]) {
        let start = out.count
        if encoded || !PercentCoding.needsDecoding(bytes) {
            out += bytes  // a link's text is valid UTF-8
        } else {
            PercentCoding.decode(bytes, into: &out)
            let valid = out[start...].withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) == nil }
            if !valid {
                out.removeSubrange(start...)
                out += bytes
            }
        }
        if lowercase {
            out.withUnsafeMutableBufferPointer { out in
                for i in start..<out.count { out[i] = ByteClass.lowercased(out[i]) }
            }
        }
    }
}
