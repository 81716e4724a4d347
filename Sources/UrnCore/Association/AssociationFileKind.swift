/// Which association file a `-f` or `--site` file is, told by its content like the tables'
/// formats: an assetlinks.json (a JSON array, or an object of one statement, a common mistake
/// that the reader then names) or an entitlements plist that names associated domains.
@_spi(Records) public enum AssociationFileKind: Sendable {
    case assetLinks
    case entitlements

    /// The kind of `bytes`, or nil for any other file (a route table, an apple-app-site-association
    /// file, a manifest, an OpenAPI document).
    @_spi(Records) public static func detect(_ bytes: [UInt8]) -> AssociationFileKind? {
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF })
        else { return nil }
        let head = bytes[first...].prefix(1 << 20)
        switch bytes[first] {
        case UInt8(ascii: "["):
            return .assetLinks
        case UInt8(ascii: "{"):
            // a statement's keys, and none of a JSON route table's (`pattern`) or of an
            // apple-app-site-association file's (`applinks`)
            let has = { (key: String) in head.firstRange(of: Array("\"\(key)\"".utf8)) != nil }
            return has("relation") && has("target") && !has("pattern") && !has("applinks") ? .assetLinks : nil
        case UInt8(ascii: "<"):
            let plist = head.firstRange(of: Array("<plist".utf8)) != nil
            return plist && head.firstRange(of: Array("com.apple.developer.associated-domains".utf8)) != nil ? .entitlements : nil
        default:
            return nil
        }
    }
}
