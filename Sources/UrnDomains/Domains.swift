@_spi(Records) import UrnCore

/// A host split by the public suffix list: `a.b.example.co.uk` has the public suffix `co.uk`, the
/// registrable domain `example.co.uk` and the subdomain `a.b` (urnfmt(1) DOMAINS).
public struct HostDomain: Sendable, Equatable {
    /// The registrable domain; empty when the host is itself a public suffix or an IP address.
    public let domain: String
    /// What comes before the registrable domain; empty when nothing does.
    public let subdomain: String
    /// The public suffix (`co.uk`, `github.io`); empty for an IP address.
    public let suffix: String

    /// The parts of `host` (any case; Unicode or punycode, as written).
    public init(host: String) {
        let parts = SystemDomains().parts(ofHost: Array(host.lowercased().utf8))
        domain = String(decoding: parts.domain, as: UTF8.self)
        subdomain = String(decoding: parts.subdomain, as: UTF8.self)
        suffix = String(decoding: parts.suffix, as: UTF8.self)
    }
}

extension SystemDomains {
    /// The ASCII (punycode) form of `host`, as curl converts it (IDNA 2008 with UTS #46).
    public func punycode(_ host: String) throws(UrnError) -> String {
        do throws(IDNError) { return String(decoding: try ascii(Array(host.utf8)), as: UTF8.self) } catch { throw UrnError(error) }
    }

    /// The Unicode form of `host`: its `xn--` labels decoded.
    public func unicodeForm(_ host: String) throws(UrnError) -> String {
        do throws(IDNError) { return String(decoding: try unicode(Array(host.utf8)), as: UTF8.self) } catch { throw UrnError(error) }
    }
}

extension RecordTemplate {
    /// Compiles `text` with the domain fields and host forms read through `domains`.
    public init(_ text: String, domains: SystemDomains) throws(UrnError) {
        try self.init(text, lookup: domains)
    }
}
