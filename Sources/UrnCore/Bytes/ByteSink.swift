/// Somewhere bytes are appended: an array, or a `ByteBuffer`, which a renderer writes into
/// without the array's uniqueness checks and generic copies.
@_spi(Records) public protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Appends `bytes` with ASCII letters in lower case.
    mutating func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    /// Appends `bytes` with ASCII letters in lower case, a byte at a time.
    @_spi(Records) public mutating func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { append(ByteClass.lowercased(byte)) }
    }
}

@_spi(Records) extension Array: ByteSink where Element == UInt8 {
    /// Appends `bytes`.
    @_spi(Records) public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteBuffer: ByteSink {
    /// Appends `bytes` with ASCII letters in lower case, into room reserved once.
    @_spi(Records) public mutating func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>) {
        let out = unsafeTail(minimum: bytes.count)
        for i in 0..<bytes.count { out[i] = ByteClass.lowercased(bytes[i]) }
        unsafeCommit(bytes.count)
    }
}
