/// One `<intent-filter>` of an AndroidManifest.xml that takes web and deep links (action
/// `VIEW`, category `BROWSABLE`), with all its `<data>` elements merged as Android merges them:
/// every scheme with every host and port, and with every path attribute.
@_spi(Records) public struct IntentFilterRule: Sendable {
    /// One `android:host` (with the `android:port` of its element): `*` first takes any host
    /// ending in the rest, `*` alone any host (IntentFilter.java `AuthorityEntry`).
    @_spi(Records) public struct Authority: Sendable, Equatable {
        /// The host as written.
        @_spi(Records) public let host: String
        /// The port, if the element gives one (`Integer.parseInt` of it; a negative one is none).
        @_spi(Records) public let port: Int?
        /// What follows a leading `*`, or the whole host, in UTF-16 units.
        let name: [UInt16]
        /// The host starts with `*`.
        let wild: Bool

        /// The authority of `host` and `port`.
        @_spi(Records) public init(host: String, port: Int?) {
            self.host = host
            self.port = port.flatMap { $0 < 0 ? nil : $0 }
            wild = host.hasPrefix("*")
            name = Array(host.utf16.dropFirst(wild ? 1 : 0))
        }

        /// Whether it takes the link `uri` (`AuthorityEntry.match(Uri, false)`): a host, whose
        /// end (wild) or whole is this one as `String.compareToIgnoreCase` compares, and the
        /// port, when one is given.
        func accepts(_ uri: AndroidURI) -> Bool {
            guard let host = uri.host else { return false }
            guard host.count >= name.count else { return false }
            guard JavaText.equalIgnoringCase(wild ? host.suffix(name.count) : host[...], name[...]) else { return false }
            if let port { return Int32(clamping: port) == uri.port }
            return true
        }
    }

    /// The activity (or activity alias), its name completed with the manifest's package.
    @_spi(Records) public let activity: String
    /// The 0-based index of the filter among the manifest's link filters.
    @_spi(Records) public let filter: Int
    /// The filter asks Android to verify its hosts (`android:autoVerify="true"`).
    @_spi(Records) public let autoVerify: Bool
    /// The filter also has category `DEFAULT` (without it, an implicit intent does not reach it).
    @_spi(Records) public let hasDefaultCategory: Bool
    /// `android:scheme` values, in order.
    @_spi(Records) public let schemes: [String]
    /// `android:host` values, with their ports, in order.
    @_spi(Records) public let authorities: [Authority]
    /// Path attributes, in order.
    @_spi(Records) public let paths: [AndroidPathMatcher]
    /// Some `<data>` gives a `mimeType`: a link (an intent without a type) never matches.
    @_spi(Records) public let hasMimeType: Bool
    /// The `<data>` elements as written, each its scheme and host (for `--check`).
    @_spi(Records) public let elements: [(scheme: String?, host: String?)]

    /// A rule.
    @_spi(Records) public init(activity: String, filter: Int, autoVerify: Bool, hasDefaultCategory: Bool, schemes: [String],
                authorities: [Authority], paths: [AndroidPathMatcher], hasMimeType: Bool,
                elements: [(scheme: String?, host: String?)]) {
        self.activity = activity
        self.filter = filter
        self.autoVerify = autoVerify
        self.hasDefaultCategory = hasDefaultCategory
        self.schemes = schemes
        self.authorities = authorities
        self.paths = paths
        self.hasMimeType = hasMimeType
        self.elements = elements
    }

    /// The filter written as one line (a route's `pattern`): `SCHEMES://HOSTS` with the lists
    /// comma-separated and a port after its host, then each path attribute as `name=value`.
    @_spi(Records) public var text: String {
        var text = schemes.joined(separator: ",")
        if !authorities.isEmpty {
            text += "://" + authorities.map { $0.host + ($0.port.map { ":\($0)" } ?? "") }.joined(separator: ",")
            for path in paths { text += " \(path.kind.rawValue)=\(path.value)" }
        } else {
            text += ":"
        }
        if hasMimeType { text += " mimeType" }
        return text
    }

    /// The test a link failed.
    @_spi(Records) public enum Refusal: Equatable, Sendable {
        case mimeType, scheme, host, path, defaultCategory

        /// Said in an explanation.
        @_spi(Records) public func reason(_ rule: IntentFilterRule) -> String {
            switch self {
            case .mimeType: return "the filter asks for a mimeType, and a link has none"
            case .scheme:
                return rule.schemes.isEmpty ? "the filter names no android:scheme, so it takes no link"
                    : "the scheme is not one of the filter's (\(rule.schemes.joined(separator: ", "))), compared exactly"
            case .host: return "the host is not one of the filter's (\(rule.authorities.map(\.host).joined(separator: ", ")))"
            case .path: return "the path matches none of " + rule.paths.map { "\($0.kind.rawValue)=\($0.value)" }.joined(separator: ", ")
            case .defaultCategory:
                return "the link matches, but the filter lacks category android.intent.category.DEFAULT, which a browser's startActivity requires"
            }
        }
    }

    /// Which test the link `uri` fails, or nil when the filter takes it (IntentFilter.java
    /// `matchData`, `matchDataAuthority`, `AuthorityEntry.match`, `hasDataPath` at
    /// aosp-mirror/platform_frameworks_base 01a7983f): the scheme must be one of the filter's,
    /// exactly; without hosts that is all (paths are then ignored); else the link needs a host,
    /// one of the filter's (case ignored as `compareToIgnoreCase` ignores it), and a port given
    /// must be the link's; then, when the filter has paths, one of them must match the decoded
    /// path. Last, a browser's intent reaches only a filter with category DEFAULT
    /// (IntentResolver.java `buildResolveList` with `MATCH_DEFAULT_ONLY`).
    func refusal(_ uri: AndroidURI) -> Refusal? {
        if hasMimeType { return .mimeType }
        let scheme = uri.scheme ?? []
        guard schemes.contains(where: { $0.utf16.elementsEqual(scheme) }) else { return .scheme }
        if !authorities.isEmpty {
            guard authorities.contains(where: { $0.accepts(uri) }) else { return .host }
            guard paths.isEmpty || paths.contains(where: { $0.matches(uri.path) }) else { return .path }
        }
        return hasDefaultCategory ? nil : .defaultCategory
    }
}
