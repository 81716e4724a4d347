/// Why a pattern could not be compiled; `offset` is the 0-based byte offset in the pattern.
package struct PatternError: CodedError, Equatable {
    /// The reason, lower case (`unbalanced '{'`).
    package let reason: String
    /// Where in the pattern.
    package let position: Int

    package var code: String { "invalid-pattern" }
    package var message: String { reason }
    package var offset: Int? { position }

    /// An error for `reason` at `offset`.
    package init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.position = offset
    }
}
