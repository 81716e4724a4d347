@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// One line (or NUL-separated record) of input, valid only during the callback.
package struct InputLine {
    /// The line's bytes without the separator (for an over-long line, its first bytes).
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The 1-based line number within its source.
    package let number: Int
    /// The source's name for diagnostics: the path or `<stdin>`.
    package let source: String
    /// The line was longer than `--max-line`; `bytes` holds only its start.
    package let tooLong: Bool
}

/// Complete lines as one `read(2)` brought them, handed out whole (`RecordReader.forEachLine`'s
/// `runs`): their bytes, each line with its separator, valid only during the callback.
package struct LineRun {
    /// The lines' bytes; the last byte is a separator.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The 1-based number of the first line within its source, and how many lines there are.
    package let firstNumber: Int
    package let count: Int
    /// The source's name for diagnostics.
    package let source: String
}

/// Reads lines from files with `read(2)` into one large buffer and hands them out without
/// copying. Lines longer than the limit are cut to a prefix and skipped, never buffered whole.
package final class RecordReader {
    /// How many bytes of an over-long line are kept for its error record.
    package static let overlongPrefix = 256

    /// Where lines come from: a file (`-` is stdin), or records a tool made in memory (the
    /// example links `urnmatch --examples --against` routes).
    package enum Source {
        case file(String)
        case memory(name: String, bytes: [UInt8])
    }

    private let sources: [Source]
    private let separator: UInt8
    private let maxLine: Int
    private var buffer = ByteBuffer(capacity: 1 << 18)
    private let diagnostics: Diagnostics

    /// A reader of `sources`, in order, splitting on `separator`.
    package init(sources: [Source], separator: UInt8, maxLine: Int, diagnostics: Diagnostics) {
        self.sources = sources
        self.separator = separator
        self.maxLine = maxLine
        self.diagnostics = diagnostics
    }

    /// Calls `body` for every line of every source in order. Returns false when a source could
    /// not be opened or read (already reported); `body` returning false stops the reading.
    /// `beforeRead` is called before each source is opened and before each `read(2)`, when
    /// every complete line read so far has been handed out (`--jobs` sends its chunk of lines
    /// on then, so that a slow source's lines are not held back); false stops the reading.
    /// With `runs`, the complete lines of a read that no line of can be over-long (those it
    /// brings in at most `--max-line` bytes) go to `runs` in one piece instead, in their turn:
    /// `--jobs`' reader hands them on without looking for each line, which its workers do.
    package func forEachLine(_ body: (InputLine) throws -> Bool, runs: ((LineRun) -> Bool)? = nil,
                             beforeRead: () -> Bool = { true }) rethrows -> Bool {
        var allRead = true
        for source in sources {
            guard beforeRead() else { break }
            let readAll: Bool, stop: Bool
            switch source {
            case let .memory(name, bytes):
                var offset = 0
                (readAll, stop) = try readLines(source: name, body, runs, beforeRead) { free in
                    let count = min(free.count, bytes.count - offset)
                    _ = free.initialize(from: bytes[offset..<(offset + count)])
                    offset += count
                    return count
                }
            case let .file(path):
                let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else {
                    diagnostics.error("\(path): \(errorText(errno))")
                    allRead = false
                    continue
                }
                defer { if fd != 0 { close(fd) } }
                PipeCapacity.enlarge(fd)
                (readAll, stop) = try readLines(source: path == "-" ? "<stdin>" : path, body, runs, beforeRead) {
                    read(fd, $0.baseAddress, $0.count)
                }
            }
            if !readAll { allRead = false }
            if stop { break }
        }
        return allRead
    }

    /// Reads one source, whose bytes `next` reads into the buffer it is given (as `read(2)`: the
    /// count, 0 at the end, -1 with `errno` on failure); returns whether it was read to its end
    /// and whether to stop.
    private func readLines(source: String, _ body: (InputLine) throws -> Bool, _ runs: ((LineRun) -> Bool)?,
                           _ beforeRead: () -> Bool, next: (UnsafeMutableBufferPointer<UInt8>) -> Int) rethrows -> (Bool, Bool) {
        buffer.removeAll()
        var start = 0     // first byte of the current line
        var scanned = 0   // bytes already searched for the separator
        var number = 0
        var skipping = false  // inside the rest of an over-long line
        var atStart = true    // a UTF-8 byte order mark at the start of the source is skipped
        while true {
            // The complete lines of the read in one run, when none of them can be too long.
            if let runs, !skipping, let last = lastSeparator(from: scanned), last + 1 - start <= maxLine {
                let bytes = buffer.unsafeView(start..<(last + 1))
                let count = ByteCount.occurrences(of: separator, in: bytes)
                if !runs(LineRun(bytes: bytes, firstNumber: number + 1, count: count, source: source)) { return (true, true) }
                number += count
                start = last + 1
                scanned = start
            }
            // Hand out every complete line in the buffer.
            while let end = nextSeparator(from: scanned) {
                if skipping {
                    skipping = false
                } else {
                    number += 1
                    if try !body(line(start, end - start, number, source)) { return (true, true) }
                }
                start = end + 1
                scanned = start
            }
            scanned = buffer.count
            if !skipping, buffer.count - start > maxLine {
                number += 1
                if try !body(line(start, buffer.count - start, number, source)) { return (true, true) }
                skipping = true
            }
            if skipping { start = buffer.count }
            // Make room: move the partial line to the front (the buffer grows when it is full).
            buffer.removeFirst(start)
            scanned -= start
            start = 0
            guard beforeRead() else { return (true, true) }
            var failure: Int32 = 0
            let n = buffer.unsafeAppend(minimum: 1 << 16) { free in
                let n = next(free)
                if n < 0 { failure = errno }
                return n
            }
            if n < 0 {
                if failure == EINTR { continue }
                diagnostics.error("\(source): \(errorText(failure))")
                return (false, false)
            }
            if n == 0 { break }
            if atStart && (buffer.count >= 3 || number > 0 || skipping) {
                atStart = false
                // no line handed out yet, so the buffer begins where the source begins
                if number == 0 && !skipping && buffer.count >= 3 {
                    let head = buffer.unsafeView(0..<3)
                    if head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF { buffer.removeFirst(3) }
                }
            }
        }
        if buffer.count > start, !skipping {
            number += 1
            if try !body(line(start, buffer.count - start, number, source)) { return (true, true) }
        }
        return (true, false)
    }

    /// The position of the next separator at or after `from`, if the buffer holds one.
    private func nextSeparator(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        let rest = buffer.unsafeView(from..<buffer.count)
        guard let base = rest.baseAddress, let found = memchr(base, Int32(separator), rest.count) else { return nil }
        return from + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The position of the last separator at or after `from`, if the buffer holds one.
    private func lastSeparator(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        // backwards from the end, where a read's last line ends a line's length away
        return buffer.unsafeView(from..<buffer.count).lastIndex(of: separator).map { from + $0 }
    }

    /// The line of `length` bytes at `start`, cut to a prefix when longer than the limit.
    private func line(_ start: Int, _ length: Int, _ number: Int, _ source: String) -> InputLine {
        let tooLong = length > maxLine
        let count = tooLong ? min(RecordReader.overlongPrefix, length) : length
        return InputLine(bytes: buffer.unsafeView(start..<(start + count)),
                         number: number, source: source, tooLong: tooLong)
    }
}
