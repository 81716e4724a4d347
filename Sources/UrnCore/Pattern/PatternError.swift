/// Why a pattern could not be compiled; `offset` is the 0-based byte offset in the pattern.
@_spi(Records) public struct PatternError: CodedError, Equatable {
    /// The reason, lower case (`unbalanced '{'`).
    @_spi(Records) public let reason: String
    /// Where in the pattern.
    @_spi(Records) public let position: Int

    @_spi(Records) public var code: String { "invalid-pattern" }
    @_spi(Records) public var message: String { reason }
    @_spi(Records) public var offset: Int? { position }

    /// An error for `reason` at `offset`.
    @_spi(Records) public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.position = offset
    }
}
