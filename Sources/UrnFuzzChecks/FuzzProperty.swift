@_spi(Records) import UrnCore

/// The properties the fuzz targets of `Tests/Fuzz` check, one a target: each takes any bytes and
/// traps when the property fails. They live in this package so that they can reach the record
/// machinery, which is `package` in UrnCore and UrnCLI; the fuzz package only feeds them bytes.
@_spi(Fuzzing) public enum FuzzProperty {
    /// Traps when `bytes`, which a JSONWriter wrote, is not exactly one valid JSON value.
    static func requireValidJSON(_ bytes: UnsafeRawBufferPointer) {
        precondition((try? JSONScanner.validateValue(bytes.bindMemory(to: UInt8.self))) != nil,
                     "invalid JSON written: \(String(decoding: bytes, as: UTF8.self))")
    }
}
