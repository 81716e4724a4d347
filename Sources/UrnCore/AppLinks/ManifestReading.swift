/// Reads the routes of an AndroidManifest.xml table (urn-routes(5) APP-LINK TABLES). The reading
/// needs libxml2, so it comes with the UrnAppLinks product (`ManifestTables`), and the routing
/// engine links no XML library.
package protocol ManifestReading: Sendable {
    /// The routes of the manifest in `bytes`, from byte `start` on, for the table `table`.
    func routes(table: String, bytes: [UInt8], start: Int) throws(TableError) -> [Route]
}
