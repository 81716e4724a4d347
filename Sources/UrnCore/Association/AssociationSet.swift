/// The association files of one app, both platforms, and what the files do not say: which host
/// serves which file (`--site`), the iOS app's ID, the Android application ID and the signing
/// certificates. `findings()` checks each file and the files against each other (SPEC §5.7).
@_spi(Records) public struct AssociationSet: Sendable {
    /// What one host serves under `/.well-known/`.
    @_spi(Records) public struct Site: Sendable {
        /// The host, lower case.
        @_spi(Records) public let host: String
        /// Its apple-app-site-association file, read as a table for the host, and its size.
        @_spi(Records) public var aasa: (table: RouteTable, size: Int)?
        /// Its assetlinks.json.
        @_spi(Records) public var assetLinks: AssetLinksFile?

        /// A host that serves nothing yet.
        @_spi(Records) public init(host: String) {
            self.host = host.lowercased()
        }
    }

    /// The hosts and their files, in the order given.
    @_spi(Records) public var sites: [Site] = []
    /// assetlinks.json files given without a host: checked alone.
    @_spi(Records) public var unplacedAssetLinks: [AssetLinksFile] = []
    /// The iOS app's Associated Domains entitlements.
    @_spi(Records) public var entitlements: [EntitlementsFile] = []
    /// The Android app's manifests, read as tables, each with the `package` its root names.
    @_spi(Records) public var manifests: [(table: RouteTable, package: String?)] = []
    /// The iOS application identifier, `TEAMID.bundle` (`--app-id`).
    @_spi(Records) public var appID: String?
    /// The Android application ID where it is not the manifest's package (`--package`).
    @_spi(Records) public var package: String?
    /// The SHA-256 fingerprints of the app's signing certificates, upper-case hex with colons.
    @_spi(Records) public var certificates: [String] = []

    /// An empty set.
    @_spi(Records) public init() {}

    /// The site of `host`, added when it is new.
    @_spi(Records) public mutating func site(_ host: String) -> Int {
        if let index = sites.firstIndex(where: { $0.host == host.lowercased() }) { return index }
        sites.append(Site(host: host))
        return sites.count - 1
    }

    /// Whether the set holds anything to check beyond route tables.
    @_spi(Records) public var isEmpty: Bool {
        sites.isEmpty && unplacedAssetLinks.isEmpty && entitlements.isEmpty && appID == nil && package == nil && certificates.isEmpty
    }

    /// What `urnmatch --check` finds in the files and between them, in the order of the files.
    @_spi(Records) public func findings() -> [AssociationFinding] {
        AssociationCheck.findings(self)
    }

    /// The first file that is only an association file (an assetlinks.json, an entitlements
    /// plist), which routes no link.
    @_spi(Records) public var unroutedFile: String? {
        sites.lazy.compactMap(\.assetLinks?.name).first ?? unplacedAssetLinks.first?.name ?? entitlements.first?.name
    }

    /// The Android application ID: `--package`, else the first manifest's `package`.
    var androidPackage: String? { package ?? manifests.lazy.compactMap(\.package).first }

    /// The file a host's links are verified against: its own, or for `*.h` the apex's
    /// (StatementUtils.createWebAssetString).
    func site(serving host: String) -> Site? {
        let name = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
        return sites.first { $0.host == name.lowercased() }
    }
}
