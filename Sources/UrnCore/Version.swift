/// The toolkit's version, printed by every tool's `--version`.
public enum UrnVersion {
    /// The version string.
    public static let string = "0.1.0"
}
