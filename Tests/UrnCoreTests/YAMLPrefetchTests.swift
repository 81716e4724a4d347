import CYAML
import Glibc
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnOpenAPI

/// A large YAML document started before the command line is read (`YAMLPrefetch`): only the
/// first `-f` file, only a regular file that is YAML OpenAPI from its first byte, and its
/// events only for the very same text.
@Suite struct YAMLPrefetchTests {
    /// A file holding `text` under a name of its own, removed after `body`.
    func withFile(_ text: String, _ body: (String) throws -> Void) rethrows {
        var template = Array("/tmp/urn-prefetch-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        precondition(descriptor >= 0)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = Array(text.utf8)
        precondition(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
        try body(path)
    }

    static let large = YAMLPieceEventsTests.document(paths: 600)

    @Test func aLargeYAMLDocumentStartsAndGivesTheWholeTextsEvents() throws {
        let text = Self.large
        #expect(text.utf8.count >= YAMLCut.minimumSize)
        try withFile(text) { path in
            let started = try #require(YAMLPrefetch.Started(arguments: ["urnmatch", "-c", "-f", path, "-"], limit: 32 << 20))
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { started.events(matching: $0) } != nil)
            var other = bytes
            other[other.count / 2] ^= 1
            #expect(other.withUnsafeBufferPointer { started.events(matching: $0) } == nil)
            // read to its end, the started events are the text's
            let helper = YAMLPieceEventsTests()
            let whole = helper.events(text, cut: nil)
            let taken = bytes.withUnsafeBufferPointer { started.events(matching: $0) }
            var events = try #require(taken)
            var seen = 0
            while let event = events.next()?.pointee {
                seen += 1
                if event.type == YAML_STREAM_END_EVENT { break }
            }
            #expect(!events.mismatched)
            #expect(seen == whole.events.count)
        }
    }

    @Test func otherArgumentsAndFilesStartNothing() {
        withFile(Self.large) { path in
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-e", "/a x"], limit: 32 << 20) == nil)
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "--", "-f", path], limit: 32 << 20) == nil)
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-f", path], limit: 1024) == nil)
        }
        withFile("# a comment first\n" + Self.large) { path in
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-f", path], limit: 32 << 20) == nil)
        }
        withFile(String(repeating: "/a/b target\n", count: 20_000)) { path in
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-f", path], limit: 32 << 20) == nil)
        }
        withFile("openapi: 3.0.0\npaths: {}\n") { path in
            #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-f", path], limit: 32 << 20) == nil)
        }
        // a pipe is never read ahead: its bytes are the loader's
        let fifo = "/tmp/urn-prefetch-fifo-\(getpid())"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(YAMLPrefetch.Started(arguments: ["urnmatch", "-f", fifo], limit: 32 << 20) == nil)
    }
}
