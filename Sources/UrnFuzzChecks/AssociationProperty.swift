@_spi(Records) import UrnAppLinks
@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as an assetlinks.json: read, and every statement kept must hold to the grammar
    /// (relations, canonical sites, package names, upper-case fingerprints); a refused file keeps
    /// none; every finding's line is in the file. The file is then checked as a host's beside a
    /// manifest whose filter that host verifies, with a package and a certificate given.
    public static func assetLinks(_ input: [UInt8]) {
        let file = AssetLinksFile(input, name: "fuzz")
        precondition(!file.isRefused || file.statements.isEmpty, "a refused file kept statements")
        let lines = input.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        for finding in file.findings { precondition((1...lines).contains(finding.line), "finding line \(finding.line) of \(lines)") }
        for statement in file.statements {
            precondition(!statement.relations.isEmpty && statement.relations.allSatisfy(AssetLinksRules.isRelation))
            switch statement.target {
            case let .web(site): precondition(AssetLinksRules.canonicalSite(site) == site, "site \(site) is not canonical")
            case let .androidApp(package, fingerprints):
                precondition(AssetLinksRules.isPackageName(package) && !fingerprints.isEmpty && fingerprints.allSatisfy(AssetLinksRules.isFingerprint))
            }
        }
        var set = AssociationSet()
        set.sites[set.site("example.com")].assetLinks = file
        set.manifests = [(manifest, "com.example.app")]
        set.certificates = [String(repeating: "AB:", count: 31) + "AB"]
        _ = set.findings()
        // what Android does with links of the host, through the file's dynamic rules
        guard let opener = LinkOpener(set) else { preconditionFailure("a manifest, a package and a host's file answer Android") }
        for text in ["https://example.com/p/1?src=a&x=%41#f", "https://www.example.com/", "http://example.com/p"] {
            _ = try? opener.opens(try! LinkParser().parse(Array(text.utf8)))
        }
    }

    /// Any bytes as an entitlements plist, and each of their lines as an entry of one: what is
    /// read has a known service and a lower-case host, and the checks across files run on it.
    public static func entitlements(_ input: [UInt8]) {
        var files: [EntitlementsFile] = []
        if let file = try? EntitlementsReader().read(input, name: "fuzz") { files.append(file) }
        let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().map {
            (text: String(decoding: $0.element, as: UTF8.self), line: $0.offset + 1)
        }
        files.append(EntitlementsFile(name: "fuzz", strings: lines))
        for file in files {
            for entry in file.entries {
                precondition(EntitlementsFile.services.contains(entry.service) && entry.host == entry.host.lowercased())
            }
            var set = AssociationSet()
            set.entitlements = [file]
            set.appID = "ABCDE12345.com.example.app"
            set.sites[set.site("example.com")].aasa = (aasa, 100)
            _ = set.findings()
        }
    }

    /// A manifest whose autoVerify filter verifies example.com and www.example.com.
    private static let manifest = try! RouteTable(parsingAppLinks: """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name="com.example.app.Main">
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="example.com" /><data android:host="www.example.com" /></intent-filter>
        </activity></application></manifest>
        """, name: "AndroidManifest.xml")

    /// An apple-app-site-association file of example.com.
    private static let aasa = try! RouteTable(parsingAppLinks: #"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#,
                                              name: "apple-app-site-association", hosts: ["example.com"])
}
