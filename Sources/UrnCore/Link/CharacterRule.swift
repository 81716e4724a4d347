/// The character rules the link parser checks components against, each one bit of a shared
/// 256-entry table, so that testing a byte is one load and one `and`. Non-ASCII bytes pass every
/// rule (IRIs); `%` passes none, since the parser checks its two hex digits itself.
enum CharacterRule: UInt8, CaseIterable {
    /// A path or a name: pchar and `/`.
    case path = 1
    /// A query or fragment: pchar, `/` and `?`.
    case queryOrFragment = 2
    /// The userinfo: unreserved, sub-delims and `:`.
    case userinfo = 4
    /// A registered host name: unreserved and sub-delims.
    case host = 8
    /// pchar, for the text before a `:` that is not a scheme.
    case pchar = 16
    /// A scheme after its first letter: ALPHA, DIGIT, `+`, `-`, `.` (only for ASCII text:
    /// non-ASCII bytes pass every rule).
    case scheme = 32

    /// The bytes of the rule.
    var byteClass: ByteClass {
        switch self {
        case .path: return .pathSegments
        case .queryOrFragment: return .queryOrFragment
        case .userinfo: return .userinfo
        case .host: return [.unreserved, .subDelim]
        case .pchar: return .pchar
        case .scheme: return ByteClass(rawValue: ByteClass.alpha.rawValue | ByteClass.digit.rawValue
                                       | 1 << UInt128(UInt8(ascii: "+")) | 1 << UInt128(UInt8(ascii: "-")) | 1 << UInt128(UInt8(ascii: ".")))
        }
    }

    /// Byte b's entry has the bit of every rule that allows it.
    static let table: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        if byte >= 0x80 { return 0xFF }
        return allCases.reduce(0) { bits, rule in ByteClass.test(byte, rule.byteClass) ? bits | rule.rawValue : bits }
    }
}
