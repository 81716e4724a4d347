/// What a route of an app-link table tests (urn-routes(5) APP-LINK TABLES): an
/// apple-app-site-association entry or an Android intent filter.
/// Its cases are boxed: every route holds an optional rule, which inline would make every
/// route of a plain table larger.
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
    /// An OpenAPI 3 or Swagger 2 document, JSON or YAML (urn-routes(5) OPENAPI TABLES).
    case openapi

    /// Whether the file's routes test links themselves, in table order (an app-link table),
    /// rather than being looked up in a trie.
    var isAppLinks: Bool { self == .aasa || self == .android }

    /// The format `bytes` look like: `openapi` for a JSON object with `openapi` or `swagger` or
    /// YAML with such a top-level key, `aasa` for a JSON object with `applinks`, `android` for
    /// XML with a `<manifest` element, else `routes`.
    package static func detect(_ bytes: ArraySlice<UInt8>) -> RouteFileFormat {
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return .routes }
        if OpenAPIReader.looksLikeYAMLDocument(bytes) { return .openapi }
        switch bytes[first] {
        case UInt8(ascii: "{"):
            // an OpenAPI document's version key is found without reading it whole: it is read next
            if Self.mentionsVersion(bytes) { return .openapi }
            // the top-level keys only: a large document is not read into a tree twice
            let keys = Array(bytes).withUnsafeBufferPointer { text -> [String]? in
                guard (try? JSONScanner.validateValue(text)) != nil else { return nil }
                let start = text.firstIndex(of: UInt8(ascii: "{"))!
                let end = JSONSkipper.value(text, at: start).0
                return JSONScanner.members(of: start..<end, in: text).map { String(decoding: JSONString.decoded($0.key, in: text), as: UTF8.self) }
            }
            return keys?.contains("applinks") == true ? .aasa : .routes
        case UInt8(ascii: "<"):
            let manifest = Array("<manifest".utf8)
            let found = bytes.indices.contains { i in bytes[i...].starts(with: manifest) }
            return found ? .android : .routes
        default:
            return .routes
        }
    }

    /// Whether JSON text names an OpenAPI version key (`"openapi":` or `"swagger":`), valid
    /// JSON or not (a broken document's error then says where it is broken).
    private static func mentionsVersion(_ bytes: ArraySlice<UInt8>) -> Bool {
        let keys = [Array("openapi\"".utf8), Array("swagger\"".utf8)]
        var i = bytes.startIndex
        while let quote = bytes[i...].firstIndex(of: UInt8(ascii: "\"")) {
            i = quote + 1
            for key in keys where bytes[i...].starts(with: key) {
                if bytes[(i + key.count)...].first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) == UInt8(ascii: ":") { return true }
            }
        }
        return false
    }
}
