@preconcurrency import Glibc

/// Reads a whole (small) file, such as a route table or a list the engine needs (the ISO codes
/// of `$(region)`); `-` is standard input.
@_spi(Records) public enum FileContents {
    /// Whether `path` names a regular file this process can read.
    @_spi(Records) public static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }

    /// The bytes of the file at `path`, or the errno text when it cannot be read; a file of
    /// more than `limit` bytes is an error once that much is read (a pipe has no size to ask).
    @_spi(Records) public static func read(_ path: String, limit: Int = .max) -> Result<[UInt8], FileError> {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(FileError(path: path, message: errorText(errno))) }
        defer { if fd != 0 { close(fd) } }
        var bytes: [UInt8] = []
        // a regular file is read into room made for its size, which it mostly still has, rather
        // than grown and copied a chunk at a time
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, Int(info.st_size) <= limit {
            bytes.reserveCapacity(Int(info.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileError(path: path, message: errorText(errno)))
            }
            if n == 0 { break }
            bytes += chunk[..<n]
            if bytes.count > limit {
                return .failure(FileError(path: path, message: "larger than --max-table-size (\(limit) bytes)"))
            }
        }
        return .success(bytes)
    }
}

/// A file that could not be read.
@_spi(Records) public struct FileError: CodedError {
    /// The path.
    @_spi(Records) public let path: String
    /// The system's reason.
    @_spi(Records) public let message: String

    @_spi(Records) public var code: String { "unreadable-file" }
    @_spi(Records) public var offset: Int? { nil }
}

/// The text of `errno` value `code`.
package func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
