/// Why a pattern could not be compiled; `offset` is the 0-based byte offset in the pattern.
public struct PatternError: CodedError, Equatable {
    /// The reason, lower case (`unbalanced '{'`).
    public let reason: String
    /// Where in the pattern.
    public let position: Int

    public var code: String { "invalid-pattern" }
    public var message: String { reason }
    public var offset: Int? { position }

    /// An error for `reason` at `offset`.
    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.position = offset
    }
}
