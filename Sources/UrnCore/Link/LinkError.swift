/// Why a link could not be parsed. Codes are stable and listed in urnparse(1).
@_spi(Records) public enum LinkError: CodedError, Equatable {
    case empty
    /// The link is 1 GiB or longer (a quarter of the limit of a `Link`'s offsets, leaving room for a base and for --lenient).
    case tooLong
    case invalidUTF8(at: Int)
    case invalidCharacter(UInt8, at: Int)
    case invalidPercent(at: Int)
    case invalidScheme(at: Int)
    case invalidPort(String, at: Int, compassScheme: String?)
    case invalidHost(String, at: Int)
    case invalidURN(String, at: Int)
    case baseNotAbsolute
    case refusedByLegacyNSURL(LegacyNSURL.Refusal, at: Int)
    /// In the express dialect: Node's HTTP parser answers 400 to the request target.
    case refusedRequestTarget(RequestTarget.Refusal, at: Int)

    @_spi(Records) public var code: String {
        switch self {
        case .empty: return "empty-link"
        case .tooLong: return "link-too-long"
        case .invalidUTF8: return "invalid-utf8"
        case .invalidCharacter: return "invalid-character"
        case .invalidPercent: return "invalid-percent"
        case .invalidScheme: return "invalid-scheme"
        case .invalidPort: return "invalid-port"
        case .invalidHost: return "invalid-host"
        case .invalidURN: return "invalid-urn"
        case .baseNotAbsolute: return "invalid-base"
        case .refusedByLegacyNSURL: return "nsurl-refused"
        case .refusedRequestTarget: return "invalid-request-target"
        }
    }

    @_spi(Records) public var offset: Int? {
        switch self {
        case .empty, .tooLong, .baseNotAbsolute: return nil
        case let .invalidUTF8(at), let .invalidCharacter(_, at), let .invalidPercent(at),
             let .invalidScheme(at), let .invalidPort(_, at, _), let .invalidHost(_, at),
             let .invalidURN(_, at), let .refusedByLegacyNSURL(_, at), let .refusedRequestTarget(_, at):
            return at
        }
    }

    @_spi(Records) public var message: String {
        switch self {
        case .empty:
            return "empty link"
        case .tooLong:
            return "link of 1 GiB or more"
        case let .invalidUTF8(at):
            return "invalid UTF-8 at offset \(at)"
        case let .invalidCharacter(byte, at):
            return "invalid character \(LinkError.describe(byte)) at offset \(at) (--lenient percent-encodes it)"
        case let .invalidPercent(at):
            return "'%' not followed by two hex digits at offset \(at) (--lenient percent-encodes it)"
        case let .invalidScheme(at):
            return "invalid scheme ending at offset \(at)"
        case let .invalidPort(port, at, scheme):
            let base = "invalid port '\(port)' at offset \(at)"
            guard let scheme else { return base }
            return base + " (a Compass name? try --scheme \(scheme))"
        case let .invalidHost(reason, at):
            return "invalid host at offset \(at): \(reason)"
        case let .invalidURN(reason, at):
            return "invalid URN at offset \(at): \(reason)"
        case .baseNotAbsolute:
            return "the base link must be absolute (have a scheme)"
        case let .refusedByLegacyNSURL(refusal, at):
            let what: String
            switch refusal {
            case let .character(byte): what = byte < 0x80 ? LinkError.describe(byte) : "non-ASCII byte \(LinkError.describe(byte))"
            case .secondHash: what = "a second '#'"
            case .percent: what = "'%' without two hex digits"
            }
            return "URL(string:) before iOS 17 returns nil: \(what) at offset \(at)"
        case let .refusedRequestTarget(.byte(byte), at):
            let what = byte < 0x80 ? LinkError.describe(byte) : "raw non-ASCII byte \(LinkError.describe(byte))"
            return "Node's HTTP parser refuses \(what) at offset \(at) in a request target (400, so no route runs): percent-encode it (--lenient does)"
        case .refusedRequestTarget(.form, _):
            return "not a request target: Node's HTTP parser takes '/path', 'scheme://host/path' or '*' (400, so no route runs)"
        }
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20: return "' '"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
}
