import Foundation
import Testing
@_spi(Records) @testable import UrnCore

/// Association files (urnmatch-tables(7) ASSOCIATION FILES): the Digital Asset Links grammar, the
/// assetlinks.json reader's findings, the Associated Domains entitlement, certificate
/// fingerprints and the checks across the files of one app.
@Suite struct AssociationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/association")
    static let release = "43:74:5F:7C:B0:EF:55:B4:49:12:FA:E3:A5:5D:B5:DA:77:66:3E:A7:EF:15:91:81:72:15:FA:63:A6:8F:75:4F"

    func codes(_ findings: [AssociationFinding]) -> [String] { findings.map(\.code) }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.digest([]).map { String(format: "%02x", $0) }.joined() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // several blocks, and a length whose padding needs a block of its own
        #expect(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 200_000)).map { String(format: "%02x", $0) }.joined()
                == "2287d207f24a941ff3b56c04c8a25ad56b63e3023207b3bb5b4ac0c9869d74be")
    }

    @Test func certificateFilesGiveOpenSSLsFingerprint() throws {
        for name in ["cert.pem", "cert.der"] {
            let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            #expect(SigningCertificate.fingerprint(ofFile: bytes) == Self.release)
        }
        #expect(SigningCertificate.fingerprint(ofFile: Array("not a certificate".utf8)) == nil)
        let bare = Self.release.replacingOccurrences(of: ":", with: "").lowercased()
        #expect(SigningCertificate.fingerprint(written: bare) == Self.release)
        #expect(SigningCertificate.fingerprint(written: "AB:CD") == nil)
    }

    @Test func grammarOfRelationsSitesPackagesAndFingerprints() {
        #expect(AssetLinksRules.isRelation("delegate_permission/common.handle_all_urls"))
        for bad in ["delegate_permission/*", "Delegate_permission/x", "a/b/c", "a /b", "/x", "a/"] { #expect(!AssetLinksRules.isRelation(bad)) }
        #expect(AssetLinksRules.canonicalSite("HtTpS://Example.COM") == "https://example.com.")
        #expect(AssetLinksRules.canonicalSite("https://example.com:443") == "https://example.com.")
        #expect(AssetLinksRules.canonicalSite("http://example.com.:8080") == "http://example.com.:8080")
        for bad in ["https://example.com/", "example.com", "https://a:b@example.com", "https://example.com:0", "ftp://example.com"] {
            #expect(AssetLinksRules.canonicalSite(bad) == nil)
        }
        #expect(AssetLinksRules.isPackageName("com.example.app_2"))
        for bad in ["app", "com.2example", "B A D", "", "com..x"] { #expect(!AssetLinksRules.isPackageName(bad)) }
        #expect(AssetLinksRules.isFingerprint(Self.release))
        #expect(!AssetLinksRules.isFingerprint(Self.release.lowercased()))
        #expect(AssetLinksRules.fingerprintProblem(Self.release.lowercased()).contains("lower case"))
    }

    @Test func aBadStatementIsLeftOutAndTheRestKept() {
        let text = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(Self.release)"]}},
             {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android"}},
             {"include": "https://example.com/more.json"}]
            """
        let file = AssetLinksFile(Array(text.utf8), name: "assetlinks.json")
        #expect(file.statements.count == 1)
        #expect(file.includes.map(\.url) == ["https://example.com/more.json"])
        // Google's API leaves the statement out; Android 12+ fails the host over it
        #expect(codes(file.findings) == ["al-bad-namespace", "al-host-fails"])
        #expect(file.findings.map(\.line) == [3, 3])
        #expect(!file.isRefused && file.failsHostOnAndroid)
    }

    @Test func androidReadsWhatItDoesNotCheck() {
        // a lower-case fingerprint and a package name Android never checks: the API leaves the
        // statement out, the device keeps it (and its fingerprint never matches)
        let text = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "app", "sha256_cert_fingerprints": ["\(Self.release.lowercased())"]}}]
            """
        let file = AssetLinksFile(Array(text.utf8), name: "assetlinks.json")
        #expect(file.statements.isEmpty && !file.failsHostOnAndroid)
        #expect(codes(file.findings) == ["al-bad-package"])
        // a statement without a target is skipped by both
        let skipped = AssetLinksFile(Array(#"[{"relation": ["delegate_permission/common.handle_all_urls"]}]"#.utf8), name: "a")
        #expect(!skipped.failsHostOnAndroid && codes(skipped.findings) == ["al-bad-statement"])
    }

    @Test func aFileThatIsNoArrayIsRefused() {
        for text in ["{\"relation\": [], \"target\": {}}", "[", "[]", "42"] {
            let file = AssetLinksFile(Array(text.utf8), name: "assetlinks.json")
            #expect(file.isRefused && codes(file.findings) == ["al-not-array"], "\(text)")
        }
    }

    @Test func dynamicRulesAreReadAndAMalformedListDiscarded() {
        func rules(_ components: String) -> AssetLinksFile {
            let text = """
                [{"relation": ["delegate_permission/common.handle_all_urls"],
                  "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \(components)}},
                  "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(Self.release)"]}}]
                """
            return AssetLinksFile(Array(text.utf8), name: "assetlinks.json")
        }
        let good = rules(#"[{"/": "/shop/*", "?": {"ref": "*"}}, {"/": "*", "exclude": true}]"#)
        #expect(good.statements[0].dynamicRules?.map(\.path) == ["/shop/*", "*"])
        #expect(good.statements[0].dynamicRules?.map(\.exclude) == [false, true])
        #expect(good.findings.isEmpty)
        let bad = rules(#"[{"/": ["/a"]}]"#)
        #expect(bad.statements[0].dynamicRules == nil && codes(bad.findings) == ["al-dynamic-bad"])
    }

    @Test func entitlementEntries() {
        let file = EntitlementsFile(name: "App.entitlements", strings: [
            ("applinks:example.com", 5), ("applinks:*.example.com", 6), ("webcredentials:example.com?mode=developer", 7),
            ("applinks:https://example.com/", 8), ("appclips:*.example.com", 9), ("applink:example.com", 10),
            ("applinks:example.com:8443", 11), ("applinks:bücher.de", 12), ("applinks:ex ample.com", 13),
        ])
        #expect(file.entries.map(\.host) == ["example.com", "*.example.com", "example.com", "example.com", "bücher.de"])
        #expect(codes(file.findings) == ["ent-alternate-mode", "ent-bad-format", "ent-wildcard-appclips", "ent-unknown-service",
                                         "ent-port", "ent-idn", "ent-bad-format"])
        #expect(file.entries[1].covers("www.example.com") && !file.entries[1].covers("example.com"))
        let wildcardAlone = EntitlementsFile(name: "e", strings: [("applinks:*.example.com", 3)])
        #expect(codes(wildcardAlone.findings) == ["ent-wildcard-apex"])
    }

    @Test func appIDsHaveATeamPrefix() {
        #expect(AssociationCheck.isAppID("ABCDE12345.com.example.app"))
        for bad in ["com.example.app", "abcde12345.com.example.app", "ABCDE12345.", "ABCDE1234.com.x"] { #expect(!AssociationCheck.isAppID(bad)) }
    }

    @Test func theHostsFileMustNameTheAppsPackageAndCertificate() throws {
        var set = AssociationSet()
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"><application>
            <activity android:name=".Main"><intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" /><data android:host="shop.example.com" />
            </intent-filter></activity></application></manifest>
            """
        let table = try RouteTable(parsingAppLinks: manifest, name: "AndroidManifest.xml")
        set.manifests = [(table, "com.example.app")]
        let other = "AA:" + Self.release.dropFirst(3)
        let assetLinks = """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(other)"]}}]
            """
        set.sites[set.site("example.com")].assetLinks = AssetLinksFile(Array(assetLinks.utf8), name: "assetlinks.json")
        #expect(codes(set.findings()) == ["x-manifest-host-no-assetlinks"])
        set.certificates = [Self.release]
        #expect(codes(set.findings()) == ["x-assetlinks-fingerprint", "x-manifest-host-no-assetlinks"])
        set.package = "com.example.app.pro"
        #expect(codes(set.findings()) == ["x-assetlinks-package", "x-manifest-host-no-assetlinks"])
    }
}
