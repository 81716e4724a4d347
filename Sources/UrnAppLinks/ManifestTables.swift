@_spi(Records) import UrnCore

/// The reader of AndroidManifest.xml tables (VIEW and BROWSABLE intent filters, through libxml2):
/// give it to a table parser, or read a table with `RouteTable(parsingAppLinks:)`.
public struct ManifestTables: ManifestReading {
    /// The reader.
    public init() {}

    package func routes(table: String, bytes: [UInt8], start: Int) throws(TableError) -> [Route] {
        try ManifestReader(table: table, bytes: bytes, start: start).routes()
    }
}

extension RouteTable {
    /// Reads an app-link table: an apple-app-site-association file or an AndroidManifest.xml,
    /// told apart by content (urn-routes(5) APP-LINK TABLES). `hosts` are the hosts a manifest's
    /// links must have when it names none (`example.com`, `*.example.com`).
    public init(parsingAppLinks text: String, name: String = "app-links", hosts: [String] = []) throws(UrnError) {
        let patterns = try HostPattern.patterns(hosts)
        let parser = RouteTableParser(hosts: patterns, manifests: ManifestTables())
        do throws(TableError) { self = try parser.parse(text, name: name) } catch { throw UrnError(error) }
        guard format != .routes else {
            throw UrnError(code: "invalid-table", message: "\(name): not an app-link table (apple-app-site-association or AndroidManifest.xml)")
        }
    }
}
