/// An error about one input that becomes an error record: a stable code, a message and,
/// where it points into the input, a byte offset.
@_spi(Records) public protocol CodedError: Error, Sendable {
    /// A short stable code, listed in the man pages (`invalid-port`).
    var code: String { get }
    /// A lower-case human message without a final period.
    var message: String { get }
    /// The 0-based byte offset in the input the error points at, if any.
    var offset: Int? { get }
}
