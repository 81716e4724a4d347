@preconcurrency import Glibc
import Synchronization
@_spi(Records) import UrnCore

/// A large OpenAPI document in YAML whose parsing starts before the command line is read.
///
/// Reading the command line takes a tool about 7 ms here (swift-argument-parser's reflection),
/// and a 1,000-operation YAML document's libyaml parsing about 25 ms of one core. A tool that
/// loads tables (urnmatch, urnstack) guesses from its arguments the first `-f` file, and when
/// that is a regular file of `YAMLCut.minimumSize` or more that reads as an OpenAPI document in
/// YAML from its first byte, starts libyaml's threads on a copy of it at once. The table loader
/// later reads the file as always; the YAML reader takes these events only when the text it
/// reads is byte for byte the copy (`take`), so a wrong guess costs some work on another core
/// and never changes an answer.
package enum YAMLPrefetch {
    /// The copy of the file, freed when the last parsing thread over it is done.
    private final class Copy {
        let text: UnsafeMutableBufferPointer<UInt8>

        init(_ bytes: [UInt8]) {
            text = .allocate(capacity: bytes.count)
            _ = text.initialize(from: bytes)
        }

        deinit {
            text.deallocate()
        }
    }

    /// A started document: a copy of the file and its events.
    struct Started: @unchecked Sendable {  // handed from thread to thread only through `started`'s lock
        private let copy: Copy
        private let events: YAMLPieceEvents

        /// The events of the file the first `-f` in `arguments` names, when it is a large YAML
        /// OpenAPI document of at most `limit` bytes; nil for any other.
        init?(arguments: [String], limit: Int) {
            guard let flag = arguments.firstIndex(of: "-f"), flag + 1 < arguments.count,
                  !arguments[..<flag].contains("--") else { return nil }
            let path = arguments[flag + 1]
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                  Int(status.st_size) >= YAMLCut.minimumSize, Int(status.st_size) <= limit,
                  let first = YAMLPrefetch.firstByte(path), YAMLPrefetch.startsYAML(first),
                  case let .success(bytes) = FileContents.read(path, limit: limit),
                  OpenAPIReader.looksLikeYAMLDocument(bytes[...]) else { return nil }
            copy = Copy(bytes)
            let text = UnsafeBufferPointer(copy.text)
            guard let events = YAMLPieceEvents(text: text, cut: YAMLCut.find(in: text, from: text.count / 2), textOwner: copy) else { return nil }
            self.events = events
        }

        /// The events, when `text` is byte for byte the file they are parsed from.
        func events(matching text: UnsafeBufferPointer<UInt8>) -> YAMLPieceEvents? {
            guard copy.text.count == text.count, let mine = copy.text.baseAddress, let theirs = text.baseAddress,
                  memcmp(mine, theirs, text.count) == 0 else { return nil }
            return events
        }
    }

    /// The document started before the command line was read, until the YAML reader asks for it.
    private static let started = Mutex<Started?>(nil)

    /// Starts parsing the file the first `-f` in `arguments` names, when it is a large YAML
    /// OpenAPI document of at most `limit` bytes (the default `--max-table-size`).
    package static func start(arguments: [String], limit: Int) {
        guard let document = Started(arguments: arguments, limit: limit) else { return }
        started.withLock { $0 = document }
    }

    /// Drops a started document no table took (a `--format` that reads it otherwise, a guess
    /// that named the wrong file): its threads stop and its events are freed, rather than held
    /// while the tool reads its input.
    package static func discard() {
        _ = takeStarted()
    }

    /// The started document, which `started` no longer holds.
    private static func takeStarted() -> Started? {
        started.withLock { document -> Started? in
            defer { document = nil }
            return document
        }
    }

    /// The first byte of the regular file at `path` (a JSON document is not read whole to learn
    /// that it is no YAML).
    private static func firstByte(_ path: String) -> UInt8? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, 0) == 1 ? byte : nil
    }

    /// Whether a table file that starts with `byte` is YAML from its first byte: no byte-order
    /// mark, blank, comment or directive line comes first (which would start the YAML later),
    /// and it is no JSON object. A `/` starts a route table's first pattern, not an OpenAPI
    /// document's first key: a large route table was read and searched for a version key twice,
    /// once here, before its load.
    private static func startsYAML(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xEF, UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "{"), UInt8(ascii: " "), UInt8(ascii: "\t"),
             UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "/"):
            return false
        default:
            return true
        }
    }

    /// The events started for a text that is byte for byte `text`, once; nil for any other text
    /// (and the started parse is dropped). Only a text of `YAMLCut.minimumSize` or more asks.
    static func take(matching text: UnsafeBufferPointer<UInt8>) -> YAMLPieceEvents? {
        guard text.count >= YAMLCut.minimumSize, let document = takeStarted() else { return nil }
        return document.events(matching: text)
    }
}
