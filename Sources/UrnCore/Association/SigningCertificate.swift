/// The SHA-256 fingerprint of an app's signing certificate, from what a user has at hand: the
/// certificate file (PEM or DER, as `keytool -exportcert` or Play Console give it) or the
/// fingerprint itself, in any case, with or without colons.
@_spi(Records) public enum SigningCertificate {
    /// The fingerprint of a certificate file: the digest of its DER bytes (a PEM file's first
    /// `CERTIFICATE` block decoded); nil when the file is neither.
    @_spi(Records) public static func fingerprint(ofFile bytes: [UInt8]) -> String? {
        if let der = pemBody(bytes) { return SHA256.fingerprint(der) }
        // DER: an ASN.1 SEQUENCE
        return bytes.first == 0x30 && bytes.count > 64 ? SHA256.fingerprint(bytes) : nil
    }

    /// A fingerprint as the statements write it (upper case, colons) from `text` written with or
    /// without colons, in any case; nil when it is not 32 bytes of hex.
    @_spi(Records) public static func fingerprint(written text: String) -> String? {
        let hex = text.filter { $0 != ":" }.uppercased()
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { return nil }
        var pairs: [String] = []
        var rest = Substring(hex)
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return pairs.joined(separator: ":")
    }

    /// The bytes of the first `-----BEGIN CERTIFICATE-----` block, base64-decoded.
    private static func pemBody(_ bytes: [UInt8]) -> [UInt8]? {
        let begin = Array("-----BEGIN CERTIFICATE-----".utf8), end = Array("-----END CERTIFICATE-----".utf8)
        guard let start = bytes.firstRange(of: begin)?.upperBound, let stop = bytes[start...].firstRange(of: end)?.lowerBound else { return nil }
        return base64(bytes[start..<stop])
    }

    /// `text` base64-decoded, blanks and line ends skipped; nil for another byte.
    private static func base64(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in text {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out.isEmpty ? nil : out
    }
}
