/// The URL Standard's percent-encode sets, and UTF-8 percent-encoding with one.
struct PercentEncodeSet: Sendable {
    /// Whether an ASCII byte is in the set (bytes past ASCII always are).
    let contains: @Sendable (UInt8) -> Bool

    static let c0Control = PercentEncodeSet { $0 <= 0x1F || $0 >= 0x7F }
    static let fragment = PercentEncodeSet { c0Control.contains($0) || " \"<>`".utf8.contains($0) }
    static let query = PercentEncodeSet { c0Control.contains($0) || " \"#<>".utf8.contains($0) }
    static let specialQuery = PercentEncodeSet { query.contains($0) || $0 == UInt8(ascii: "'") }
    static let path = PercentEncodeSet { query.contains($0) || "?^`{}".utf8.contains($0) }
    static let userinfo = PercentEncodeSet { path.contains($0) || "/:;=@[\\]|".utf8.contains($0) }

    /// `scalar`'s UTF-8 bytes, each in the set written `%XX`.
    func encode(_ scalar: Unicode.Scalar) -> String {
        var out = ""
        for byte in String(scalar).utf8 {
            if contains(byte) {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    /// `bytes` with every `%XX` decoded.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = Character(Unicode.Scalar(bytes[i + 1])).hexDigitValue, let low = Character(Unicode.Scalar(bytes[i + 2])).hexDigitValue {
                out.append(UInt8(high << 4 | low))
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}
