/// A host split by the public suffix list, as a `DomainLookup` (UrnDomains: libpsl) finds it (urnfmt(1) DOMAINS): for
/// `a.b.example.co.uk`, the suffix `co.uk`, the registrable domain `example.co.uk` and the
/// subdomain `a.b`. The list is the system's (Debian's publicsuffix package, read by
/// `psl_latest`), else the one built into libpsl; private suffixes (`github.io`) count.
@_spi(Records) public struct DomainParts: Sendable, Equatable {
    /// The registrable domain, empty when the host is itself a public suffix (or an IP address).
    @_spi(Records) public let domain: [UInt8]
    /// What is left of the host before the registrable domain, empty when nothing is.
    @_spi(Records) public let subdomain: [UInt8]
    /// The public suffix, empty for an IP address.
    @_spi(Records) public let suffix: [UInt8]

    /// The parts, as a lookup found them.
    @_spi(Records) public init(domain: [UInt8], subdomain: [UInt8], suffix: [UInt8]) {
        self.domain = domain
        self.subdomain = subdomain
        self.suffix = suffix
    }
}
