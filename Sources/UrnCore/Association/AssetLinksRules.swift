/// The grammar of Digital Asset Links' strings, as Google's API reads them (its compatibility
/// tests, google/digitalassetlinks compatibility-tests/v1) and Android's verifier agrees: a
/// relation, a web site, an Android package name and a SHA-256 certificate fingerprint.
@_spi(Records) public enum AssetLinksRules {
    /// The relation that App Links need (delegate_permission/common.handle_all_urls).
    @_spi(Records) public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    /// Whether `text` is a relation: `kind/detail`, each one or more of `a-z 0-9 _ .`
    /// (tests 2110–2125: no upper case, blank, wildcard or second `/`).
    @_spi(Records) public static func isRelation(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(isRelationByte) }
    }

    private static func isRelationByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// Whether `text` is a SHA-256 fingerprint as the statements write it: 32 bytes in upper-case
    /// hex, colon-separated (test 2312: lower case is refused, and devices compare as text).
    @_spi(Records) public static func isFingerprint(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 95 else { return false }
        for (i, byte) in bytes.enumerated() {
            if i % 3 == 2 {
                guard byte == UInt8(ascii: ":") else { return false }
            } else {
                guard (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F")) else {
                    return false
                }
            }
        }
        return true
    }

    /// What is wrong with a fingerprint that `isFingerprint` refuses.
    @_spi(Records) public static func fingerprintProblem(_ text: String) -> String {
        if isFingerprint(text.uppercased()) { return "it is in lower case: fingerprints are upper-case hex, compared as text" }
        let hex = text.filter { $0 != ":" }
        if hex.count == 64, hex.allSatisfy(\.isHexDigit) { return "its bytes are not separated by ':'" }
        return "it is not 32 bytes of hex separated by ':' (AA:BB:…, 95 characters)"
    }

    /// Whether `text` is an Android package name: two or more segments separated by `.`, each a
    /// letter then letters, digits and `_` (FrameworkParsingPackageUtils.validateName).
    @_spi(Records) public static func isPackageName(_ text: String) -> Bool {
        let segments = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return segments.count >= 2 && segments.allSatisfy { segment in
            guard let first = segment.first, isLetter(first) else { return false }
            return segment.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_") }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// A web site's canonical form, `scheme://host.` with the port when it is not the scheme's
    /// default (the API's own writing: lower case, a trailing dot); nil when `text` is no site:
    /// `http` or `https` (any case), a host, an optional port from 1 to 65535, and nothing else,
    /// not even `/` (tests 2201–2216).
    @_spi(Records) public static func canonicalSite(_ text: String) -> String? {
        guard let (scheme, host, port) = siteParts(text) else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        return scheme + "://" + host + "." + (port == nil || port == defaultPort ? "" : ":\(port!)")
    }

    /// The scheme and host (both lower case, the host without a trailing dot) and port of a site.
    @_spi(Records) public static func siteParts(_ text: String) -> (scheme: String, host: String, port: Int?)? {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var authority = text[separator.upperBound...]
        var port: Int?
        if let colon = authority.lastIndex(of: ":") {
            let digits = authority[authority.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let number = Int(digits),
                  (1...65535).contains(number) else { return nil }
            port = number
            authority = authority[..<colon]
        }
        var host = authority.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        guard isHostName(host) else { return nil }
        return (scheme, host, port)
    }

    /// Whether `host` is a DNS name: labels of letters, digits and `-`, not starting or ending
    /// with `-`, of at most 63 bytes.
    @_spi(Records) public static func isHostName(_ host: String) -> Bool {
        let labels = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return !host.isEmpty && host.utf8.count <= 253 && labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63,
                  first != UInt8(ascii: "-"), last != UInt8(ascii: "-") else { return false }
            return label.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
        }
    }
}
