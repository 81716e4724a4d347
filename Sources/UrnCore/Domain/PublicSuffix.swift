import CPSL

/// A host split by the public suffix list, through libpsl (urnfmt(1) DOMAINS): for
/// `a.b.example.co.uk`, the suffix `co.uk`, the registrable domain `example.co.uk` and the
/// subdomain `a.b`. The list is the system's (Debian's publicsuffix package, read by
/// `psl_latest`), else the one built into libpsl; private suffixes (`github.io`) count.
public struct DomainParts: Sendable, Equatable {
    /// The registrable domain, empty when the host is itself a public suffix (or an IP address).
    public let domain: [UInt8]
    /// What is left of the host before the registrable domain, empty when nothing is.
    public let subdomain: [UInt8]
    /// The public suffix, empty for an IP address.
    public let suffix: [UInt8]

    /// The parts of `host` (lower case; UTF-8 or ASCII, as the host is written).
    public init(host: [UInt8]) {
        // an IP address has no domain, nor has a name with an empty label (`a..b`, `.a`)
        let labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !host.isEmpty, !IPLiteral.isIPv4(host[...]), host.first != UInt8(ascii: "["),
              !labels.dropLast().contains(where: \.isEmpty), !(labels.last?.isEmpty ?? true) || labels.count > 1,
              let context = PublicSuffixList.shared.context else {
            (domain, subdomain, suffix) = ([], [], [])
            return
        }
        var domain: [UInt8] = []
        var suffix: [UInt8] = []
        (host + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                let start = text.baseAddress!
                if let found = psl_registrable_domain(context, start) {
                    domain = Array(host[start.distance(to: found)...])
                }
                if let found = psl_unregistrable_domain(context, start) {
                    suffix = Array(host[start.distance(to: found)...])
                }
            }
        }
        self.domain = domain
        self.suffix = suffix
        subdomain = domain.isEmpty || host.count <= domain.count + 1 ? [] : Array(host[..<(host.count - domain.count - 1)])
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
