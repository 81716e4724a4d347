/// Validation of the bracketed host forms of RFC 3986 §3.2.2 (IPv6, IPvFuture) with RFC 6874
/// zone identifiers.
@_spi(Records) public enum IPLiteral {
    /// Checks `text[range]`, the inside of `[...]`.
    static func validate(_ text: [UInt8], _ range: Range<Int>) throws(LinkError) {
        guard let first = range.first.map({ text[$0] }) else {
            throw LinkError.invalidHost("empty IP literal", at: range.lowerBound)
        }
        if first == UInt8(ascii: "v") || first == UInt8(ascii: "V") {
            try validateFuture(text, range)
        } else {
            try validateIPv6(text, range)
        }
    }

    /// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
    private static func validateFuture(_ text: [UInt8], _ range: Range<Int>) throws(LinkError) {
        var i = range.lowerBound + 1
        let hexStart = i
        while i < range.upperBound, ByteClass.test(text[i], .hex) { i += 1 }
        guard i > hexStart, i < range.upperBound, text[i] == UInt8(ascii: ".") else {
            throw LinkError.invalidHost("invalid IPvFuture version", at: i)
        }
        i += 1
        guard i < range.upperBound else { throw LinkError.invalidHost("empty IPvFuture address", at: i) }
        while i < range.upperBound {
            let b = text[i]
            guard ByteClass.test(b, [.unreserved, .subDelim]) || b == UInt8(ascii: ":") else {
                throw LinkError.invalidHost("invalid character in IPvFuture address", at: i)
            }
            i += 1
        }
    }

    /// IPv6address of RFC 3986, optionally followed by `%25` and a zone identifier.
    private static func validateIPv6(_ text: [UInt8], _ range: Range<Int>) throws(LinkError) {
        var end = range.upperBound
        if let percent = text[range].firstIndex(of: UInt8(ascii: "%")) {
            end = percent
            guard percent + 3 < range.upperBound, text[percent + 1] == UInt8(ascii: "2"),
                  text[percent + 2] == UInt8(ascii: "5"),
                  text[(percent + 3)..<range.upperBound].allSatisfy({ ByteClass.test($0, .unreserved) || $0 == UInt8(ascii: "%") })
            else { throw LinkError.invalidHost("invalid IPv6 zone identifier", at: percent) }
        }
        let address = text[range.lowerBound..<end]
        guard isIPv6(address) else { throw LinkError.invalidHost("invalid IPv6 address", at: range.lowerBound) }
    }

    /// Whether `bytes` is an RFC 3986 IPv6address.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        var groups = 0
        var sawDoubleColon = false
        var i = bytes.startIndex
        let end = bytes.endIndex
        if bytes.starts(with: [UInt8(ascii: ":"), UInt8(ascii: ":")]) {
            sawDoubleColon = true
            i += 2
            if i == end { return true }
        } else if bytes.first == UInt8(ascii: ":") {
            return false
        }
        while i < end {
            var j = i
            while j < end, ByteClass.test(bytes[j], .hex) { j += 1 }
            if j < end, bytes[j] == UInt8(ascii: ".") {
                // A trailing IPv4 address stands for two groups.
                guard isIPv4(bytes[i..<end]) else { return false }
                groups += 2
                i = end
                break
            }
            guard j > i, j - i <= 4 else { return false }
            groups += 1
            i = j
            if i == end { break }
            guard bytes[i] == UInt8(ascii: ":") else { return false }
            i += 1
            if i < end, bytes[i] == UInt8(ascii: ":") {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                i += 1
                if i == end { break }
            } else if i == end {
                return false
            }
        }
        return sawDoubleColon ? groups <= 7 : groups == 8
    }

    /// Whether `bytes` is a dotted-decimal IPv4 address (RFC 3986 dec-octet).
    @_spi(Records) public static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return false }
            if part.count > 1 && part.first == UInt8(ascii: "0") { return false }
            return Int(String(decoding: part, as: UTF8.self))! <= 255
        }
    }
}
