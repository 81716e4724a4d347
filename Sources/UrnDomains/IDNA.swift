import CIDN2
@_spi(Records) import UrnCore

/// Host names to and from their ASCII form, through libidn2 (IDNA 2008 with UTS #46 mapping),
/// the way curl converts them: non-transitional processing, and transitional processing when
/// that fails (urnfmt(1) DOMAINS).
package enum IDNA {
    /// The ASCII (punycode) form of `host`, UTF-8; a host that is ASCII already is returned as it is.
    package static func ascii(_ host: [UInt8]) throws(IDNError) -> [UInt8] {
        guard host.contains(where: { $0 >= 0x80 }) else { return host }
        let nonTransitional = Int32(IDN2_NFC_INPUT.rawValue | IDN2_NONTRANSITIONAL.rawValue)
        var result = lookup(host, flags: nonTransitional)
        if case .failure = result { result = lookup(host, flags: Int32(IDN2_TRANSITIONAL.rawValue)) }
        switch result {
        case let .success(ascii): return ascii
        case let .failure(reason): throw IDNError(host: host, reason: reason.text, direction: .toASCII)
        }
    }

    /// The Unicode form of `host`: its `xn--` labels decoded; a host without one is returned as it is.
    package static func unicode(_ host: [UInt8]) throws(IDNError) -> [UInt8] {
        guard hasACELabel(host) else { return host }
        var output: UnsafeMutablePointer<CChar>?
        let rc = (host + [0]).withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { idn2_to_unicode_8z8z($0.baseAddress, &output, 0) }
        }
        guard rc == Int32(IDN2_OK.rawValue), let output else {
            throw IDNError(host: host, reason: String(cString: idn2_strerror(rc)), direction: .toUnicode)
        }
        defer { idn2_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: strlen(output)).map { UInt8(bitPattern: $0) })
    }

    /// The WHATWG URL Standard's "domain to ASCII" (UTS #46, non-transitional, not strict) as
    /// libidn2 gives it, nil for failure: an ASCII domain is lower-cased, each `xn--` label
    /// required to decode and kept as written; any other goes through libidn2's lookup. The
    /// URLPattern dialect reads hostnames with it.
    package static func webASCII(_ domain: String) -> String? {
        let bytes = Array(domain.utf8)
        guard bytes.contains(where: { $0 >= 0x80 }) else {
            let lowered = bytes.map(ByteClass.lowercased)
            for label in lowered.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            where label.count > 4 && label.starts(with: "xn--".utf8) {
                guard (try? unicode(Array(label))) != nil else { return nil }
            }
            return String(decoding: lowered, as: UTF8.self)
        }
        guard let ascii = try? self.ascii(bytes), !ascii.isEmpty else { return nil }
        return String(decoding: ascii.map(ByteClass.lowercased), as: UTF8.self)
    }

    /// Whether a label of `host` starts with the ACE prefix `xn--` (any case).
    static func hasACELabel(_ host: [UInt8]) -> Bool {
        host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains { label in
            label.count >= 4 && label.prefix(4).map(ByteClass.lowercased).elementsEqual("xn--".utf8)
        }
    }

    private static func lookup(_ host: [UInt8], flags: Int32) -> Result<[UInt8], ReasonText> {
        var output: UnsafeMutablePointer<UInt8>?
        let rc = (host + [0]).withUnsafeBufferPointer { idn2_lookup_u8($0.baseAddress, &output, flags) }
        guard rc == Int32(IDN2_OK.rawValue), let output else {
            return .failure(ReasonText(text: String(cString: idn2_strerror(rc))))
        }
        defer { idn2_free(output) }
        return .success(Array(UnsafeBufferPointer(start: output, count: strlen(output))))
    }

    /// libidn2's reason, as an `Error` for `Result`.
    private struct ReasonText: Error {
        let text: String
    }
}
