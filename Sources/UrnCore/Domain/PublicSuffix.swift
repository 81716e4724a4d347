import CPSL

/// A host split by the public suffix list, through libpsl (urnfmt(1) DOMAINS): for
/// `a.b.example.co.uk`, the suffix `co.uk`, the registrable domain `example.co.uk` and the
/// subdomain `a.b`. The list is the system's (Debian's publicsuffix package, read by
/// `psl_latest`), else the one built into libpsl; private suffixes (`github.io`) count.
package struct DomainParts: Sendable, Equatable {
    /// The registrable domain, empty when the host is itself a public suffix (or an IP address).
    package let domain: [UInt8]
    /// What is left of the host before the registrable domain, empty when nothing is.
    package let subdomain: [UInt8]
    /// The public suffix, empty for an IP address.
    package let suffix: [UInt8]

    /// The parts of `host` (lower case; UTF-8 or ASCII, as the host is written).
    package init(host: [UInt8]) {
        // an IP address has no domain, nor has a name with an empty label (`a..b`, `.a`)
        // (a trailing dot, `example.com.`, is a fully qualified name, not an empty label)
        let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !host.isEmpty, !IPLiteral.isIPv4(host[...]), host.first != UInt8(ascii: "["),
              !labels.dropLast().contains(where: \.isEmpty),
              let context = PublicSuffixList.shared.context else {
            (domain, subdomain, suffix) = ([], [], [])
            return
        }
        // One lookup: the longest public suffix; the registrable domain is it and one label more
        // (what psl_registrable_domain answers, in a second walk).
        let suffixStart: Int? = (host + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                psl_unregistrable_domain(context, text.baseAddress!).map { text.baseAddress!.distance(to: $0) }
            }
        }
        guard let suffixStart, suffixStart < host.count else {
            (domain, subdomain, suffix) = ([], [], [])
            return
        }
        suffix = Array(host[suffixStart...])
        guard suffixStart >= 2 else {
            (domain, subdomain) = ([], [])
            return
        }
        let labelStart = host[..<(suffixStart - 1)].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
        domain = Array(host[labelStart...])
        subdomain = labelStart >= 2 ? Array(host[..<(labelStart - 1)]) : []
    }
}

/// The loaded list, shared: libpsl's context is read-only once loaded.
final class PublicSuffixList: @unchecked Sendable {
    static let shared = PublicSuffixList()
    let context: OpaquePointer?

    private init() {
        context = psl_latest(nil) ?? psl_builtin()
    }
}
