/// Syntax- and scheme-based normalization of RFC 3986 §6.2.2–6.2.3 (`--normalize`).
@_spi(Records) public enum LinkNormalizer {
    /// The default ports dropped by scheme-based normalization (IANA's, for the schemes links use).
    static let defaultPorts: [String: Int] = [
        "http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "ftps": 990, "sftp": 22, "scp": 22, "ssh": 22,
        "telnet": 23, "smtp": 25, "smtps": 465, "gopher": 70, "pop3": 110, "pop3s": 995, "imap": 143,
        "imaps": 993, "ldap": 389, "ldaps": 636, "rtsp": 554, "smb": 445, "smbs": 445, "dict": 2628,
        "tftp": 69, "mqtt": 1883, "nntp": 119, "git": 9418, "redis": 6379, "postgres": 5432, "mysql": 3306,
    ]

    /// The default port of `scheme` (lower case), if the toolkit knows one.
    @_spi(Records) public static func defaultPort(ofScheme scheme: some Collection<UInt8>) -> Int? {
        defaultPorts[String(decoding: scheme, as: UTF8.self)]
    }

    /// The character set of a normalized link outside its host.
    @_spi(Records) public enum Form: Sendable {
        /// A URI: non-ASCII text percent-encoded as UTF-8 (RFC 3987 §3.1), so that an IRI and
        /// the URI it maps to normalize alike.
        case uri
        /// An IRI: percent-encoded UTF-8 that is safe to show decoded (RFC 3987 §3.2), `--iri`.
        case iri
    }

    /// The normalized text of `link`: lower-case scheme and host, upper-case percent-encoding
    /// with unreserved characters decoded, dot segments removed, default port and empty http(s)
    /// path normalized, and outside the host the text in `form`. URNs get RFC 8141 equivalence
    /// (case of `urn` and NID, percent-encoding).
    @_spi(Records) public static func normalized(_ link: Link, form: Form = .uri) -> [UInt8] {
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
            normalizePercent(text[link.nss!], decodeUnreserved: false, form: form, into: &out)
            if let r = link.urnR { out += "?+".utf8; normalizePercent(text[r], decodeUnreserved: false, form: form, into: &out) }
            if let q = link.urnQ { out += "?=".utf8; normalizePercent(text[q], decodeUnreserved: false, form: form, into: &out) }
            if let f = link.urnF { out += "#".utf8; normalizePercent(text[f], decodeUnreserved: false, form: form, into: &out) }
            return out
        case .opaque:
            if link.reference.authority != nil { out += "//".utf8 }  // Compass S://name
            normalizePercent(text[link.path], form: form, into: &out)
        case .url, .relative:
            if link.reference.authority != nil {
                out += "//".utf8
                if let user = link.user {
                    normalizePercent(text[user], form: form, into: &out)
                    if let password = link.password {
                        out.append(UInt8(ascii: ":"))
                        normalizePercent(text[password], form: form, into: &out)
                    }
                    out.append(UInt8(ascii: "@"))
                }
                if let host = link.host {
                    // decode first, then lower-case: `ex%41mple` is `example`, not `exAmple`
                    let start = out.count
                    normalizePercent(text[host], form: nil, into: &out)
                    lowercaseOutsideEscapes(&out, from: start)
                }
                if let port = link.port, port != defaultPort(ofScheme: scheme) {
                    out.append(UInt8(ascii: ":"))
                    out += String(port).utf8
                }
            }
            var path: [UInt8] = []
            normalizePercent(text[link.path], form: form, into: &path)
            if link.kind == .url || path.first == UInt8(ascii: "/") {
                path = LinkResolver.removeDotSegments(ArraySlice(path))
            }
            if path.isEmpty, link.kind == .url, scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) {
                path = [UInt8(ascii: "/")]
            }
            out += URIReference.recomposablePath(path, hasAuthority: link.reference.authority != nil,
                                                 hasScheme: link.scheme != nil)
        }
        if let query = link.query { out.append(UInt8(ascii: "?")); normalizePercent(text[query], form: form, into: &out) }
        if let fragment = link.fragment { out.append(UInt8(ascii: "#")); normalizePercent(text[fragment], form: form, into: &out) }
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

    /// Appends `bytes` with `%xx` in upper case, decoding those of unreserved characters, and
    /// non-ASCII text in `form` (nil: as written, for the host, whose form is `HostForm`'s).
    static func normalizePercent(_ bytes: ArraySlice<UInt8>, decodeUnreserved: Bool = true, form: Form?,
                                 into out: inout [UInt8]) {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex,
               let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) {
                let value = hi << 4 | lo
                if value >= 0x80, form == .iri, let length = showableEscapedCharacter(bytes[i...]) {
                    for k in 0..<length { out.append(escapedByte(bytes, at: i + 3 * k)) }
                    i += 3 * length
                    continue
                }
                if decodeUnreserved && ByteClass.test(value, .unreserved) {
                    out.append(value)
                } else {
                    PercentCoding.appendEscape(value, to: &out)
                }
                i += 3
            } else if b >= 0x80, form == .uri {
                PercentCoding.appendEscape(b, to: &out)
                i += 1
            } else {
                out.append(b)
                i += 1
            }
        }
    }

    /// The byte that the escape `%XX` at `index` stands for (checked by the caller).
    private static func escapedByte(_ bytes: ArraySlice<UInt8>, at index: Int) -> UInt8 {
        ByteClass.hexValue(bytes[index + 1])! << 4 | ByteClass.hexValue(bytes[index + 2])!
    }

    /// How many escapes at the start of `bytes` spell one UTF-8 character that an IRI may show
    /// (RFC 3987 §2.2 `ucschar`, less the bidirectional formatting characters of §4.1), or nil.
    static func showableEscapedCharacter(_ bytes: ArraySlice<UInt8>) -> Int? {
        var sequence: [UInt8] = []
        var i = bytes.startIndex
        while sequence.count < 4, i + 2 < bytes.endIndex, bytes[i] == UInt8(ascii: "%"),
              let hi = ByteClass.hexValue(bytes[i + 1]), let lo = ByteClass.hexValue(bytes[i + 2]) {
            let value = hi << 4 | lo
            if !sequence.isEmpty && value & 0xC0 != 0x80 { break }
            sequence.append(value)
            i += 3
            let expected = sequence[0] >= 0xF0 ? 4 : sequence[0] >= 0xE0 ? 3 : sequence[0] >= 0xC0 ? 2 : 0
            guard expected > 0 else { return nil }
            if sequence.count == expected { break }
        }
        guard let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first,
              String(validating: sequence, as: UTF8.self)?.unicodeScalars.count == 1 else { return nil }
        let v = scalar.value
        let bidi = v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        let ucschar = (0xA0...0xD7FF).contains(v) || (0xF900...0xFDCF).contains(v) || (0xFDF0...0xFFEF).contains(v)
            || ((0x10000...0xEFFFD).contains(v) && v & 0xFFFE != 0xFFFE)
        return ucschar && !bidi ? sequence.count : nil
    }
}
