/// One `<intent-filter>` of an AndroidManifest.xml that takes web and deep links (action
/// `VIEW`, category `BROWSABLE`), with all its `<data>` elements merged as Android merges them:
/// every scheme with every host and port, and with every path attribute.
public struct IntentFilterRule: Sendable {
    /// One `android:host` (with the `android:port` of its element): `*` first takes any host
    /// ending in the rest, `*` alone any host.
    public struct Authority: Sendable, Equatable {
        /// The host as written.
        public let host: String
        /// The port, if the element gives one.
        public let port: Int?
    }

    /// The activity (or activity alias), its name completed with the manifest's package.
    public let activity: String
    /// The 0-based index of the filter among the manifest's link filters.
    public let filter: Int
    /// The filter asks Android to verify its hosts (`android:autoVerify="true"`).
    public let autoVerify: Bool
    /// The filter also has category `DEFAULT` (without it, an implicit intent does not reach it).
    public let hasDefaultCategory: Bool
    /// `android:scheme` values, in order.
    public let schemes: [String]
    /// `android:host` values, with their ports, in order.
    public let authorities: [Authority]
    /// Path attributes, in order.
    public let paths: [AndroidPathMatcher]
    /// Some `<data>` gives a `mimeType`: a link (an intent without a type) never matches.
    public let hasMimeType: Bool
    /// The `<data>` elements as written, each its scheme and host (for `--check`).
    public let elements: [(scheme: String?, host: String?)]

    /// A rule.
    public init(activity: String, filter: Int, autoVerify: Bool, hasDefaultCategory: Bool, schemes: [String],
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
    public var text: String {
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
    public enum Refusal: Equatable, Sendable {
        case mimeType, scheme, host, path

        /// Said in an explanation.
        public func reason(_ rule: IntentFilterRule) -> String {
            switch self {
            case .mimeType: return "the filter asks for a mimeType, and a link has none"
            case .scheme:
                return rule.schemes.isEmpty ? "the filter names no android:scheme, so it takes no link"
                    : "the scheme is not one of the filter's (\(rule.schemes.joined(separator: ", "))), compared exactly"
            case .host: return "the host is not one of the filter's (\(rule.authorities.map(\.host).joined(separator: ", ")))"
            case .path: return "the path matches none of " + rule.paths.map { "\($0.kind.rawValue)=\($0.value)" }.joined(separator: ", ")
            }
        }
    }

    /// Which test `link` fails, or nil when the filter takes it (IntentFilter.java `matchData`,
    /// `matchDataAuthority`, `AuthorityEntry.match`, `hasDataPath` at
    /// aosp-mirror/platform_frameworks_base b54e7a3): the scheme must be one of the filter's,
    /// exactly; without hosts that is all (paths are then ignored); else the host must be one of
    /// them, letter case ignored, and a port given must be the link's; then, when the filter has
    /// paths, one of them must match the decoded path. `path` holds the link's decoded path once
    /// a filter needed it, for the next filters.
    public func refusal(_ link: Link, path: inout [Unicode.Scalar]?) -> Refusal? {
        let text = link.text
        if hasMimeType { return .mimeType }
        guard let scheme = link.scheme, schemes.contains(where: { $0.utf8.elementsEqual(text[scheme]) }) else { return .scheme }
        guard !authorities.isEmpty else { return nil }
        let host = link[link.host] ?? []
        guard authorities.contains(where: { Self.authority($0, accepts: host, port: link.port) }) else { return .host }
        guard !paths.isEmpty else { return nil }
        let decoded = path ?? Self.decodedPath(link)
        path = decoded
        return paths.contains(where: { $0.matches(decoded) }) ? nil : .path
    }

    /// Whether one authority takes a link's host and port: `*.example.com` (or `*example.com`)
    /// any host ending in what follows `*`.
    static func authority(_ authority: Authority, accepts host: ArraySlice<UInt8>, port: Int?) -> Bool {
        var name = Array(authority.host.utf8)
        var candidate = host
        if name.first == UInt8(ascii: "*") {
            name.removeFirst()
            guard candidate.count >= name.count else { return false }
            candidate = candidate.suffix(name.count)
        }
        guard candidate.count == name.count,
              candidate.lazy.map(ByteClass.lowercased).elementsEqual(name.lazy.map(ByteClass.lowercased)) else { return false }
        if let wanted = authority.port { return wanted == port }
        return true
    }

    /// The link's path as Android's `Uri.getPath()` gives it: percent-decoded (bytes that do not
    /// decode to UTF-8 stay as written); an http(s) link with an empty path has `/`, as the
    /// browser that hands it over writes it.
    static func decodedPath(_ link: Link) -> [Unicode.Scalar] {
        var bytes = link.text[link.path]
        if bytes.isEmpty, let scheme = link.scheme, WebScheme.isHTTP(link.text[scheme]) { bytes = [UInt8(ascii: "/")][...] }
        let decoded = PercentCoding.decodedUTF8(bytes) ?? Array(bytes)
        return Array(String(decoding: decoded, as: UTF8.self).unicodeScalars)
    }
}
