import CPSL
@_spi(Records) import UrnCore

/// Domains and international host names through the system's libraries, as curl reads them:
/// libpsl for the public suffix list and libidn2 for IDNA (urnfmt(1) DOMAINS). The tools use it
/// for `{domain}`, `--domains`, `--punycode` and `--as-idn`.
public struct SystemDomains: DomainLookup {
    /// The system's lookup.
    public init() {}

    /// The parts of `host` (lower case; UTF-8 or ASCII, as the host is written).
    package func parts(ofHost host: [UInt8]) -> DomainParts {
        // an IP address has no domain, nor has a name with an empty label (`a..b`, `.a`)
        // (a trailing dot, `example.com.`, is a fully qualified name, not an empty label)
        let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !host.isEmpty, !IPLiteral.isIPv4(host[...]), host.first != UInt8(ascii: "["),
              !labels.dropLast().contains(where: \.isEmpty),
              let context = PublicSuffixList.shared.context else {
            return DomainParts(domain: [], subdomain: [], suffix: [])
        }
        // One lookup: the longest public suffix; the registrable domain is it and one label more
        // (what psl_registrable_domain answers, in a second walk).
        let suffixStart: Int? = (host + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                psl_unregistrable_domain(context, text.baseAddress!).map { text.baseAddress!.distance(to: $0) }
            }
        }
        guard let suffixStart, suffixStart < host.count else {
            return DomainParts(domain: [], subdomain: [], suffix: [])
        }
        let suffix = Array(host[suffixStart...])
        guard suffixStart >= 2 else { return DomainParts(domain: [], subdomain: [], suffix: suffix) }
        let labelStart = host[..<(suffixStart - 1)].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
        return DomainParts(domain: Array(host[labelStart...]), subdomain: labelStart >= 2 ? Array(host[..<(labelStart - 1)]) : [],
                           suffix: suffix)
    }

    package func ascii(_ host: [UInt8]) throws(IDNError) -> [UInt8] { try IDNA.ascii(host) }

    package func unicode(_ host: [UInt8]) throws(IDNError) -> [UInt8] { try IDNA.unicode(host) }
}
