/// What a route of an app-link table tests (urn-routes(5) APP-LINK TABLES): an
/// apple-app-site-association entry or an Android intent filter.
/// Its cases are boxed: every route holds an optional rule, which inline took 113 bytes of
/// each route of a plain table.
@_spi(Records) public indirect enum AppLinkRule: Sendable {
    /// An entry of an apple-app-site-association file's `applinks`.
    case universalLink(UniversalLinkRule)
    /// An intent filter of an AndroidManifest.xml.
    case intentFilter(IntentFilterRule)
}

/// What a `-f` file holds (`--format`, `@format`; by default read from its content).
@_spi(Records) public enum RouteFileFormat: String, Sendable, CaseIterable {
    /// A route table (urn-routes(5)).
    case routes
    /// An apple-app-site-association file: a JSON object with `applinks`.
    case aasa
    /// An AndroidManifest.xml: an XML document whose root is `<manifest>`.
    case android

    /// The format `bytes` look like: `aasa` for a JSON object with `applinks`, `android` for XML
    /// with a `<manifest` element, else `routes`.
    package static func detect(_ bytes: ArraySlice<UInt8>) -> RouteFileFormat {
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return .routes }
        switch bytes[first] {
        case UInt8(ascii: "{"):
            guard let document = try? JSONDocument(Array(bytes)), document.root["applinks"] != nil else { return .routes }
            return .aasa
        case UInt8(ascii: "<"):
            let manifest = Array("<manifest".utf8)
            let found = bytes.indices.contains { i in bytes[i...].starts(with: manifest) }
            return found ? .android : .routes
        default:
            return .routes
        }
    }
}
