/// Why a pattern could not be compiled; `offset` is the 0-based byte offset in the pattern.
public struct PatternError: Error, Equatable, Sendable {
    /// The reason, lower case (`unbalanced '{'`).
    public let reason: String
    /// Where in the pattern.
    public let offset: Int

    /// An error for `reason` at `offset`.
    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}
