/// A link's text cut into what near misses change (`ExampleLinks.nearMisses`): the part
/// before the path (`scheme://host`, `scheme:` or nothing), the path's segments, and the
/// query and fragment after them.
struct LinkText {
    /// `scheme://authority`, `scheme:`, or empty.
    let head: String
    /// The host within `head`, if it has one.
    let host: String?
    /// The path's segments; a leading separator gives an empty first one.
    let segments: [String]
    /// `?query#fragment`, as written.
    let tail: String
    /// What separates the segments: `/`, or a Compass name's delimiter.
    let separator: String

    /// The parts of `link`, whose path is split on `delimiter`.
    init(_ link: String, delimiter: String) {
        separator = delimiter.isEmpty ? "/" : delimiter
        var rest = Substring(link)
        if let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
           !rest[..<colon].isEmpty, separator == "/" || rest[rest.index(after: colon)...].hasPrefix("//") {
            var end = rest.index(after: colon)
            var host: String?
            if rest[end...].hasPrefix("//") {
                let authorityStart = rest.index(end, offsetBy: 2)
                end = rest[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
                let authority = rest[authorityStart..<end]
                let hostStart = authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex
                let hostEnd = authority[hostStart...].lastIndex(of: ":") ?? authority.endIndex
                host = String(authority[hostStart..<hostEnd])
            }
            head = String(rest[..<end])
            self.host = host
            rest = rest[end...]
        } else {
            head = ""
            host = nil
        }
        let pathEnd = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        tail = String(rest[pathEnd...])
        let path = String(rest[..<pathEnd])
        segments = path.isEmpty ? [] : path.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
    }

    private func joined(_ segments: [String], head: String? = nil) -> String {
        (head ?? self.head) + segments.joined(separator: separator) + tail
    }

    /// The link without its last non-empty segment; nil when it has none to lose.
    func withoutLastSegment() -> String? {
        var kept = segments
        if kept.last == "" { kept.removeLast() }
        guard let last = kept.last, !last.isEmpty else { return nil }
        kept.removeLast()
        // the root path stays `/`, except after an authority, where no path is the link's own form
        if kept == [""] { kept = head.contains("//") ? [] : ["", ""] }
        return joined(kept)
    }

    /// The link with `segment` added at the end of its path.
    func withSegment(_ segment: String) -> String {
        var grown = segments
        if grown.last == "" { grown.removeLast() }
        if grown.isEmpty, separator == "/", !head.isEmpty { grown = [""] }
        return joined(grown + [segment])
    }

    /// The link with a trailing `/` added to its path, or taken away.
    func withTrailingSlashToggled() -> String {
        if segments.count > 1, segments.last == "" { return joined(Array(segments.dropLast())) }
        return joined((segments.isEmpty ? [""] : segments) + [""])
    }

    /// The link with the segment holding the encoded `value` changed to hold `other` instead;
    /// nil when no segment holds it.
    func replacingSegmentValue(_ value: String, with other: String) -> String? {
        let encoded = Self.encoded(value)
        guard let index = segments.firstIndex(where: { $0.contains(encoded) }),
              let range = segments[index].firstRange(of: encoded) else { return nil }
        var changed = segments
        changed[index].replaceSubrange(range, with: Self.encoded(other))
        return joined(changed)
    }

    /// The link with its first segment equal to `segment` replaced by `other`, or else its host
    /// when that is `segment` (an app link's first component); nil when neither is.
    func replacingSegment(_ segment: String, with other: String) -> String? {
        guard let index = segments.firstIndex(of: segment) else {
            return host == segment ? withHost(other) : nil
        }
        var changed = segments
        changed[index] = other
        return joined(changed)
    }

    /// The link with another host; nil when it has none.
    func withHost(_ other: String) -> String? {
        guard let host, !host.isEmpty, let range = head.ranges(of: host).last else { return nil }
        var changed = head
        changed.replaceSubrange(range, with: other)
        return joined(segments, head: changed)
    }

    private static func encoded(_ text: String) -> String {
        var out: [UInt8] = []
        PercentCoding.encode(text.utf8, keeping: LinkBuilder.keepsInSegment, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
