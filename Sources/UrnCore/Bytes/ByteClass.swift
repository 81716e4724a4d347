/// Character classes of RFC 3986 and friends, looked up by byte in one table.
public struct ByteClass: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// ALPHA.
    public static let alpha = ByteClass(rawValue: 1 << 0)
    /// DIGIT.
    public static let digit = ByteClass(rawValue: 1 << 1)
    /// HEXDIG.
    public static let hex = ByteClass(rawValue: 1 << 2)
    /// `-` `.` `_` `~`, the unreserved marks.
    public static let mark = ByteClass(rawValue: 1 << 3)
    /// sub-delims: `! $ & ' ( ) * + , ; =`.
    public static let subDelim = ByteClass(rawValue: 1 << 4)
    /// `:` and `@`, the extra characters of pchar.
    public static let pcharExtra = ByteClass(rawValue: 1 << 5)
    /// Characters RFC 3986 never allows unencoded: controls, space, `" < > \ ^ ` { | }`, DEL.
    public static let forbidden = ByteClass(rawValue: 1 << 6)

    /// unreserved = ALPHA / DIGIT / mark.
    public static let unreserved: ByteClass = [.alpha, .digit, .mark]
    /// pchar without pct-encoded.
    public static let pchar: ByteClass = [.alpha, .digit, .mark, .subDelim, .pcharExtra]

    @usableFromInline
    static let table: [ByteClass] = {
        var t = [ByteClass](repeating: [], count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)].insert(.alpha) }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)].insert(.alpha) }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)].formUnion([.digit, .hex]) }
        for b in "abcdefABCDEF".utf8 { t[Int(b)].insert(.hex) }
        for b in "-._~".utf8 { t[Int(b)].insert(.mark) }
        for b in "!$&'()*+,;=".utf8 { t[Int(b)].insert(.subDelim) }
        for b in ":@".utf8 { t[Int(b)].insert(.pcharExtra) }
        for b in 0..<0x21 { t[b].insert(.forbidden) }
        for b in "\"<>\\^`{|}".utf8 { t[Int(b)].insert(.forbidden) }
        t[0x7F].insert(.forbidden)
        return t
    }()

    /// The classes of `byte`.
    @inlinable
    public static func of(_ byte: UInt8) -> ByteClass { table[Int(byte)] }

    /// Whether `byte` belongs to any of `classes`.
    @inlinable
    public static func test(_ byte: UInt8, _ classes: ByteClass) -> Bool {
        !table[Int(byte)].isDisjoint(with: classes)
    }

    /// The value of a hex digit, or nil.
    @inlinable
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// ASCII lower case of `byte`.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
