/// What `urnmatch --check` says about a pattern that loads but does not mean what it seems to:
/// a stable code (urnmatch-tables(7) CHECKING A TABLE) and the sentence for the reader.
@_spi(Records) public struct PatternWarning: Sendable, Equatable {
    /// The finding's code, e.g. `unclosed-placeholder`.
    @_spi(Records) public let code: String
    /// The sentence `--check` prints.
    @_spi(Records) public let message: String

    /// A warning with `code` saying `message`.
    @_spi(Records) public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }
}
