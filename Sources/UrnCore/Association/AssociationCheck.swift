/// `urnmatch --check` over an app's association files (urnmatch-tables(7) ASSOCIATION FILES):
/// each file's own findings, then the files against each other and against the app's ID,
/// package and certificates. Each rule names its source in the design note and the man page.
enum AssociationCheck {
    /// The largest apple-app-site-association file iOS reads (128 KB uncompressed; Apple's App
    /// Search guide, revision of 2016-04-01).
    static let aasaSizeLimit = 128 * 1024

    /// The fingerprint of Android's documentation sample, often shipped unchanged.
    static let sampleFingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// Every finding of `set`, by file and line.
    static func findings(_ set: AssociationSet) -> [AssociationFinding] {
        var found: [AssociationFinding] = []
        for file in set.sites.compactMap(\.assetLinks) + set.unplacedAssetLinks {
            found += (file.findings + assetLinksFindings(file)).sorted { $0.line < $1.line }
        }
        for file in set.entitlements { found += file.findings }
        for site in set.sites { if let aasa = site.aasa { found += aasaFindings(aasa.table, size: aasa.size) } }
        found += iOSFindings(set) + androidFindings(set)
        return found
    }

    // MARK: Each file

    private static func assetLinksFindings(_ file: AssetLinksFile) -> [AssociationFinding] {
        var found: [AssociationFinding] = []
        let apps = file.statements.filter { if case .androidApp = $0.target { true } else { false } }
        if let first = apps.first, !apps.contains(where: { $0.relations.contains(AssetLinksRules.handleAllURLs) }) {
            found.append(AssociationFinding("al-no-handle-all-urls", .warning, file: file.name, line: first.line,
                                            "no statement for an app grants \(AssetLinksRules.handleAllURLs), which App Links need"))
        }
        for statement in apps {
            guard case let .androidApp(package, fingerprints) = statement.target else { continue }
            for (index, fingerprint) in fingerprints.enumerated() {
                if fingerprints[..<index].contains(fingerprint) {
                    found.append(AssociationFinding("al-duplicate-fingerprint", .info, file: file.name, line: statement.line,
                                                    "\(package) lists the fingerprint \(fingerprint) twice"))
                } else if isPlaceholder(fingerprint) {
                    found.append(AssociationFinding("al-placeholder-fingerprint", .warning, file: file.name, line: statement.line,
                                                    "\(package)'s fingerprint \(fingerprint) looks like a placeholder, not a signing certificate's"))
                }
            }
        }
        return found
    }

    /// Whether a fingerprint is a sample or a placeholder: all its bytes the same, `AA:BB:CC:DD…`,
    /// or the documentation's sample.
    private static func isPlaceholder(_ fingerprint: String) -> Bool {
        let bytes = fingerprint.split(separator: ":")
        return fingerprint == sampleFingerprint || Set(bytes).count == 1 || bytes.starts(with: ["AA", "BB", "CC", "DD"])
    }

    private static func aasaFindings(_ table: RouteTable, size: Int) -> [AssociationFinding] {
        var found: [AssociationFinding] = []
        if size > aasaSizeLimit {
            found.append(AssociationFinding("aasa-too-large", .error, file: table.name, line: 1,
                                            "the file is \(size) bytes: iOS reads at most \(aasaSizeLimit) (128 KB) uncompressed"))
        }
        var seen: Set<String> = []
        for route in table.routes {
            guard case let .universalLink(rule)? = route.appLink else { continue }
            for app in rule.appIDs where seen.insert(app).inserted && !isAppID(app) {
                found.append(AssociationFinding("aasa-bad-app-id", .error, file: table.name, line: route.line,
                                                "'\(app)' is no app ID: a 10-character team ID, '.', and the bundle ID (ABCDE12345.com.example.app)"))
            }
        }
        return found
    }

    /// Whether `text` is `TEAMID.bundle`: ten upper-case letters or digits, then a bundle ID of
    /// letters, digits, `-` and `.`.
    static func isAppID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, bytes[10] == UInt8(ascii: "."),
              bytes[..<10].allSatisfy({ ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
        else { return false }
        return bytes[11...].allSatisfy { ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
            || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    // MARK: iOS: the entitlement against the hosts' files

    private static func iOSFindings(_ set: AssociationSet) -> [AssociationFinding] {
        var found: [AssociationFinding] = []
        let entries = set.entitlements.flatMap { file in file.entries.filter { $0.service == "applinks" }.map { (file, $0) } }
        if set.sites.contains(where: { $0.aasa != nil }) {
            for (file, entry) in entries where set.site(serving: entry.host)?.aasa == nil {
                let apex = entry.host.hasPrefix("*.") ? " (a wildcard entry's links are checked against the apex's file)" : ""
                found.append(AssociationFinding("x-entitlement-no-aasa", .error, file: file.name, line: entry.line,
                                                "applinks:\(entry.host) has no apple-app-site-association: give --site \(entry.host.hasPrefix("*.") ? String(entry.host.dropFirst(2)) : entry.host)=FILE\(apex)"))
            }
        }
        for site in set.sites {
            guard let (table, _) = site.aasa else { continue }
            if !entries.isEmpty, !entries.contains(where: { $0.1.covers(site.host) }) {
                found.append(AssociationFinding("x-aasa-host-not-entitled", .warning, file: table.name, line: 1,
                                                "the file is served for \(site.host), which no applinks: entry of the entitlements names: the app never reads it"))
            }
            if let appID = set.appID {
                let named = Set(table.routes.compactMap { route -> [String]? in
                    if case let .universalLink(rule)? = route.appLink { rule.appIDs } else { nil }
                }.joined())
                guard !named.contains(where: { $0.lowercased() == appID.lowercased() }) else { continue }
                let bundle = appID.split(separator: ".", maxSplits: 1).last.map(String.init) ?? appID
                let other = named.first { $0.split(separator: ".", maxSplits: 1).last.map(String.init)?.lowercased() == bundle.lowercased() }
                found.append(AssociationFinding("x-aasa-app-id", .error, file: table.name, line: 1,
                                                "no detail names the app \(appID)" + (other.map { ": the file names \($0), the same bundle under another team ID" } ?? "")))
            }
        }
        return found
    }

    // MARK: Android: the manifest against the hosts' files

    /// Whether a host of a verifying filter is sent to verification: `*.` and a domain name as
    /// Android's `Patterns.DOMAIN_NAME` reads it (labels of letters and digits with `-` and `_`
    /// inside, a top-level label of two letters or more, or punycode), or an IPv4 address;
    /// another is dropped without a word (DomainVerificationCollector.isValidHost).
    static func isVerifiableHost(_ host: String) -> Bool {
        let name = host.hasPrefix("*.") ? host.dropFirst(2) : host[...]
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy({ $0 >= "0" && $0 <= "9" }) && Int($0)! <= 255 }) { return true }
        guard labels.count >= 2, let top = labels.last else { return false }
        let labelsValid = labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= 63 else { return false }
            return (first.isLetter || first.isNumber) && (last.isLetter || last.isNumber)
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        }
        let topValid = top.lowercased().hasPrefix("xn--") || (top.count >= 2 && top.allSatisfy(\.isLetter))
        return labelsValid && topValid
    }

    /// Whether a filter verifies its hosts on Android 12+: autoVerify, category DEFAULT, and
    /// only http and https schemes (DomainVerificationCollector, IntentFilter.handlesWebUris).
    static func verifies(_ rule: IntentFilterRule) -> Bool {
        rule.autoVerify && rule.hasDefaultCategory && !rule.schemes.isEmpty && rule.schemes.allSatisfy { $0 == "http" || $0 == "https" }
    }

    private static func androidFindings(_ set: AssociationSet) -> [AssociationFinding] {
        var found: [AssociationFinding] = []
        let anyAssetLinks = set.sites.contains { $0.assetLinks != nil }
        var checked: Set<String> = []
        for (table, _) in set.manifests {
            for route in table.routes {
                guard case let .intentFilter(rule)? = route.appLink, rule.autoVerify else { continue }
                let custom = rule.schemes.filter { $0 != "http" && $0 != "https" }
                guard custom.isEmpty else {
                    found.append(AssociationFinding("autoverify-mixed-scheme", .error, file: table.name, line: route.line,
                                                    "the autoVerify filter also names scheme '\(custom[0])': on Android 12+ such a filter verifies none of its hosts; put the custom scheme in a filter of its own"))
                    continue
                }
                guard rule.hasDefaultCategory else { continue }
                for authority in rule.authorities where checked.insert(authority.host.lowercased()).inserted {
                    let host = authority.host.lowercased()
                    guard isVerifiableHost(host) else {
                        found.append(AssociationFinding("autoverify-invalid-host", .warning, file: table.name, line: route.line,
                                                        "'\(authority.host)' is no domain name Android verifies: it is dropped without a word"))
                        continue
                    }
                    guard let site = set.site(serving: host), let file = site.assetLinks else {
                        if anyAssetLinks {
                            found.append(AssociationFinding("x-manifest-host-no-assetlinks", .error, file: table.name, line: route.line,
                                                            "autoVerify asks Android to verify \(host), and no assetlinks.json is given for \(host.hasPrefix("*.") ? String(host.dropFirst(2)) + " (a wildcard host is verified against the apex's file)" : host): give --site"))
                        }
                        continue
                    }
                    found += statementFindings(file, host: host, set)
                }
            }
        }
        return found
    }

    /// The findings of a verified host's assetlinks.json against the app's package and
    /// certificates: a statement must grant the app handle_all_urls and name one of its
    /// certificates (AndroidAppAssetMatcher: the package and one common fingerprint).
    private static func statementFindings(_ file: AssetLinksFile, host: String, _ set: AssociationSet) -> [AssociationFinding] {
        guard !file.isRefused, let package = set.androidPackage else { return [] }
        let granted = file.statements.filter { $0.relations.contains(AssetLinksRules.handleAllURLs) }
        let mine = granted.compactMap { statement -> (Int, [String])? in
            guard case let .androidApp(name, fingerprints) = statement.target, name == package else { return nil }
            return (statement.line, fingerprints)
        }
        guard let first = mine.first else {
            let named = granted.compactMap { if case let .androidApp(name, _) = $0.target { name } else { nil } }
            return [AssociationFinding("x-assetlinks-package", .error, file: file.name, line: granted.first?.line ?? 1,
                                       "no statement grants \(package) handle_all_urls for \(host)"
                                       + (named.isEmpty ? "" : ": the file names " + named.joined(separator: ", ")))]
        }
        let listed = mine.flatMap(\.1)
        guard !set.certificates.isEmpty, !set.certificates.contains(where: listed.contains) else { return [] }
        return [AssociationFinding("x-assetlinks-fingerprint", .error, file: file.name, line: first.0,
                                   "no certificate given (\(set.certificates.joined(separator: ", "))) is among \(package)'s fingerprints for \(host) (\(listed.joined(separator: ", "))): with Play App Signing, the app signing key's fingerprint is needed, not the upload key's")]
    }
}
