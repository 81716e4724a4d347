import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnOpenAPI

/// YAML through libyaml's events into the tree JSON gives (`YAMLEventReader`): core-schema
/// scalars, anchors and merge keys, lines, and the refusals that keep a hostile document cheap.
@Suite struct YAMLEventReaderTests {
    func read(_ text: String, limits: DocumentLimits? = nil) throws(TableError) -> JSONDocument.Node {
        let bytes = Array(text.utf8)
        return try YAMLEventReader(table: "t.yaml", bytes: bytes, start: 0, position: TextPosition(bytes))
            .document(limits: limits ?? DocumentLimits(byteCount: bytes.count))
    }

    func failure(_ text: String, limits: DocumentLimits? = nil) -> String {
        do {
            _ = try read(text, limits: limits)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func plainScalarsFollowTheCoreSchema() throws {
        let root = try read("a: 12\nb: 1.5e3\nc: true\nd: ~\ne: yes\nf: '12'\ng: 0x1F\nh: -.inf\ni: !!str 5\n")
        #expect(root["a"]?.value.isNumber("12") == true)
        #expect(root["b"]?.value.isNumber("1.5e3") == true)
        #expect(root["c"]?.bool == true)
        #expect(root["d"].map { if case .null = $0.value { true } else { false } } == true)
        #expect(root["e"]?.string == "yes")  // YAML 1.1's booleans are strings in 1.2
        #expect(root["f"]?.string == "12")
        #expect(root["g"]?.value.isNumber("0x1F") == true)
        #expect(root["h"]?.value.isNumber("-.inf") == true)
        #expect(root["i"]?.string == "5")
    }

    @Test func collectionsKeepOrderAndTheirKeysLine() throws {
        let text = "first: 1\nsecond:\n  - x\n  - {y: 2}\nthird:\n  inner: z\n"
        let root = try read(text)
        #expect(root.members?.map(\.key) == ["first", "second", "third"])
        #expect(root["second"]?.array?.count == 2)
        let position = TextPosition(Array(text.utf8))
        // a block collection is placed at its key, where a reader looks for it
        #expect(root["third"].map { position.line(of: $0.offset) } == 5)
        #expect(root["third"]?["inner"].map { position.line(of: $0.offset) } == 6)
    }

    @Test func offsetsCountBytesInNonASCIIText() throws {
        let text = "a: \"é\"\nb: x\n"
        let root = try read(text)
        #expect(root["b"]?.offset == 11)
        // after directive lines, offsets count from the YAML's start and lines from the file's
        let bytes = Array(("@format openapi\n" + text + "c: [é, é, x\n").utf8)
        let reader = YAMLEventReader(table: "t.yaml", bytes: bytes, start: 16, position: TextPosition(bytes))
        #expect(throws: TableError.self) { try reader.document(limits: DocumentLimits(byteCount: bytes.count)) }
        let whole = Array(bytes[..<(16 + text.utf8.count)])
        let tree = try YAMLEventReader(table: "t.yaml", bytes: whole, start: 16, position: TextPosition(whole))
            .document(limits: DocumentLimits(byteCount: whole.count))
        #expect(tree["b"]?.offset == 11)
    }

    @Test func aliasesShareTheirAnchorsNodeAndMergeKeysMerge() throws {
        let root = try read("base: &b {x: 1, y: 2}\nuse: *b\nmerged:\n  <<: *b\n  y: 3\n")
        #expect(root["use"]?["x"]?.value.isNumber("1") == true)
        #expect(root["merged"]?.members?.map(\.key) == ["x", "y"])
        #expect(root["merged"]?["y"]?.value.isNumber("3") == true)
    }

    @Test func anAliasBombIsRefusedBeforeItExpands() {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            bomb += "a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(failure(bomb).contains("YAML aliases expand the document past 1000000 nodes (an alias bomb?)"))
    }

    @Test func deepNestingAndTypeTagsAndSecondDocumentsAreErrors() {
        #expect(failure(String(repeating: "[", count: 600)) == "t.yaml:1:513: the document nests deeper than 512 levels")
        #expect(failure("a: !!python/object:os.system ls\n") == "t.yaml:1:4: the YAML tag '!!python/object:os.system' asks for a type: an OpenAPI document needs none")
        #expect(failure("a: !custom {x: 1}\n").contains("the YAML tag '!custom' asks for a type"))
        #expect(failure("a: !!int twelve\n") == "t.yaml:1:4: 'twelve' is not what its tag !!int says")
        #expect(failure("a: 1\n---\nb: 2\n") == "t.yaml:2:1: a second YAML document in the file: an OpenAPI document is one")
        #expect(failure("a: *nowhere\n") == "t.yaml:1:4: alias '*nowhere' names no anchor before it")
        #expect(failure("a: [1, 2\n").hasPrefix("t.yaml:2:1: invalid YAML: did not find expected ',' or ']'"))
        #expect(failure("? [a]\n: 1\n") == "t.yaml:1:5: a mapping key must be a scalar")
    }

    /// Events come from libyaml's own thread in batches (`YAMLEventStream`): a document of many
    /// batches reads whole, and a failure after many batches, or a refusal while the parser is
    /// batches ahead, comes out the same as in a small one.
    @Test func documentsOfManyBatchesReadWholeAndFailAtTheirPlace() throws {
        let items = (0..<10_000).map { "  k\($0): [\($0), x]\n" }.joined()
        let root = try read("items:\n" + items)
        #expect(root["items"]?.members?.count == 10_000)
        #expect(root["items"]?["k9999"]?.array?.first?.value.isNumber("9999") == true)
        #expect(failure("items:\n" + items + "  bad: [1, 2\n").hasPrefix("t.yaml:10003:1: invalid YAML: did not find expected ',' or ']'"))
        #expect(failure("a: !!binary aGk=\nitems:\n" + items) == "t.yaml:1:4: the YAML tag '!!binary' asks for a type: an OpenAPI document needs none")
    }
}

extension JSONDocument.Node.Value {
    /// Whether this is the number written `text`.
    func isNumber(_ text: String) -> Bool {
        if case let .number(written) = self { return written == text }
        return false
    }
}
