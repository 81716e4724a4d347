/// The Associated Domains entitlement of an iOS app (`com.apple.developer.associated-domains`
/// in its .entitlements plist): entries `service:host`, each checked as Apple's "Configuring an
/// associated domain" describes them. `findings` holds what is wrong with them.
@_spi(Records) public struct EntitlementsFile: Sendable {
    /// One entry: `applinks:example.com`, `applinks:*.example.com?mode=developer`.
    @_spi(Records) public struct Entry: Sendable {
        /// The service: `applinks`, `webcredentials`, `activitycontinuation`, `appclips` or `authsrv`.
        @_spi(Records) public let service: String
        /// The host, lower case, with its `*.` when it has one.
        @_spi(Records) public let host: String
        /// The alternate mode (`developer`, `managed`, `developer+managed`), if any.
        @_spi(Records) public let mode: String?
        /// The 1-based line of the entry in the file.
        @_spi(Records) public let line: Int

        /// Whether the entry takes links of `host` (lower case): its own host, or for `*.h` any
        /// host below `h` (not `h` itself).
        @_spi(Records) public func covers(_ other: String) -> Bool {
            guard self.host.hasPrefix("*.") else { return other == self.host }
            return other.hasSuffix(self.host.dropFirst())
        }
    }

    /// The services an entry may name.
    package static let services = ["applinks", "webcredentials", "activitycontinuation", "appclips", "authsrv"]
    /// The alternate modes.
    static let modes = ["developer", "managed", "developer+managed"]

    /// The file's name, as given.
    @_spi(Records) public let name: String
    /// The entries that could be read, in file order.
    @_spi(Records) public private(set) var entries: [Entry] = []
    /// What reading found, in line order.
    @_spi(Records) public private(set) var findings: [AssociationFinding] = []

    /// The entitlement of `name` from the strings of its array, each with its line.
    @_spi(Records) public init(name: String, strings: [(text: String, line: Int)]) {
        self.name = name
        for (text, line) in strings { read(text, line: line) }
        for entry in entries where entry.service == "applinks" && entry.host.hasPrefix("*.") {
            let apex = String(entry.host.dropFirst(2))
            guard !entries.contains(where: { $0.service == "applinks" && $0.host == apex }) else { continue }
            note("ent-wildcard-apex", .info, line: entry.line, "'applinks:\(entry.host)' does not take \(apex) itself: add 'applinks:\(apex)' if the app opens its links")
        }
        findings.sort { $0.line < $1.line }
    }

    private mutating func note(_ code: String, _ severity: AssociationFinding.Severity, line: Int, _ message: String) {
        findings.append(AssociationFinding(code, severity, file: name, line: line, message))
    }

    /// Reads one entry; a malformed one is noted and left out.
    private mutating func read(_ text: String, line: Int) {
        guard let colon = text.firstIndex(of: ":") else {
            return note("ent-bad-format", .error, line: line, "'\(text)' is not service:host")
        }
        let service = String(text[..<colon])
        var rest = text[text.index(after: colon)...]
        var mode: String?
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...]
            rest = rest[..<question]
            guard query.hasPrefix("mode="), Self.modes.contains(String(query.dropFirst(5))) else {
                return note("ent-bad-mode", .error, line: line, "'\(text)': the only query is ?mode= with developer, managed or developer+managed")
            }
            mode = String(query.dropFirst(5))
            note("ent-alternate-mode", .warning, line: line, "'\(text)' has an alternate mode, which must be removed before the app is submitted to the App Store")
        }
        guard !rest.hasPrefix("//"), !rest.contains("/") else {
            return note("ent-bad-format", .error, line: line, "'\(text)' names a scheme or a path: write only the host, \(service):example.com")
        }
        var host = rest.lowercased()
        if let portColon = host.lastIndex(of: ":") {
            note("ent-port", .warning, line: line, "'\(text)' names a port, which the entitlement's format has no place for")
            host = String(host[..<portColon])
        }
        guard Self.services.contains(service) else {
            return note("ent-unknown-service", .warning, line: line, "'\(service)' is no service: applinks, webcredentials, activitycontinuation, appclips or authsrv")
        }
        if host.hasPrefix("*."), service == "appclips" {
            return note("ent-wildcard-appclips", .error, line: line, "'\(text)': appclips takes no wildcard host")
        }
        let bare = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        if !bare.unicodeScalars.allSatisfy(\.isASCII) {
            note("ent-idn", .warning, line: line, "'\(text)' is not ASCII: write the host in punycode (xn--…)")
        } else if !AssetLinksRules.isHostName(bare) {
            return note("ent-bad-format", .error, line: line, "'\(host)' of '\(text)' is no host name")
        }
        entries.append(Entry(service: service, host: host, mode: mode, line: line))
    }
}
