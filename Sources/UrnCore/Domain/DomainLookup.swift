/// What the domain fields and host forms need (urnfmt(1) DOMAINS): the public suffix list and
/// IDNA. The UrnDomains product gives them through libpsl and libidn2 (`SystemDomains`); the
/// routing engine alone has `NoDomainLookup`, which refuses, so that it links neither library.
package protocol DomainLookup: Sendable {
    /// The registrable domain, subdomain and public suffix of `host` (lower case, UTF-8 or ASCII).
    func parts(ofHost host: [UInt8]) -> DomainParts
    /// The ASCII (punycode) form of `host`, UTF-8; a host that is ASCII already as it is.
    func ascii(_ host: [UInt8]) throws(IDNError) -> [UInt8]
    /// The Unicode form of `host`: its `xn--` labels decoded.
    func unicode(_ host: [UInt8]) throws(IDNError) -> [UInt8]
}

/// The lookup of a build without UrnDomains: no domain parts, and every conversion refused.
package struct NoDomainLookup: DomainLookup {
    /// The lookup.
    package init() {}

    package func parts(ofHost host: [UInt8]) -> DomainParts { DomainParts(domain: [], subdomain: [], suffix: []) }

    package func ascii(_ host: [UInt8]) throws(IDNError) -> [UInt8] {
        guard host.contains(where: { $0 >= 0x80 }) else { return host }
        throw IDNError(host: host, reason: Self.reason, direction: .toASCII)
    }

    package func unicode(_ host: [UInt8]) throws(IDNError) -> [UInt8] {
        throw IDNError(host: host, reason: Self.reason, direction: .toUnicode)
    }

    private static let reason = "no IDNA library here (the UrnDomains product converts hosts)"
}

/// How a host is written: as in the link, or converted to its ASCII (`--punycode`, `puny:`)
/// or Unicode (`--as-idn`, `idn:`) form.
@_spi(Records) public enum HostForm: Sendable, Equatable {
    case asWritten, ascii, unicode
}

/// A link's host read for the domain fields and converted to a `HostForm` (urnfmt(1) DOMAINS).
extension DomainLookup {
    /// The host of `link`, percent-decoded (kept as written when that is not UTF-8) and in lower
    /// case; nil when the link has none.
    package func host(of link: Link) -> [UInt8]? {
        guard let range = link.host else { return nil }
        let written = link.text[range]
        var host = PercentCoding.decodedUTF8(written) ?? Array(written)
        for i in host.indices { host[i] = ByteClass.lowercased(host[i]) }
        return host
    }

    /// `host` (decoded, lower case) in `form`. IP literals are left alone.
    package func converted(_ host: [UInt8], to form: HostForm) throws(IDNError) -> [UInt8] {
        guard !host.isEmpty, host.first != UInt8(ascii: "[") else { return host }
        switch form {
        case .asWritten: return host
        case .ascii: return try ascii(host)
        case .unicode: return try unicode(host)
        }
    }

    /// The host of `link` (decoded, lower case) in `form`; nil when the link has none. A
    /// failure carries the host's offset in the link.
    package func host(of link: Link, in form: HostForm) throws(IDNError) -> [UInt8]? {
        guard let range = link.host, let host = host(of: link) else { return nil }
        do throws(IDNError) {
            return try converted(host, to: form)
        } catch {
            var located = error
            located.offset = range.lowerBound
            throw located
        }
    }

    /// The text of `link` with its host in `form` (so a percent-encoded host is decoded, and
    /// letters are in lower case); the text as it is when the host is written so already.
    package func converting(_ link: Link, to form: HostForm) throws(IDNError) -> [UInt8] {
        guard form != .asWritten, let range = link.host, let changed = try host(of: link, in: form),
              !link.text[range].elementsEqual(changed) else { return link.text }
        return Array(link.text[..<range.lowerBound]) + changed + Array(link.text[range.upperBound...])
    }

    /// The link `link` with its host in `form`, parsed again (nil when the host does not change).
    package func relinked(_ link: Link, to form: HostForm) throws(IDNError) -> Link? {
        let text = try converting(link, to: form)
        guard text != link.text else { return nil }
        return try? LinkParser(leniency: .everywhere).parse(text)
    }
}
