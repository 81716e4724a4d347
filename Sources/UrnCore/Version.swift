/// The toolkit's version, printed by every tool's `--version`.
@_spi(Records) public enum UrnVersion {
    /// The version string.
    @_spi(Records) public static let string = "0.1.0"

    /// What `TOOL --version` prints: the tool's name and the version, as the GNU standards ask.
    @_spi(Records) public static func line(for tool: String) -> String { "\(tool) \(string)" }
}
