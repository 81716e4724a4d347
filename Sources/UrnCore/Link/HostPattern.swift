/// A host an app-link table is for, written as the Associated Domains entitlement writes it:
/// `example.com`, or `*.example.com` for the subdomains of `example.com` (not the domain
/// itself). Hosts compare without regard to letter case.
@_spi(Records) public struct HostPattern: Sendable, Equatable {
    /// The host as written.
    @_spi(Records) public let text: String
    /// Lower case; with the wildcard, the part after `*` (`.example.com`).
    private let name: [UInt8]
    /// Written with a leading `*.`.
    @_spi(Records) public let isWildcard: Bool

    /// The pattern `text`, or nil when it is not a host (empty, a scheme, a path, a port).
    @_spi(Records) public init?(_ text: String) {
        let bytes = Array(text.utf8)
        let wildcard = bytes.starts(with: Array("*.".utf8))
        let rest = wildcard ? Array(bytes.dropFirst(2)) : bytes
        guard !rest.isEmpty, !rest.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "*") || $0 <= 0x20 })
        else { return nil }
        self.text = text
        isWildcard = wildcard
        name = (wildcard ? [UInt8(ascii: ".")] : []) + rest.map(ByteClass.lowercased)
    }

    /// Whether the host `host` (as a link writes it) is this one, or one of its subdomains.
    @_spi(Records) public func accepts(_ host: ArraySlice<UInt8>) -> Bool {
        if isWildcard {
            return host.count > name.count && host.suffix(name.count).lazy.map(ByteClass.lowercased).elementsEqual(name)
        }
        return host.count == name.count && host.lazy.map(ByteClass.lowercased).elementsEqual(name)
    }
}
