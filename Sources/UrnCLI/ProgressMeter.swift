@preconcurrency import Glibc

/// `--progress`: one line on stderr, redrawn at most four times a second, with the records
/// read, their rate and, when every input is a regular file, how much of it was read; cleared
/// at the end. It never writes to stdout, and only when stderr is a terminal.
package final class ProgressMeter {
    /// Whether a progress line is on the terminal now (a diagnostic clears it first).
    nonisolated(unsafe) static var lineShown = false

    private let tool: String
    /// The size of all inputs, when they are regular files.
    private let totalBytes: Int?
    private var records = 0
    private var bytes = 0
    private let start: Double
    private var lastDrawn: Double

    /// A meter for `tool` reading `paths`, or nil unless `enabled` and stderr is a terminal.
    package init?(enabled: Bool, tool: String, paths: [String]) {
        guard enabled, isatty(2) == 1 else { return nil }
        self.tool = tool
        var total = 0
        var known = true
        for path in paths.isEmpty ? ["-"] : paths {
            var info = stat()
            guard path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { known = false; break }
            total += Int(info.st_size)
        }
        totalBytes = known && total > 0 ? total : nil
        start = Self.now()
        lastDrawn = start
    }

    /// Counts one record of `length` bytes (with its separator); draws now and then.
    package func count(bytes length: Int) {
        records += 1
        bytes += length
        if records & 1023 == 0 { drawIfDue() }
    }

    /// Counts `added` records of `length` bytes in all (a chunk of `--jobs`); draws now and then.
    func count(records added: Int, bytes length: Int) {
        let before = records
        records += added
        bytes += length
        if records >> 10 != before >> 10 { drawIfDue() }
    }

    /// Replaces the line with a summary: the records read, how many were errors, and the time.
    package func finish(errors: Int) {
        let seconds = Self.now() - start
        let time = seconds < 10 ? "\(Int((seconds * 10).rounded()) / 10).\(Int((seconds * 10).rounded()) % 10) s" : "\(Int(seconds.rounded())) s"
        let noun = errors == 1 ? "error" : "errors"
        Self.write("\r\u{1B}[K\(tool): \(Self.grouped(records)) records, \(Self.grouped(errors)) \(noun), \(time)\n")
        Self.lineShown = false
    }

    private func drawIfDue() {
        let now = Self.now()
        guard now - lastDrawn >= 0.25 else { return }
        lastDrawn = now
        var text = "\r\u{1B}[K\(tool): \(Self.grouped(records)) records, \(Self.rate(Double(records) / max(now - start, 0.001)))/s"
        if let totalBytes { text += ", \(min(100, bytes * 100 / totalBytes))% read" }
        Self.write(text)
        Self.lineShown = true
    }

    /// Clears a progress line before a diagnostic is written under it.
    static func clearForMessage() {
        guard lineShown else { return }
        write("\r\u{1B}[K")
        lineShown = false
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: i)
            i -= 3
        }
        return String(digits)
    }

    /// A rate as `950`, `12k` or `1.1M`.
    static func rate(_ value: Double) -> String {
        func tenths(_ scaled: Double) -> String {
            let t = Int((scaled * 10).rounded())
            return "\(t / 10).\(t % 10)"
        }
        if value >= 1e6 { return tenths(value / 1e6) + "M" }
        if value >= 1e4 { return "\(Int((value / 1e3).rounded()))k" }
        if value >= 1e3 { return tenths(value / 1e3) + "k" }
        return String(Int(value))
    }

    private static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in _ = Glibc.write(2, buffer.baseAddress, buffer.count) }
    }
}
