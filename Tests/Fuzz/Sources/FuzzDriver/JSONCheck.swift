import UrnCore

/// Validation of written JSON for the fuzz targets.
public enum JSONCheck {
    /// Whether `bytes` is exactly one valid JSON value.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        (try? JSONScanner.validateValue(bytes.bindMemory(to: UInt8.self))) != nil
    }
}
