/// A link as Android's `Uri.parse(String)` reads it for `IntentFilter.matchData`, ported from
/// core/java/android/net/Uri.java (aosp-mirror/platform_frameworks_base 0022c781) `StringUri`
/// and `AbstractHierarchicalUri`: it refuses nothing, and it works on the UTF-16 units of the
/// text, as a Java `String` holds them. Host and path are decoded by `UriCodec.decode`.
struct AndroidURI {
    /// `getScheme()`: everything before the first `:`, or nil without one.
    let scheme: ArraySlice<UInt16>?
    /// `getHost()`, decoded: nil without a `//` authority.
    let host: [UInt16]?
    /// `getPort()`: -1 without one, or where `Integer.parseInt` cannot read it.
    let port: Int32
    /// `getPath()`, decoded: nil for an opaque link (no `/` after the scheme's `:`), empty for an
    /// authority with nothing after it.
    let path: [UInt16]?

    /// The link `text` (UTF-8) as `Uri.parse` reads it.
    init(_ text: [UInt8]) {
        let s = Array(String(decoding: text, as: UTF8.self).utf16)
        let n = s.count
        let slash = UInt16(UInt8(ascii: "/")), backslash = UInt16(UInt8(ascii: "\\"))
        let question = UInt16(UInt8(ascii: "?")), hash = UInt16(UInt8(ascii: "#"))
        // findSchemeSeparator, parseScheme
        let ssi = s.firstIndex(of: UInt16(UInt8(ascii: ":"))) ?? -1
        scheme = ssi == -1 ? nil : s[0..<ssi]
        // parseAuthority: after `//`, up to `/`, `\`, `?` or `#`
        var authority: Range<Int>?
        if n > ssi + 2, s[ssi + 1] == slash, s[ssi + 2] == slash {
            var end = ssi + 3
            while end < n, s[end] != slash, s[end] != backslash, s[end] != question, s[end] != hash { end += 1 }
            authority = (ssi + 3)..<end
        }
        // parseHost, parsePort (findPortSeparator: a `:` followed by digits only, from the end)
        if let authority {
            var portSeparator: Int?
            var i = authority.upperBound - 1
            while i >= authority.lowerBound {
                if s[i] == UInt16(UInt8(ascii: ":")) { portSeparator = i; break }
                if s[i] < 0x30 || s[i] > 0x39 { break }
                i -= 1
            }
            let at = s[authority].lastIndex(of: UInt16(UInt8(ascii: "@"))).map { $0 + 1 } ?? authority.lowerBound
            host = Self.decoded(s[at..<(portSeparator ?? authority.upperBound)])
            if let portSeparator {
                let digits = String(decoding: s[(portSeparator + 1)..<authority.upperBound], as: UTF16.self)
                port = JavaText.parseInt(digits) ?? -1
            } else {
                port = -1
            }
        } else {
            host = nil
            port = -1
        }
        path = Self.encodedPath(s, schemeSeparator: ssi, authorityEnd: authority?.upperBound).map { Self.decoded(s[$0]) }
    }

    /// `StringUri.parsePath`: where the encoded path lies in `s`, or nil for an opaque link.
    private static func encodedPath(_ s: [UInt16], schemeSeparator ssi: Int, authorityEnd: Int?) -> Range<Int>? {
        if ssi > -1, ssi + 1 == s.count || s[ssi + 1] != UInt16(UInt8(ascii: "/")) { return nil }
        // the path starts where the authority ends (at `/` or `\`; at `?` or `#` it is empty)
        let start = authorityEnd ?? ssi + 1
        if start < s.count, s[start] == UInt16(UInt8(ascii: "?")) || s[start] == UInt16(UInt8(ascii: "#")) { return start..<start }
        var end = start
        while end < s.count, s[end] != UInt16(UInt8(ascii: "?")), s[end] != UInt16(UInt8(ascii: "#")) { end += 1 }
        return start..<end
    }

    /// `UriCodec.decode(s, convertPlus: false, UTF_8, throwOnFailure: false)` (UriCodec.java:88
    /// `appendDecoded`): `%XX` runs decode as UTF-8, each malformed sequence one U+FFFD; a `%`
    /// without two hex digits is one U+FFFD, and where the second is no hex digit the byte read so
    /// far is still kept after it (`%4z` is U+FFFD, U+0004, then what follows the `z`).
    static func decoded(_ s: ArraySlice<UInt16>) -> [UInt16] {
        guard s.contains(UInt16(UInt8(ascii: "%"))) else { return Array(s) }
        var out: [UInt16] = []
        out.reserveCapacity(s.count)
        var bytes: [UInt8] = []
        func flush() {
            guard !bytes.isEmpty else { return }
            JavaText.decodeUTF8(bytes[...], into: &out)
            bytes.removeAll(keepingCapacity: true)
        }
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            i += 1
            guard c == UInt16(UInt8(ascii: "%")) else {
                flush()
                out.append(c)
                continue
            }
            var value: UInt8 = 0
            for _ in 0..<2 {
                guard i < s.endIndex else {
                    flush()
                    out.append(0xFFFD)
                    return out
                }
                let digit = Self.hexValue(s[i])
                i += 1
                guard let digit else {
                    flush()
                    out.append(0xFFFD)
                    break
                }
                value = value &* 16 &+ digit
            }
            bytes.append(value)
        }
        flush()
        return out
    }

    /// `UriCodec.hexCharToValue`.
    private static func hexValue(_ c: UInt16) -> UInt8? {
        switch c {
        case 0x30...0x39: return UInt8(c - 0x30)
        case 0x61...0x66: return UInt8(c - 0x61 + 10)
        case 0x41...0x46: return UInt8(c - 0x41 + 10)
        default: return nil
        }
    }
}
