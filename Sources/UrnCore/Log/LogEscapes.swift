/// The escapes web servers write into log values, undone. nginx writes `"`, `\` and every byte
/// outside printable ASCII as `\xHH` (ngx_http_log_module, `escape=default`); Apache writes
/// `\"`, `\\`, `\b \n \r \t \v` and other controls as `\xhh` (mod_log_config). A backslash
/// before anything else is kept as written.
package enum LogEscapes {
    /// Appends `value` with its escapes undone to `out`.
    package static func appendUnescaped(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var i = 0
        let n = value.count
        while i < n {
            let byte = value[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < n else {
                out.append(byte)
                i += 1
                continue
            }
            let next = value[i + 1]
            switch next {
            case UInt8(ascii: "x") where i + 3 < n:
                if let high = ByteClass.hexValue(value[i + 2]), let low = ByteClass.hexValue(value[i + 3]) {
                    out.append(high << 4 | low)
                    i += 4
                } else {
                    out.append(byte)
                    i += 1
                }
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(next)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "v"): out.append(0x0B)
            default:
                out.append(byte)
                i += 1
                continue
            }
            i += 2
        }
    }
}
