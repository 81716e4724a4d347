/// What each OS does with a link, given an app's association files (SPEC §5.7; urnmatch(1)
/// `opens`): iOS opens the app for an https link of a host its Associated Domains entitlement
/// names whose own apple-app-site-association file gives the link to the app; Android 12+ opens
/// the app for a web link an intent filter takes on a host verified through its assetlinks.json
/// (and, where the statement has them, its dynamic rules let through), the default browser
/// otherwise. A platform is answered only when both of its sides are given.
@_spi(Records) public final class LinkOpener {
    /// What iOS does with a link.
    @_spi(Records) public enum IOS: String, Sendable {
        case app, browser
    }

    /// What Android (12 and later, target SDK 31) does with a link.
    @_spi(Records) public enum Android: String, Sendable {
        case app, browser
        /// The host's assetlinks.json fails verification as a whole (not a list, or a statement
        /// Android 12+ refuses), so no app of the host is verified.
        case hostFailed = "host-failed"
    }

    private let set: AssociationSet
    /// The apple-app-site-association tables by host, each in a matcher.
    private let aasa: [String: Matcher]
    /// The manifests' filters, in one matcher; nil when Android is not answered.
    private let manifests: Matcher?
    /// The hosts the manifests ask to verify (`*.` kept), from filters that can verify.
    private let verifiedHosts: [String]

    /// An opener for `set`; nil when neither platform has both sides.
    @_spi(Records) public convenience init?(_ set: AssociationSet) {
        let entitled = set.entitlements.contains { $0.entries.contains { $0.service == "applinks" } }
        var aasa: [String: Matcher] = [:]
        if entitled {
            for site in set.sites { if let (table, _) = site.aasa { aasa[site.host] = Matcher(tables: [table]) } }
        }
        let android = !set.manifests.isEmpty && set.androidPackage != nil && set.sites.contains { $0.assetLinks != nil }
        guard !aasa.isEmpty || android else { return nil }
        self.init(set, aasa: aasa, manifests: android ? Matcher(tables: set.manifests.map(\.table)) : nil)
    }

    private init(_ set: AssociationSet, aasa: [String: Matcher], manifests: Matcher?) {
        self.set = set
        self.aasa = aasa
        self.manifests = manifests
        verifiedHosts = set.manifests.flatMap { manifest in
            manifest.table.routes.flatMap { route -> [String] in
                guard case let .intentFilter(rule)? = route.appLink, AssociationCheck.verifies(rule) else { return [] }
                return rule.authorities.map { $0.host.lowercased() }.filter(AssociationCheck.isVerifiableHost)
            }
        }
    }

    /// Whether iOS, and Android, are answered.
    @_spi(Records) public var answersIOS: Bool { !aasa.isEmpty }
    @_spi(Records) public var answersAndroid: Bool { manifests != nil }

    /// An opener with matchers of its own over the same tables, for another thread.
    @_spi(Records) public func copyForThread() -> LinkOpener {
        LinkOpener(set, aasa: aasa.mapValues { Matcher(sharingTablesOf: $0) }, manifests: manifests.map { Matcher(sharingTablesOf: $0) })
    }

    /// What each answered platform does with `link`; nil for a platform not answered, or a link
    /// that is no web link (a custom scheme is no association's business).
    @_spi(Records) public func opens(_ link: Link) throws(Regex.MatchError) -> (ios: IOS?, android: Android?) {
        guard let schemeRange = link.scheme, let hostRange = link.host else { return (nil, nil) }
        let scheme = String(decoding: link.text[schemeRange], as: UTF8.self).lowercased()
        guard scheme == "https" || scheme == "http" else { return (nil, nil) }
        let host = String(decoding: link.text[hostRange], as: UTF8.self).lowercased()
        return (answersIOS ? try ios(link, scheme: scheme, host: host) : nil,
                answersAndroid ? try android(link, host: host) : nil)
    }

    /// iOS: https only, a host an `applinks:` entry names, and that host's own file giving the
    /// link to the app (`--app-id`, or any app the file names when none is given).
    private func ios(_ link: Link, scheme: String, host: String) throws(Regex.MatchError) -> IOS {
        guard scheme == "https", set.entitlements.contains(where: { $0.entries.contains { $0.service == "applinks" && $0.covers(host) } }),
              let matcher = aasa[host], let match = try matcher.firstMatch(link),
              case let .universalLink(rule)? = match.route.appLink else { return .browser }
        guard let appID = set.appID else { return .app }
        return rule.appIDs.contains { $0.lowercased() == appID.lowercased() } ? .app : .browser
    }

    /// Android: a filter of the app takes the link, and its host is verified: an autoVerify
    /// filter names it, and the host's file (the apex's for `*.h`) grants the app handle_all_urls
    /// with one of its certificates; dynamic rules then decide.
    private func android(_ link: Link, host: String) throws(Regex.MatchError) -> Android {
        guard let manifests, try manifests.firstMatch(link) != nil else { return .browser }
        guard let claimed = verifiedHosts.first(where: { $0 == host || ($0.hasPrefix("*.") && host.hasSuffix($0.dropFirst())) }),
              let file = set.site(serving: claimed)?.assetLinks else { return .browser }
        if file.failsHostOnAndroid { return .hostFailed }
        guard let package = set.androidPackage else { return .browser }
        for statement in file.statements where statement.relations.contains(AssetLinksRules.handleAllURLs) {
            guard case let .androidApp(name, fingerprints) = statement.target, name == package,
                  set.certificates.isEmpty || set.certificates.contains(where: fingerprints.contains) else { continue }
            guard let rules = statement.dynamicRules else { return .app }
            return try Self.allows(rules, link) ? .app : .browser
        }
        return .browser
    }

    /// Whether dynamic rules let `link` through: the first rule whose path, fragment and query
    /// items all match decides (`exclude` keeps the link out); no rule matching keeps it out.
    private static func allows(_ rules: [AssetLinksFile.DynamicRule], _ link: Link) throws(Regex.MatchError) -> Bool {
        let text = link.text
        for rule in rules {
            guard try matches(rule.pathTest, text[link.path]), try matches(rule.fragmentTest, link.fragment.map { text[$0] } ?? []) else { continue }
            var all = true
            for (item, test) in zip(rule.query, rule.queryTests) {
                guard let value = firstValue(link, named: item.name), try test.matches(value) else {
                    all = false
                    break
                }
            }
            if all { return !rule.exclude }
        }
        return false
    }

    /// The first value of the query item `name`, decoded.
    private static func firstValue(_ link: Link, named name: String) -> [UInt8]? {
        var found: [UInt8]?
        link.forEachParameter { key, value in
            guard found == nil, (PercentCoding.decodedUTF8(link.text[key]) ?? Array(link.text[key])) == Array(name.utf8) else { return }
            found = PercentCoding.decodedUTF8(link.text[value]) ?? Array(link.text[value])
        }
        return found
    }

    /// Whether a dynamic rule's compiled pattern takes `value`; no pattern takes anything.
    private static func matches(_ test: Regex?, _ value: ArraySlice<UInt8>) throws(Regex.MatchError) -> Bool {
        guard let test else { return true }
        return try test.matches(Array(value))
    }
}
