/// Character classes of RFC 3986, each the set of ASCII bytes in it as a 128-bit mask, so that
/// a test is a shift and needs no table in memory. Non-ASCII bytes are in no class.
package struct ByteClass: OptionSet, Sendable {
    /// Bit b set: ASCII byte b is in the class.
    package let rawValue: UInt128
    @inlinable package init(rawValue: UInt128) { self.rawValue = rawValue }

    /// ALPHA.
    package static let alpha = ByteClass(rawValue: 0x07ff_fffe_07ff_fffe_0000_0000_0000_0000)
    /// DIGIT.
    package static let digit = ByteClass(rawValue: 0x0000_0000_0000_0000_03ff_0000_0000_0000)
    /// HEXDIG.
    package static let hex = ByteClass(rawValue: 0x0000_007e_0000_007e_03ff_0000_0000_0000)
    /// `-` `.` `_` `~`, the unreserved marks.
    package static let mark = ByteClass(rawValue: 0x4000_0000_8000_0000_0000_6000_0000_0000)
    /// sub-delims: `! $ & ' ( ) * + , ; =`.
    package static let subDelim = ByteClass(rawValue: 0x0000_0000_0000_0000_2800_1fd2_0000_0000)
    /// `:` and `@`, the extra characters of pchar.
    package static let pcharExtra = ByteClass(rawValue: 0x0000_0000_0000_0001_0400_0000_0000_0000)
    /// Characters RFC 3986 never allows unencoded: controls, space, `" < > \ ^ ` { | }`, DEL.
    package static let forbidden = ByteClass(rawValue: 0xb800_0001_5000_0000_5000_0005_ffff_ffff)

    /// `/`.
    package static let slash = ByteClass(rawValue: 1 << 0x2F)
    /// `?`.
    package static let question = ByteClass(rawValue: 1 << 0x3F)
    /// `:`.
    package static let colon = ByteClass(rawValue: 1 << 0x3A)

    /// unreserved = ALPHA / DIGIT / mark.
    package static let unreserved: ByteClass = [.alpha, .digit, .mark]
    /// pchar without pct-encoded.
    package static let pchar: ByteClass = [.alpha, .digit, .mark, .subDelim, .pcharExtra]
    /// A path: pchar and `/`.
    package static let pathSegments: ByteClass = [.pchar, .slash]
    /// A query or fragment: pchar, `/` and `?`.
    package static let queryOrFragment: ByteClass = [.pchar, .slash, .question]
    /// The userinfo: unreserved, sub-delims and `:`.
    package static let userinfo: ByteClass = [.unreserved, .subDelim, .colon]

    /// Whether `byte` belongs to any of `classes`.
    @inlinable
    package static func test(_ byte: UInt8, _ classes: ByteClass) -> Bool {
        byte < 128 && (classes.rawValue >> UInt128(byte)) & 1 != 0
    }

    /// The value of a hex digit, or nil.
    @inlinable
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// ASCII lower case of `byte`.
    @inlinable
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// The ASCII upper case of `byte`; other bytes unchanged.
    @inline(__always)
    @inlinable package static func uppercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte
    }
}
