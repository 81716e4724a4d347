@_spi(Records) import UrnCore
import UrnDomains

/// The fields urnparse adds to a record (urnparse(1) DESCRIPTION), both ways: writes `kind`,
/// `parts`, `segments`, `params` and, when asked, `normalized`; reads back what downstream tools
/// need from them (how urnparse read the link).
package struct LinkSchema {
    /// Keep values as written instead of percent-decoding them (`--raw`).
    package var raw: Bool
    /// The segment delimiter of URN and opaque names.
    package var delimiter: [UInt8]
    /// Add `normalized` (`--normalize`).
    package var normalize: Bool
    /// Add `domain`, `subdomain` and `tld` to `parts` (`--domains`).
    package var domains: Bool
    /// The form of the host in `normalized` (`--punycode`, `--as-idn`). A stage checks first
    /// that the host converts (`DomainLookup.converting`), so that a failure is an error record.
    package var hostForm: HostForm
    /// The text of `normalized` outside the host: the URI, or the IRI (`--iri`).
    package var normalizedForm: LinkNormalizer.Form
    private var scratch: [UInt8] = []
    /// Whether the link being written is `EscapeFreeRun.isVerbatim`: then every part of it is written
    /// as it is, without a scan for escapes or for bytes to decode.
    private var verbatim = false

    /// The names of the fields this writer adds, in order.
    package static let fieldNames = ["kind", "parts", "segments", "params", "normalized"]

    /// A writer with the given options.
    package init(raw: Bool = false, delimiter: String = ":", normalize: Bool = false, domains: Bool = false,
                hostForm: HostForm = .asWritten, normalizedForm: LinkNormalizer.Form = .uri) {
        self.normalizedForm = normalizedForm
        self.raw = raw
        self.delimiter = Array(delimiter.utf8)
        self.normalize = normalize
        self.domains = domains
        self.hostForm = hostForm
        scratch.reserveCapacity(256)
    }

    /// Writes the fields of `link` as members of the open object in `json`.
    package mutating func write(_ link: Link, into json: inout JSONWriter) {
        verbatim = link.text.withUnsafeBufferPointer { EscapeFreeRun.isVerbatim($0) }
        // the fixed text between the values is written in one piece where it can be
        switch link.kind {
        case .url: json.rawMembersAndKey(#""kind":"url","parts":{"#)
        case .urn: json.rawMembersAndKey(#""kind":"urn","parts":{"#)
        case .opaque: json.rawMembersAndKey(#""kind":"opaque","parts":{"#)
        case .relative: json.rawMembersAndKey(#""kind":"relative","parts":{"#)
        }
        writeParts(link, into: &json)
        json.endObject()
        json.rawMembersAndKey(#""segments":["#)
        link.forEachSegment(delimiter: delimiter) { value(link.text[$0], into: &json) }
        json.endArray()
        json.rawMembersAndKey(#""params":["#)
        link.forEachParameter { key, value in
            json.rawMembersAndKey(#"{"key":"#)
            self.value(link.text[key], plusAsSpace: true, into: &json)
            json.key("value")
            self.value(link.text[value], plusAsSpace: true, into: &json)
            json.endObject()
        }
        json.endArray()
        if normalize {
            json.key("normalized")
            let converted = hostForm == .asWritten ? nil : (try? SystemDomains().relinked(link, to: hostForm)) ?? nil
            json.string(LinkNormalizer.normalized(converted ?? link, form: normalizedForm))
        }
    }

    /// Writes the members of `parts` into the object just opened.
    private mutating func writeParts(_ link: Link, into json: inout JSONWriter) {
        let text = link.text
        if let scheme = link.scheme {
            json.key("scheme")
            lowercased(text[scheme], into: &json)
        }
        if link.kind == .urn {
            member("nid", link.nid, of: text, into: &json)
            member("nss", link.nss, of: text, into: &json)
            member("r", link.urnR, of: text, into: &json)
            member("q", link.urnQ, of: text, into: &json)
            member("f", link.urnF, of: text, into: &json)
            return
        }
        member("user", link.user, of: text, into: &json)
        member("password", link.password, of: text, into: &json)
        if let host = link.host {
            json.key("host")
            if verbatim && !domains {
                text[host].withUnsafeBufferPointer { json.escapeFreeString($0, lowercased: true) }
            } else {
                writeHost(text[host], into: &json)
            }
        }
        if let port = link.port {
            json.key("port")
            json.int(port)
        }
        member("path", link.path, of: text, into: &json)
        member("query", link.query, of: text, into: &json)
        member("fragment", link.fragment, of: text, into: &json)
    }

    /// Writes a host decoded unless `raw` (as written when decoding would not give UTF-8), in
    /// lower case, and its domain parts when asked.
    private mutating func writeHost(_ host: ArraySlice<UInt8>, into json: inout JSONWriter) {
        scratch.removeAll(keepingCapacity: true)
        if raw || verbatim || !PercentCoding.needsDecoding(host) {
            scratch += host
        } else {
            PercentCoding.decode(host, into: &scratch)
            if !UTF8Validation.isValid(scratch) { scratch = Array(host) }
        }
        scratch.withUnsafeMutableBufferPointer { host in
            for i in host.indices { host[i] = ByteClass.lowercased(host[i]) }
        }
        if verbatim { scratch.withUnsafeBufferPointer { json.escapeFreeString($0) } } else { json.string(scratch) }
        if domains { writeDomainParts(of: scratch, into: &json) }
    }

    /// `domain`, `subdomain` and `tld` of a host, each when it has one.
    private func writeDomainParts(of host: [UInt8], into json: inout JSONWriter) {
        let parts = SystemDomains().parts(ofHost: host)
        for (name, value) in [("domain", parts.domain), ("subdomain", parts.subdomain), ("tld", parts.suffix)] where !value.isEmpty {
            json.key(name.utf8)
            json.string(value)
        }
    }

    private mutating func member(_ name: StaticString, _ range: Range<Int>?, of text: [UInt8], into json: inout JSONWriter) {
        guard let range else { return }
        json.key(name)
        value(text[range], into: &json)
    }

    private mutating func lowercased(_ bytes: ArraySlice<UInt8>, into json: inout JSONWriter) {
        if verbatim { return bytes.withUnsafeBufferPointer { json.escapeFreeString($0, lowercased: true) } }
        scratch.removeAll(keepingCapacity: true)
        for byte in bytes { scratch.append(ByteClass.lowercased(byte)) }
        json.string(scratch)
    }

    /// Writes `bytes` as a string, percent-decoded unless `raw` (kept as written when decoding
    /// would not give UTF-8).
    private mutating func value(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool = false, into json: inout JSONWriter) {
        if verbatim {
            bytes.withUnsafeBufferPointer { json.escapeFreeString($0) }
            return
        }
        guard !raw, PercentCoding.needsDecoding(bytes, plusAsSpace: plusAsSpace) else { json.string(bytes); return }
        scratch.removeAll(keepingCapacity: true)
        PercentCoding.decode(bytes, plusAsSpace: plusAsSpace, into: &scratch)
        if UTF8Validation.isValid(scratch) { json.string(scratch) } else { json.string(bytes) }
    }
}

extension LinkSchema {
    /// Whether urnparse parsed `record` (it has `kind`), so its link is read the way urnparse
    /// accepted it.
    @inline(__always)
    package static func isParsed(_ record: RecordView) -> Bool {
        guard record.isJSON, let kind = record.token(of: .kind) else { return false }
        return kind.kind == .string
    }

    /// Whether urnparse read `link`, which begins with `//`, as a path: a request target of
    /// `urnparse --log` (`//a/b` in a request line is a path), whose parts then have no host.
    public static func isTargetPath(_ record: RecordView, link: Span<UInt8>) -> Bool {
        guard link.count > 1, link[0] == UInt8(ascii: "/"), link[1] == UInt8(ascii: "/") else { return false }
        return record.value(at: hostPath) == nil
    }

    private static let hostPath = JSONPath("parts.host")!

    /// The Compass scheme `S` of a record urnparse read as the name of an `S://name` link
    /// (`"kind":"opaque"` and `parts.scheme`, from `urnparse --scheme S`), lower-cased.
    package static func compassScheme(of record: RecordView, link: Span<UInt8>) -> [UInt8]? {
        let text = record.text
        // the token's length first: most links are of another kind, told apart without a look
        // at its bytes
        guard record.isJSON, let kind = record.token(of: .kind), kind.kind == .string, kind.range.count == 8,
              text[kind.range].elementsEqual("\"opaque\"".utf8),
              let scheme = record.token(of: .scheme), scheme.kind == .string
        else { return nil }
        let name = JSONString.decoded(scheme.range, in: text).map(ByteClass.lowercased)
        guard link.count > name.count + 3 else { return nil }
        for (i, byte) in name.enumerated() where ByteClass.lowercased(link[i]) != byte { return nil }
        for (i, byte) in "://".utf8.enumerated() where link[name.count + i] != byte { return nil }
        return name
    }
}
