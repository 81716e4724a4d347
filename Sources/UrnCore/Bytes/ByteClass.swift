/// Character classes of RFC 3986, each the set of ASCII bytes in it as a 128-bit mask, so that
/// a test is a shift and needs no table in memory. Non-ASCII bytes are in no class.
@_spi(Records) public struct ByteClass: OptionSet, Sendable {
    /// Bit b set: ASCII byte b is in the class.
    @_spi(Records) public let rawValue: UInt128
    @inlinable @_spi(Records) public init(rawValue: UInt128) { self.rawValue = rawValue }

    /// ALPHA.
    @_spi(Records) public static let alpha = ByteClass(rawValue: 0x07ff_fffe_07ff_fffe_0000_0000_0000_0000)
    /// DIGIT.
    @_spi(Records) public static let digit = ByteClass(rawValue: 0x0000_0000_0000_0000_03ff_0000_0000_0000)
    /// HEXDIG.
    @_spi(Records) public static let hex = ByteClass(rawValue: 0x0000_007e_0000_007e_03ff_0000_0000_0000)
    /// `-` `.` `_` `~`, the unreserved marks.
    @_spi(Records) public static let mark = ByteClass(rawValue: 0x4000_0000_8000_0000_0000_6000_0000_0000)
    /// sub-delims: `! $ & ' ( ) * + , ; =`.
    @_spi(Records) public static let subDelim = ByteClass(rawValue: 0x0000_0000_0000_0000_2800_1fd2_0000_0000)
    /// `:` and `@`, the extra characters of pchar.
    @_spi(Records) public static let pcharExtra = ByteClass(rawValue: 0x0000_0000_0000_0001_0400_0000_0000_0000)
    /// Characters RFC 3986 never allows unencoded: controls, space, `" < > \ ^ ` { | }`, DEL.
    @_spi(Records) public static let forbidden = ByteClass(rawValue: 0xb800_0001_5000_0000_5000_0005_ffff_ffff)

    /// `/`.
    @_spi(Records) public static let slash = ByteClass(rawValue: 1 << 0x2F)
    /// `?`.
    @_spi(Records) public static let question = ByteClass(rawValue: 1 << 0x3F)
    /// `:`.
    @_spi(Records) public static let colon = ByteClass(rawValue: 1 << 0x3A)

    /// unreserved = ALPHA / DIGIT / mark.
    @_spi(Records) public static let unreserved: ByteClass = [.alpha, .digit, .mark]
    /// pchar without pct-encoded.
    @_spi(Records) public static let pchar: ByteClass = [.alpha, .digit, .mark, .subDelim, .pcharExtra]
    /// A path: pchar and `/`.
    @_spi(Records) public static let pathSegments: ByteClass = [.pchar, .slash]
    /// A query or fragment: pchar, `/` and `?`.
    @_spi(Records) public static let queryOrFragment: ByteClass = [.pchar, .slash, .question]
    /// The userinfo: unreserved, sub-delims and `:`.
    @_spi(Records) public static let userinfo: ByteClass = [.unreserved, .subDelim, .colon]

    /// Whether `byte` belongs to any of `classes`.
    @inlinable
    @_spi(Records) public static func test(_ byte: UInt8, _ classes: ByteClass) -> Bool {
        byte < 128 && (classes.rawValue >> UInt128(byte)) & 1 != 0
    }

    /// The value of a hex digit, or nil.
    @inlinable
    @_spi(Records) public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// ASCII lower case of `byte`.
    @inlinable
    @_spi(Records) public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The ASCII upper case of `byte`; other bytes unchanged.
    @inline(__always)
    @inlinable @_spi(Records) public static func uppercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte
    }
}
