/// Line and column numbers of byte offsets in a file, for the errors and routes of tables that
/// are not read line by line (JSON and XML files).
package struct TextPosition: Sendable {
    /// The offset of each line's first byte.
    private let lineStarts: [Int]

    /// The positions in `bytes`.
    package init(_ bytes: some Collection<UInt8>) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
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

    /// The 1-based column (in bytes) of `offset`.
    package func column(of offset: Int) -> Int {
        offset - lineStarts[line(of: offset) - 1] + 1
    }
}
