import ArgumentParser
@_spi(Records) import UrnAppLinks
@_spi(Records) import UrnCore

/// What the association files do not say (urnmatch-tables(7) ASSOCIATION FILES): which host serves
/// which file, the iOS app's ID, the Android application ID and the signing certificates; and
/// the loading of the files into an `AssociationSet`.
package struct AssociationOptions: ParsableArguments {
    @Option(name: .customLong("site"), help: ArgumentHelp("Read FILE as what HOST serves under /.well-known/: an apple-app-site-association file or an assetlinks.json (repeatable).", valueName: "HOST=FILE"),
            completion: .file(), transform: KeyValue.parser(form: "HOST=FILE"))
    var sites: [KeyValue] = []

    @Option(name: .customLong("app-id"), help: ArgumentHelp("The iOS app's application identifier, TEAMID.bundle: the one the hosts' apple-app-site-association files must name.", valueName: "id"))
    var appID: String?

    @Option(name: .customLong("package"), help: ArgumentHelp("The Android application ID, where it is not the manifest's package (build.gradle's applicationId).", valueName: "id"))
    var package: String?

    @Option(name: .customLong("cert-sha256"), help: ArgumentHelp("The SHA-256 fingerprint of the app's signing certificate, with or without colons (repeatable).", valueName: "fingerprint"))
    var certSHA256: [String] = []

    @Option(name: .customLong("cert"), help: ArgumentHelp("The app's signing certificate, a PEM or DER file: its SHA-256 fingerprint (repeatable).", valueName: "file"),
            completion: .file())
    var certFiles: [String] = []

    package init() {}

    package func validate() throws {
        for site in sites where site.key.isEmpty || site.value.isEmpty {
            throw ValidationError("--site takes HOST=FILE, as in --site example.com=apple-app-site-association")
        }
        for text in certSHA256 where SigningCertificate.fingerprint(written: text) == nil {
            throw ValidationError("--cert-sha256 '\(text)' is not a SHA-256 fingerprint: 32 bytes of hex, with or without colons")
        }
    }

    /// The `--site` files, each with its host.
    package var siteFiles: [(host: String, path: String)] { sites.map { ($0.key.lowercased(), $0.value) } }

    /// Whether any option of the group was given.
    package var isGiven: Bool { !sites.isEmpty || appID != nil || package != nil || !certSHA256.isEmpty || !certFiles.isEmpty }

    /// The set the options describe, the certificates read; nil (with a diagnostic) when a
    /// certificate file cannot be read.
    package func set(diagnostics: Diagnostics) -> AssociationSet? {
        var set = AssociationSet()
        set.appID = appID
        set.package = package
        set.certificates = certSHA256.compactMap(SigningCertificate.fingerprint(written:))
        for path in certFiles {
            switch FileContents.read(path, limit: 1 << 20) {
            case let .failure(error):
                diagnostics.error("\(error.path): \(error.message)")
                return nil
            case let .success(bytes):
                guard let fingerprint = SigningCertificate.fingerprint(ofFile: bytes) else {
                    diagnostics.error("\(path): not a certificate (PEM or DER)")
                    return nil
                }
                set.certificates.append(fingerprint)
            }
        }
        return set
    }

    /// Why an option given is checked against nothing, as a warning: the hosts' files it is
    /// compared with are missing from `set`.
    package func unchecked(in set: AssociationSet) -> String? {
        if appID != nil, !set.sites.contains(where: { $0.aasa != nil }) {
            return "--app-id is checked against the hosts' apple-app-site-association files, and none is given (--site HOST=FILE)"
        }
        if package != nil || !certSHA256.isEmpty || !certFiles.isEmpty, !set.sites.contains(where: { $0.assetLinks != nil }) {
            return "--package and the certificates are checked against the hosts' assetlinks.json files, and none is given (--site HOST=FILE)"
        }
        return nil
    }

    /// Takes `bytes`, the file `path` (served by `host` when it came with `--site`), into `set`
    /// when it is an assetlinks.json or an entitlements plist; false for any other file, which is
    /// a table. Throws what the entitlements reader finds.
    static func take(_ path: String, _ bytes: [UInt8], host: String?, into set: inout AssociationSet) throws(TableError) -> Bool {
        switch AssociationFileKind.detect(bytes) {
        case .assetLinks?:
            let file = AssetLinksFile(bytes, name: path)
            if let host { set.sites[set.site(host)].assetLinks = file } else { set.unplacedAssetLinks.append(file) }
            return true
        case .entitlements?:
            guard host == nil else {
                throw TableError(table: path, line: 1, column: nil, reason: "--site takes what a host serves, and an entitlements file is the app's: give it with -f")
            }
            set.entitlements.append(try EntitlementsReader().read(bytes, name: path))
            return true
        case nil:
            return false
        }
    }

    /// Adds the tables that are association files too: an apple-app-site-association file of
    /// one host (a `--site`, or `-f` with one `--host`), of `size` bytes, and a manifest with
    /// the `package` its root names.
    static func add(_ tables: [RouteTable], files: [String: (bytes: Int, package: String?)], sites: [(host: String, path: String)],
                    to set: inout AssociationSet) {
        for table in tables {
            switch table.format {
            case .aasa:
                let host = sites.first { $0.path == table.name }?.host ?? (table.hosts.count == 1 && !table.hosts[0].text.hasPrefix("*") ? table.hosts[0].text : nil)
                if let host { set.sites[set.site(host)].aasa = (table, files[table.name]?.bytes ?? 0) }
            case .android:
                set.manifests.append((table, files[table.name]?.package ?? nil))
            default:
                continue
            }
        }
    }

    /// The `package` attribute of a manifest's `<manifest>` element, if it has one.
    static func manifestPackage(_ bytes: [UInt8]) -> String? {
        guard let start = bytes.firstRange(of: Array("<manifest".utf8))?.upperBound,
              let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let tag = bytes[start..<end]
        guard let attribute = tag.firstRange(of: Array(" package=".utf8))?.upperBound ?? tag.firstRange(of: Array("\npackage=".utf8))?.upperBound,
              attribute < end, let quote = tag[attribute...].first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              let close = tag[(attribute + 1)...].firstIndex(of: quote) else { return nil }
        return String(decoding: tag[(attribute + 1)..<close], as: UTF8.self)
    }
}
