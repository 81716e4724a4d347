/// Syntax- and scheme-based normalization of RFC 3986 §6.2.2–6.2.3 (`--normalize`).
public enum LinkNormalizer {
    /// The default ports dropped by scheme-based normalization (IANA's, for the schemes links use).
    static let defaultPorts: [String: Int] = [
        "http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "ftps": 990, "sftp": 22, "scp": 22, "ssh": 22,
        "telnet": 23, "smtp": 25, "smtps": 465, "gopher": 70, "pop3": 110, "pop3s": 995, "imap": 143,
        "imaps": 993, "ldap": 389, "ldaps": 636, "rtsp": 554, "smb": 445, "smbs": 445, "dict": 2628,
        "tftp": 69, "mqtt": 1883, "nntp": 119, "git": 9418, "redis": 6379, "postgres": 5432, "mysql": 3306,
    ]

    /// The default port of `scheme` (lower case), if the toolkit knows one.
    public static func defaultPort(ofScheme scheme: some Collection<UInt8>) -> Int? {
        defaultPorts[String(decoding: scheme, as: UTF8.self)]
    }

    /// The normalized text of `link`: lower-case scheme and host, upper-case percent-encoding
    /// with unreserved characters decoded, dot segments removed, default port and empty http(s)
    /// path normalized. URNs get RFC 8141 equivalence (case of `urn` and NID, percent-encoding).
    public static func normalized(_ link: Link) -> [UInt8] {
        let text = link.text
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var scheme: [UInt8] = []
        if let range = link.scheme {
            scheme = text[range].map(ByteClass.lowercased)
            out += scheme
            out.append(UInt8(ascii: ":"))
        }
        switch link.kind {
        case .urn:
            out += text[link.nid!].map(ByteClass.lowercased)
            out.append(UInt8(ascii: ":"))
            normalizePercent(text[link.nss!], decodeUnreserved: false, into: &out)
            if let r = link.urnR { out += "?+".utf8; normalizePercent(text[r], decodeUnreserved: false, into: &out) }
            if let q = link.urnQ { out += "?=".utf8; normalizePercent(text[q], decodeUnreserved: false, into: &out) }
            if let f = link.urnF { out += "#".utf8; normalizePercent(text[f], decodeUnreserved: false, into: &out) }
            return out
        case .opaque:
            if link.reference.authority != nil { out += "//".utf8 }  // Compass S://name
            normalizePercent(text[link.path], into: &out)
        case .url, .relative:
            if link.reference.authority != nil {
                out += "//".utf8
                if let user = link.user {
                    normalizePercent(text[user], into: &out)
                    if let password = link.password {
                        out.append(UInt8(ascii: ":"))
                        normalizePercent(text[password], into: &out)
                    }
                    out.append(UInt8(ascii: "@"))
                }
                if let host = link.host {
                    // decode first, then lower-case: `ex%41mple` is `example`, not `exAmple`
                    let start = out.count
                    normalizePercent(text[host], into: &out)
                    lowercaseOutsideEscapes(&out, from: start)
                }
                if let port = link.port, port != defaultPort(ofScheme: scheme) {
                    out.append(UInt8(ascii: ":"))
                    out += String(port).utf8
                }
            }
            var path: [UInt8] = []
            normalizePercent(text[link.path], into: &path)
            if link.kind == .url || path.first == UInt8(ascii: "/") {
                path = LinkResolver.removeDotSegments(ArraySlice(path))
            }
            if path.isEmpty, link.kind == .url, scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) {
                path = [UInt8(ascii: "/")]
            }
            out += URIReference.recomposablePath(path, hasAuthority: link.reference.authority != nil,
                                                 hasScheme: link.scheme != nil)
        }
        if let query = link.query { out.append(UInt8(ascii: "?")); normalizePercent(text[query], into: &out) }
        if let fragment = link.fragment { out.append(UInt8(ascii: "#")); normalizePercent(text[fragment], into: &out) }
        return out
    }

    /// Lower-cases the ASCII letters of `out[start...]`, leaving the hex digits of `%XX` alone.
    static func lowercaseOutsideEscapes(_ out: inout [UInt8], from start: Int) {
        var i = start
        while i < out.count {
            if out[i] == UInt8(ascii: "%") { i += 3; continue }
            out[i] = ByteClass.lowercased(out[i])
            i += 1
        }
    }

    /// Appends `bytes` with `%xx` in upper case, decoding those of unreserved characters.
    static func normalizePercent(_ bytes: ArraySlice<UInt8>, decodeUnreserved: Bool = true, into out: inout [UInt8]) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
               let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) {
                let value = hi << 4 | lo
                if decodeUnreserved && ByteClass.test(value, .unreserved) {
                    out.append(value)
                } else {
                    PercentCoding.appendEscape(value, to: &out)
                }
                i += 3
            } else {
                out.append(b)
                i += 1
            }
        }
    }
}
