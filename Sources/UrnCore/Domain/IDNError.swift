/// A host that has no valid ASCII or Unicode form (code `invalid-idn`).
package struct IDNError: CodedError, Equatable {
    /// Which conversion failed.
    package enum Direction: Sendable, Equatable {
        case toASCII, toUnicode
    }

    /// The host, UTF-8.
    package let host: [UInt8]
    /// libidn2's reason.
    package let reason: String
    /// The conversion that failed.
    package let direction: Direction
    /// The byte offset of the host in the link, when known.
    package var offset: Int?

    package init(host: [UInt8], reason: String, direction: Direction, offset: Int? = nil) {
        self.host = host
        self.reason = reason
        self.direction = direction
        self.offset = offset
    }

    package var code: String { "invalid-idn" }
    package var message: String {
        let form = direction == .toASCII ? "punycode" : "an IDN"
        return "host '\(String(decoding: host, as: UTF8.self))' cannot be converted to \(form): \(reason.lowercasedFirst)"
    }
}
