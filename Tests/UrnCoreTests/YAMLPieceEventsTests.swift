import CYAML
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnOpenAPI

/// A YAML text cut into pieces parsed at once (`YAMLCut`, `YAMLPieceEvents`) gives the events,
/// marks and errors of the text parsed whole, at every line it can be cut at, or it is parsed
/// whole; never anything else.
@Suite struct YAMLPieceEventsTests {
    /// An OpenAPI-like document with what a cut must survive: comments at column 0 inside
    /// `paths`, blank lines, quoted keys, block scalars, anchors used across the cut, empty
    /// values before a key, flow collections and quoted scalars over several lines, an
    /// indentless sequence, and non-ASCII text when asked.
    static func document(paths: Int, nonASCII: Bool = false) -> String {
        var text = "openapi: 3.0.3\ninfo:\n  title: \(nonASCII ? "Café API" : "API")\n  version: '1'\n"
        text += "servers:\n- url: https://api.example.com/v1\n  description: the one\n"
        text += "paths: # the routes\n"
        for index in 0..<paths {
            if index % 5 == 4 { text += "# a comment at column 0\n\n" }
            let key = index % 3 == 0 ? "'/items\(index)/{id}'" : "/items\(index)"
            text += "  \(key):\n"
            if index % 7 == 6 {
                continue  // an empty path item: its value ends where the next key starts
            }
            text += "    get:\n      operationId: get\(index)\n"
            text += "      description: |\n        Line one of \(index).\n          indented: not a key\n"
            text += "      tags: [a, b,\n        c]\n"
            text += "      summary: \"two\n        lines \(nonASCII ? "é" : "e")\"\n"
            text += "      parameters:\n      - &p\(index)\n        name: id\n        in: path\n"
            if index > 2 { text += "      - *p\(index - 3)\n" }
            text += "      x-plain: first\n        second\n"
        }
        text += "components:\n  parameters:\n    shared: *p0\n  schemas:\n    Item:\n      type: object\n"
        text += "tags:\n- name: a\n- name: b\n"
        return text
    }

    /// Every event of `text` read as `cut` says, as text: type, marks (indexes only in ASCII
    /// text, where they are bytes), scalar values, anchors, tags and styles.
    func events(_ text: String, cut: YAMLCut?) -> (events: [String], mismatched: Bool) {
        let bytes = Array(text.utf8)
        let ascii = bytes.allSatisfy { $0 < 0x80 }
        return bytes.withUnsafeBufferPointer { buffer in
            guard var stream = YAMLPieceEvents(text: buffer, cut: cut) else { return (["no stream"], false) }
            var seen: [String] = []
            while let event = stream.next()?.pointee {
                func mark(_ mark: yaml_mark_t) -> String {
                    "\(ascii ? "\(mark.index)@" : "")\(mark.line):\(mark.column)"
                }
                func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String {
                    pointer.map { String(cString: $0) } ?? "-"
                }
                var line = "\(event.type.rawValue) \(mark(event.start_mark))-\(mark(event.end_mark))"
                switch event.type {
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    line += " \(value.debugDescription) &\(string(scalar.anchor)) !\(string(scalar.tag)) \(scalar.style.rawValue)"
                case YAML_ALIAS_EVENT:
                    line += " *\(string(event.data.alias.anchor))"
                case YAML_MAPPING_START_EVENT:
                    line += " &\(string(event.data.mapping_start.anchor)) \(event.data.mapping_start.style.rawValue)"
                case YAML_SEQUENCE_START_EVENT:
                    line += " &\(string(event.data.sequence_start.anchor)) \(event.data.sequence_start.style.rawValue)"
                default:
                    break
                }
                seen.append(line)
                if event.type == YAML_STREAM_END_EVENT { break }
            }
            return (seen, stream.mismatched)
        }
    }

    /// The cut `YAMLCut` proposes from byte `from` of `text`.
    func cut(_ text: String, from: Int) -> YAMLCut? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { YAMLCut.find(in: $0, from: from) }
    }

    /// The byte offset where each line of `text` starts.
    func lineStarts(_ text: String) -> [Int] {
        var starts = [0]
        for (offset, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    /// For every line `text` can be cut at: the pieces' events are the whole text's, or the
    /// pieces say they do not fit; returns how many cuts fit.
    func checkEveryCut(_ text: String) -> Int {
        let whole = events(text, cut: nil)
        #expect(!whole.mismatched)
        var fitted = 0
        var tried: [YAMLCut] = []
        for start in lineStarts(text) {
            guard let proposed = cut(text, from: start), !tried.contains(proposed) else { continue }
            tried.append(proposed)
            let pieces = events(text, cut: proposed)
            if pieces.mismatched { continue }
            #expect(pieces.events == whole.events, "cut \(proposed)")
            fitted += 1
        }
        return fitted
    }

    @Test func piecesGiveTheWholeTextsEvents() {
        let text = Self.document(paths: 12)
        // cuts at path keys (column 2, with a third piece from `components:`) and at top-level keys
        #expect(checkEveryCut(text) >= 12)
        let middle = cut(text, from: text.utf8.count / 2)
        #expect(middle?.middle.column == 2)
        #expect(middle?.rest?.column == 0)
        #expect(cut(text, from: text.utf8.count - 30)?.middle.column == 0)
    }

    @Test func piecesOfNonASCIIAndCRLFTextGiveTheWholeTextsEvents() {
        #expect(checkEveryCut(Self.document(paths: 8, nonASCII: true)) >= 8)
        let crlf = Self.document(paths: 8).replacing("\n", with: "\r\n")
        #expect(checkEveryCut(crlf) >= 8)
    }

    @Test func aCutInsideAScalarOrFlowCollectionFallsBackToTheWholeText() {
        // the cut lines look like keys, but are inside a top-level block scalar, a quoted scalar
        // and a flow mapping; the first two are never proposed, the last does not fit its events
        let texts = [
            "a: 1\ndescription: |\n  x: 1\n  y: 2\n  z: 3\nb: 2\n",
            "a: 1\nb:\n  c: \"one\n  d: two\"\n  e: 3\n",
            "a: 1\nb: {\nc: 1,\nd: 2\n}\ne: 3\n",
            "a: 1\nb:\n  c: [1,\n  2]\n  d: 3\n",
        ]
        for text in texts { _ = checkEveryCut(text) }
        // the flow mapping's inner line is proposed, and its pieces say they do not fit
        let inFlow = cut(texts[2], from: 6)
        #expect(inFlow?.middle.start == 10)
        #expect(events(texts[2], cut: inFlow).mismatched)
        #expect(cut(texts[0], from: 6) == YAMLCut(middle: .init(start: 41, line: 5, column: 0), rest: nil))
    }

    @Test func textsWithDirectivesMarkersOrOtherLineBreaksAreNotCut() {
        #expect(cut("a: 1\n---\nb: 2\n", from: 1) == nil)
        #expect(cut("a: 1\nb: 2\n...\n", from: 1) == nil)
        #expect(cut("%YAML 1.2\n---\na: 1\nb: 2\n", from: 1) == nil)
        #expect(cut("a: 1\rb: 2\n", from: 1) == nil)
        #expect(cut("a: \u{2028}1\nb: 2\n", from: 1) == nil)
        #expect(cut("a: \u{85}1\nb: 2\n", from: 1) == nil)
        // a document marker at the start is no obstacle
        #expect(cut("---\na: 1\nb: 2\n", from: 5)?.middle.start == 9)
        // a top-level key whose value is a sequence offers no column-2 cut
        #expect(cut("a:\n- x: 1\n  y: 2\n", from: 4) == nil)
    }

    /// The tree and its offsets, as text.
    func render(_ node: JSONDocument.Node) -> String {
        switch node.value {
        case let .object(members): return "{@\(node.offset) " + members.map { "\($0.key): \(render($0.node))" }.joined(separator: ", ") + "}"
        case let .array(elements): return "[@\(node.offset) " + elements.map(render).joined(separator: ", ") + "]"
        case let .string(text): return "\(text.debugDescription)@\(node.offset)"
        case let .number(text): return "\(text)@\(node.offset)"
        case let .bool(flag): return "\(flag)@\(node.offset)"
        case .null: return "null@\(node.offset)"
        case .omitted: return "omitted@\(node.offset)"
        }
    }

    /// The reader's tree, or its error, with the text cut at the first fitting line from `from` (nil: whole).
    func read(_ text: String, cutFrom: Int?) -> String {
        let bytes = Array(text.utf8)
        let reader = YAMLEventReader(table: "t.yaml", bytes: bytes, start: 0, position: TextPosition(bytes), cutFrom: cutFrom)
        do {
            return render(try reader.document(limits: DocumentLimits(byteCount: bytes.count)))
        } catch {
            return error.description
        }
    }

    @Test func theReaderGivesTheSameTreeAndErrorsFromPieces() {
        let text = Self.document(paths: 6)
        // an error in the first piece, in the second, and an alias to an anchor in a later piece
        let broken = [
            text.replacing("  title: API", with: "  title: [API"),
            text.replacing("      operationId: get4", with: "      operationId: !!int get4"),
            text.replacing("    shared: *p0", with: "    shared: *nowhere"),
            text + "  - stray\n",
        ]
        for sample in [text] + broken {
            let whole = read(sample, cutFrom: Int.max)
            for start in lineStarts(sample) {
                #expect(read(sample, cutFrom: start) == whole)
            }
        }
        #expect(read(broken[0], cutFrom: 0).contains("invalid YAML"))
        #expect(read(broken[1], cutFrom: 0).contains("!!int"))
    }
}
