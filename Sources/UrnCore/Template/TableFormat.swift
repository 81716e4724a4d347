/// The two table formats of `urnfmt --tsv` and `--csv`, and how each escapes a value.
@_spi(Records) public enum TableFormat: Sendable {
    /// Tab-separated; `\t`, `\n`, `\r` and `\\` in values are written as escapes.
    case tsv
    /// RFC 4180: a value with a comma, quote, CR or LF is quoted, quotes doubled; rows end in CRLF.
    case csv

    /// The bytes between two values.
    @_spi(Records) public var separator: UInt8 { self == .tsv ? 0x09 : UInt8(ascii: ",") }

    /// Appends `value`, escaped for the format.
    @_spi(Records) public func append(_ value: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
        switch self {
        case .tsv:
            for byte in value {
                switch byte {
                case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
                case 0x5C: out.append(0x5C); out.append(0x5C)
                default: out.append(byte)
                }
            }
        case .csv:
            let quote = UInt8(ascii: "\"")
            guard value.contains(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
                out.append(value)
                return
            }
            out.append(quote)
            for byte in value {
                if byte == quote { out.append(quote) }
                out.append(byte)
            }
            out.append(quote)
        }
    }
}
