@preconcurrency import Glibc

/// Line and column numbers of byte offsets in a file, for the errors and routes of tables that
/// are not read line by line (JSON and XML files).
package struct TextPosition: Sendable {
    /// The offset of each line's first byte.
    private let lineStarts: [Int]

    /// The positions in `bytes`.
    package init(_ bytes: [UInt8]) {
        var starts = [0]
        bytes.withUnsafeBufferPointer { text in
            guard let base = text.baseAddress else { return }
            // memchr: a large document's lines are found at memory speed
            var offset = 0
            while offset < text.count, let newline = memchr(base + offset, 0x0A, text.count - offset) {
                offset = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
    }

    /// The 1-based line of `offset`.
    package func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The offset of the first byte of 1-based line `line`, or of the last line's for a line past it.
    package func start(ofLine line: Int) -> Int {
        lineStarts[min(max(line, 1), lineStarts.count) - 1]
    }

    /// The 1-based column (in bytes) of `offset`.
    package func column(of offset: Int) -> Int {
        offset - lineStarts[line(of: offset) - 1] + 1
    }
}
