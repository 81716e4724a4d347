@preconcurrency import Glibc

/// The example records of `urnmatch --examples --against`, written to a file of their own that
/// the comparison then reads as its input, as it reads any link file.
struct ExampleInput {
    /// The file's path.
    let path: String

    /// A new file in the temporary folder holding `records`, one a line; nil (and a diagnostic)
    /// when it cannot be written.
    init?(records: [String], diagnostics: Diagnostics) {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/urnmatch-examples-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            diagnostics.error("cannot write the example links to \(folder): \(String(cString: strerror(errno)))")
            return nil
        }
        path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var bytes = Array(records.joined(separator: "\n").utf8)
        if !records.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                diagnostics.error("cannot write the example links to \(path): \(String(cString: strerror(errno)))")
                close(descriptor)
                unlink(path)
                return nil
            }
            written += count
        }
        close(descriptor)
    }

    /// Removes the file.
    func remove() {
        unlink(path)
    }
}
