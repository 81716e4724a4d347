/// Somewhere bytes are appended: an array, or a `ByteBuffer`, which a renderer writes into
/// without the array's uniqueness checks and generic copies (about 100 instructions an append).
public protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    /// Appends `bytes`.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteBuffer: ByteSink {}
