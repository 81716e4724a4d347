/// The toolkit's version, printed by every tool's `--version`.
package enum UrnVersion {
    /// The version string.
    package static let string = "0.1.0"

    /// What `TOOL --version` prints: the tool's name and the version, as the GNU standards ask.
    package static func line(for tool: String) -> String { "\(tool) \(string)" }
}
