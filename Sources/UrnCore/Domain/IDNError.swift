/// A host that has no valid ASCII or Unicode form (code `invalid-idn`).
@_spi(Records) public struct IDNError: CodedError, Equatable {
    /// Which conversion failed.
    @_spi(Records) public enum Direction: Sendable, Equatable {
        case toASCII, toUnicode
    }

    /// The host, UTF-8.
    @_spi(Records) public let host: [UInt8]
    /// libidn2's reason.
    package let reason: String
    /// The conversion that failed.
    @_spi(Records) public let direction: Direction
    /// The byte offset of the host in the link, when known.
    @_spi(Records) public var offset: Int?

    @_spi(Records) public init(host: [UInt8], reason: String, direction: Direction, offset: Int? = nil) {
        self.host = host
        self.reason = reason
        self.direction = direction
        self.offset = offset
    }

    @_spi(Records) public var code: String { "invalid-idn" }
    @_spi(Records) public var message: String {
        let form = direction == .toASCII ? "punycode" : "an IDN"
        return "host '\(String(decoding: host, as: UTF8.self))' cannot be converted to \(form): \(reason.lowercasedFirst)"
    }
}
