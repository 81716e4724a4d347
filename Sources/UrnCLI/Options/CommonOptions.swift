import ArgumentParser
@_spi(Records) import UrnCore

/// The options every tool shares (urnparse(1) OPTIONS).
package struct CommonOptions: ParsableArguments {
    /// Input files.
    @Argument(help: ArgumentHelp("Files to read; none or '-' reads standard input.", valueName: "file"), completion: .file())
    package var files: [String] = []

    /// The link field's path.
    @Option(help: ArgumentHelp("Read the link from this field of JSON records: a name or a dotted path (aps.urn).", valueName: "path"))
    package var field: String = "link"

    /// NUL-separated records.
    @Flag(name: [.customShort("0"), .customLong("null")], help: "Read and write NUL-separated records instead of lines.")
    package var nullSeparated = false

    /// The longest accepted line.
    @Option(help: ArgumentHelp("Longest accepted line in bytes (suffixes K, M, G); longer lines become error records.", valueName: "size"),
            transform: CommonOptions.byteSize)
    package var maxLine: Int = 1 << 20

    /// Write nothing on stdout; the exit status answers (grep's `-q`).
    @Flag(name: .shortAndLong, help: "Write nothing on stdout; only the exit status answers.")
    package var quiet = false

    /// Silence per-line diagnostics (grep's `-s`).
    @Flag(name: [.customShort("s"), .customLong("no-messages")], help: "Do not print a diagnostic for each bad line (error records are still written).")
    package var noMessages = false

    /// Flush every record.
    @Flag(help: "Flush output after every record (for tail -f).")
    package var lineBuffered = false

    /// Repair links instead of rejecting them.
    @Flag(help: "Percent-encode spaces and other characters RFC 3986 does not allow instead of rejecting the link ('link' stays as written).")
    package var lenient = false

    /// Refuse what URL(string:) refused before iOS 17.
    @Flag(help: "Make a link that URL(string:) refused before iOS 17 (non-ASCII, space, '{', a second '#', ...) an error record.")
    package var strictNsurl = false

    /// Show progress on a terminal.
    @Flag(help: "Show the records read and their rate on stderr while working (only when stderr is a terminal).")
    package var progress = false

    /// Stop at the first bad line.
    @Flag(help: "Stop at the first line that cannot be processed.")
    package var failFast = false

    /// Threads that work on chunks of records (the output stays in input order).
    @Option(help: ArgumentHelp("Work on chunks of records in this many threads; the output is the same, in input order (for large inputs in one process).", valueName: "n"))
    package var jobs: Int = 1

    /// The most threads `--jobs` takes: each holds a chunk of records and its buffers, and a
    /// count in the thousands exhausts the process's threads and memory without any gain.
    package static let maxJobs = 256

    package init() {}

    package func validate() throws {
        guard JSONPath(field) != nil else { throw ValidationError("invalid --field path '\(field)'") }
        if jobs < 1 || jobs > Self.maxJobs { throw ValidationError("--jobs \(jobs): give 1 to \(Self.maxJobs) threads") }
        if lenient && strictNsurl { throw ValidationError("--lenient repairs what --strict-nsurl refuses: choose one") }
    }

    /// `parser` with `--lenient` (repair the whole link) and `--strict-nsurl` applied.
    package func linkParser(_ parser: LinkParser) -> LinkParser {
        var parser = parser
        if lenient { parser.leniency = .everywhere }
        parser.legacyNSURL = strictNsurl
        return parser
    }

    /// The link field as a path (validated).
    package var fieldPath: JSONPath { JSONPath(field)! }

    /// The record separator byte.
    package var separator: UInt8 { nullSeparated ? 0 : UInt8(ascii: "\n") }

    /// Parses `1048576`, `64K`, `1M`, `2G`.
    static func byteSize(_ text: String) throws -> Int {
        let multipliers: [Character: Int] = ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20, "G": 1 << 30, "g": 1 << 30]
        var digits = Substring(text)
        var multiplier = 1
        if let last = text.last, let m = multipliers[last] {
            multiplier = m
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0, value <= Int.max / multiplier else {
            throw ValidationError("invalid size '\(text)' (use a number of bytes, optionally with K, M or G)")
        }
        return value * multiplier
    }
}
