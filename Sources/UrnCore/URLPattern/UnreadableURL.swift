/// A link a urlpattern table cannot route because the WHATWG URL parser reads no URL from it
/// (against the table's base URL, when it has one): `exec()` gives no match, and urn says why
/// in an error record rather than leaving the link unmatched (SPEC §8b).
@_spi(Records) public struct UnreadableURL: CodedError, Equatable {
    /// The base URL the link was read against, if any.
    @_spi(Records) public let baseURL: String?
    /// The link names no scheme: it is relative.
    @_spi(Records) public let relative: Bool

    /// Why `link` cannot be read against `baseURL`.
    init(_ link: some Collection<UInt8>, baseURL: String?) {
        self.baseURL = baseURL
        let scheme = link.prefix { ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
        relative = scheme.isEmpty || !ByteClass.test(scheme.first!, .alpha) || link.dropFirst(scheme.count).first != UInt8(ascii: ":")
    }

    @_spi(Records) public var code: String { "not-a-url" }
    @_spi(Records) public var message: String {
        if let baseURL { return "the WHATWG URL parser reads no URL from the link against the base URL \(baseURL)" }
        return "the WHATWG URL parser reads no URL from the link" + (relative ? " (a relative link needs --base or @base)" : "")
    }
    @_spi(Records) public var offset: Int? { nil }
}
