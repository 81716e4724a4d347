/// One entry of an apple-app-site-association file's `applinks`: a `components` dictionary or
/// a legacy `paths` string, with the apps of its `details` entry. iOS tries the entries of a
/// detail in order and the first that matches decides: the app opens, or with `exclude` (`NOT `)
/// it does not; then the next detail is tried.
@_spi(Records) public struct UniversalLinkRule: Sendable {
    /// What a component tests the query with.
    package enum QueryTest: Sendable {
        /// The whole query (without `?`) against one pattern.
        case whole(WildcardPattern)
        /// Each named query item's value against its pattern: an item the link lacks counts as
        /// empty, and one it has several times must match in each.
        case items([(name: [UInt8], pattern: WildcardPattern)])
    }

    /// The app IDs of the detail (`appID`, or `appIDs` in order).
    @_spi(Records) public let appIDs: [String]
    /// The 0-based index of the detail in `details`.
    @_spi(Records) public let detail: Int
    /// The 0-based index of the entry in the detail's `components` (or `paths`).
    @_spi(Records) public let component: Int
    /// A match keeps the link from opening the app (`exclude`, or a legacy `NOT `).
    @_spi(Records) public let exclude: Bool
    /// A legacy `paths` entry (the path alone decides).
    @_spi(Records) public let legacy: Bool
    /// The pattern for the path (`/`).
    package let path: WildcardPattern
    /// The test of the query (`?`).
    package let query: QueryTest
    /// The pattern for the fragment (`#`).
    package let fragment: WildcardPattern
    /// Patterns compare with the link's components as written (`percentEncoded`, the default);
    /// otherwise with the components percent-decoded.
    package let percentEncoded: Bool
    /// The first query item of the component's `?` dictionary whose value is no string, which
    /// makes the whole dictionary ignored (as `swcd` reads it); nil when there is none.
    package let ignoredQueryItem: String?

    /// A rule.
    package init(appIDs: [String], detail: Int, component: Int, exclude: Bool, legacy: Bool, path: WildcardPattern,
                 query: QueryTest, fragment: WildcardPattern, percentEncoded: Bool, ignoredQueryItem: String? = nil) {
        self.appIDs = appIDs
        self.detail = detail
        self.component = component
        self.exclude = exclude
        self.legacy = legacy
        self.path = path
        self.query = query
        self.fragment = fragment
        self.percentEncoded = percentEncoded
        self.ignoredQueryItem = ignoredQueryItem
    }

    /// The rule written as one line (a route's `pattern`): the path pattern, `?` and the query
    /// pattern or items, `#` and the fragment pattern, each only when it is not `*`, and `NOT `
    /// first for an exclusion; a legacy entry as written.
    package var text: String {
        var text = exclude ? "NOT " : ""
        text += path.text
        switch query {
        case let .whole(pattern) where !pattern.matchesEverything: text += "?" + pattern.text
        case let .items(items):
            text += "?" + items.map { String(decoding: $0.name, as: UTF8.self) + "=" + $0.pattern.text }.joined(separator: "&")
        default: break
        }
        if !fragment.matchesEverything { text += "#" + fragment.text }
        return text
    }

    /// Whether the rule matches everything a link can be (the path, query and fragment tests are all `*`).
    package var matchesEverything: Bool {
        guard path.matchesEverything, fragment.matchesEverything else { return false }
        if case let .whole(pattern) = query { return pattern.matchesEverything }
        return false
    }

    /// Whether `link`'s path, query and fragment are what the rule asks for (host and scheme
    /// are the table's test). An absent query or fragment is empty.
    package func accepts(_ link: Link) throws(Regex.MatchError) -> Bool {
        try refusal(link) == nil
    }

    /// Which of the rule's tests `link` fails first (path, query, fragment), or nil when it
    /// passes them all.
    package func refusal(_ link: Link) throws(Regex.MatchError) -> Refusal? {
        let text = link.text
        guard try path.matches(WildcardPattern.pathValue(value(text[link.path]))) else { return .path }
        if legacy { return nil }
        switch query {
        case let .whole(pattern):
            guard try pattern.matches(value(link[link.query] ?? [])) else { return .query }
        case let .items(items):
            for item in items {
                var seen = false
                var refused = false
                var failure: Regex.MatchError?
                link.forEachParameter { key, valueRange in
                    guard !refused, failure == nil else { return }
                    let name = PercentCoding.decodedUTF8(text[key]) ?? Array(text[key])
                    guard name == item.name else { return }
                    seen = true
                    do throws(Regex.MatchError) {
                        refused = try !item.pattern.matches(value(text[valueRange]))
                    } catch {
                        failure = error
                    }
                }
                if let failure { throw failure }
                if !seen { refused = try !item.pattern.matches([][...]) }
                guard !refused else { return .queryItem(String(decoding: item.name, as: UTF8.self)) }
            }
        }
        return try fragment.matches(value(link[link.fragment] ?? [])) ? nil : .fragment
    }

    /// The test a link failed.
    package enum Refusal: Equatable {
        case path, query, queryItem(String), fragment

        /// Said in an explanation.
        package func reason(_ rule: UniversalLinkRule) -> String {
            switch self {
            case .path: return "the path does not match '\(rule.path.text)'"
            case .query: return "the query does not match its pattern"
            case let .queryItem(name): return "query item '\(name)' (empty where the link lacks it) is not what its pattern takes, in every occurrence"
            case .fragment: return "the fragment does not match '\(rule.fragment.text)'"
            }
        }
    }

    /// A component's bytes as the patterns see them: percent-encoded as an `NSURL` holds them
    /// (`percentEncoded`, the default: as written, with the bytes of non-ASCII characters
    /// encoded, so `/café` is `/caf%C3%A9`), or decoded (`+` stays `+`, as in `URLQueryItem`;
    /// bytes that do not decode to UTF-8 stay as written).
    private func value(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if percentEncoded {
            guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
            var encoded: [UInt8] = []
            PercentCoding.encode(bytes, keeping: { $0 < 0x80 }, into: &encoded)
            return encoded[...]
        }
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        return PercentCoding.decodedUTF8(bytes).map { $0[...] } ?? bytes
    }
}
