@preconcurrency import Glibc

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
    /// YAML with such a top-level key, `aasa` for a JSON object with `applinks` (or broken JSON
    /// over several lines that names it), `android` for XML with a `<manifest` element, else
    /// `routes`.
    package static func detect(_ bytes: ArraySlice<UInt8>) -> RouteFileFormat {
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return .routes }
        if Self.looksLikeYAMLDocument(bytes) { return .openapi }
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
            guard let keys else {
                // broken JSON: a document spread over lines that names `applinks` is an
                // apple-app-site-association file whose JSON error says where it breaks, not a
                // route table (a table of JSON routes has one whole object a line)
                let firstLine = bytes[first...].prefix { $0 != 0x0A }
                let lineIsJSON = Array(firstLine).withUnsafeBufferPointer { (try? JSONScanner.validateValue($0)) != nil }
                return !lineIsJSON && Self.mentions(Array("\"applinks\"".utf8), in: bytes) ? .aasa : .routes
            }
            return keys.contains("applinks") ? .aasa : .routes
        case UInt8(ascii: "<"):
            let manifest = Array("<manifest".utf8)
            let found = bytes.indices.contains { i in bytes[i...].starts(with: manifest) }
            return found ? .android : .routes
        default:
            return .routes
        }
    }

    /// Whether `needle` occurs in `bytes`.
    private static func mentions(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
        bytes.indices.contains { bytes[$0...].starts(with: needle) }
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

    /// Whether `bytes` look like a YAML OpenAPI document: a line that starts with the key
    /// `openapi:` or `swagger:` (quoted or not) and a blank.
    private static func looksLikeYAMLDocument(_ bytes: ArraySlice<UInt8>) -> Bool {
        let keys = ["openapi:", "swagger:", "\"openapi\":", "\"swagger\":", "'openapi':", "'swagger':"].map { Array($0.utf8) }
        // read in place, each next line found by `memchr` rather than a byte at a time through
        // the slice: every route table is asked
        return bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return false }
            var lineStart = 0
            while lineStart < bytes.count {
                let line = bytes[lineStart...]
                if line.first == UInt8(ascii: "o") || line.first == UInt8(ascii: "s") || line.first == UInt8(ascii: "\"") || line.first == UInt8(ascii: "'") {
                    for key in keys where line.starts(with: key) {
                        let after = line.dropFirst(key.count).first
                        if after == nil || after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D { return true }
                    }
                }
                guard let newline = memchr(base + lineStart, 0x0A, bytes.count - lineStart) else { return false }
                lineStart = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
            }
            return false
        }
    }
}
