@preconcurrency import Glibc

/// Where a large YAML document is cut into pieces that libyaml parses at once, each on a thread
/// of its own (`YAMLPieceEvents` joins their events into the whole document's).
///
/// The cut is a line at the document's middle that starts a key of a block mapping: a top-level
/// key (column 0), or a key of the block mapping that is a top-level key's value (`paths:`, and
/// the path keys under it at column 2). The first piece runs up to that line. In the second
/// case the second piece runs up to the next top-level key, and a third piece from there to the
/// end. Lines alone cannot prove that the cut line is such a key (it could sit in a block scalar
/// or a flow collection), so this only proposes a cut: `YAMLPieceEvents` checks it against the
/// events and falls back to the whole text when they disagree. Texts where the lines libyaml
/// counts may not be the `\n` lines (a lone CR, U+0085, U+2028, U+2029), and texts with
/// directives or document markers past their start, are never cut.
struct YAMLCut: Equatable {
    /// Where a piece after the first starts: a line's first byte, that line's number (from 0),
    /// and the column of the key on it that opens the piece's mapping.
    struct Piece: Equatable {
        var start: Int
        var line: Int
        var column: Int
    }

    /// The piece that starts at the middle key.
    var middle: Piece
    /// The piece from the next top-level key on, when the middle key is not top-level itself
    /// and one follows its mapping.
    var rest: Piece?

    /// Texts shorter than this are parsed whole: the threads would cost more than they save.
    static let minimumSize = 128 * 1024

    /// The cut of `text` at the first fitting line from byte `from` on, or nil where the text
    /// must be parsed whole. One pass over the lines, which looks at a line's first bytes only.
    static func find(in text: UnsafeBufferPointer<UInt8>, from: Int) -> YAMLCut? {
        guard text.count > 0, from < text.count, text[0] != 0xFE, text[0] != 0xFF, text[0] != 0,
              linesAreNewlines(text) else { return nil }
        let lines = Lines(text: text)
        // the last top-level line is a key whose value is below it (`paths:`), and the column
        // of that value's keys once its first line is seen (nil: not yet; 0: not a mapping)
        var topKey = false
        var childColumn: Int?
        var cut: Piece?
        var rest: Piece?
        var start = 0
        var number = 0
        while start < text.count {
            let end = lines.end(of: start)
            let byte = text[start]
            // directives and document markers past the text's start are not cut around
            if start > 0, byte == UInt8(ascii: "%") || lines.isDocumentMarker(start, end) { return nil }
            if let middle = cut {
                // the middle piece ends at the next line less indented than its keys: a top-level key
                if rest == nil, middle.column > 0, !lines.isIndented(start, end, by: middle.column) {
                    let first = lines.firstNonBlank(start, end)
                    if first < end, text[first] != UInt8(ascii: "#") {
                        guard first == start, isKeyStart(byte) else { return nil }
                        rest = Piece(start: start, line: number, column: 0)
                    }
                }
            } else if byte != UInt8(ascii: " ") {
                if byte != UInt8(ascii: "#"), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
                    if start >= from, isKeyStart(byte) {
                        cut = Piece(start: start, line: number, column: 0)
                    } else {
                        topKey = isKeyStart(byte) && lines.endsWithColon(start, end)
                        childColumn = nil
                    }
                }
            } else if topKey {
                if childColumn == nil {
                    let first = lines.firstNonBlank(start, end)
                    if first < end, text[first] != UInt8(ascii: "#") { childColumn = isKeyStart(text[first]) ? first - start : 0 }
                }
                if start >= from, let column = childColumn, column > 0, lines.isIndented(start, end, by: column),
                   isKeyStart(text[start + column]) {
                    cut = Piece(start: start, line: number, column: column)
                }
            }
            if end == text.count { break }
            start = end + 1
            number += 1
        }
        guard let cut, cut.start > 0 else { return nil }
        return YAMLCut(middle: cut, rest: rest)
    }

    /// Whether `byte` can start a plain or quoted key of a block mapping (not a sequence entry,
    /// a flow collection, a complex key, a tag, an anchor, an alias or a comment).
    private static func isKeyStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"),
             UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"),
             UInt8(ascii: "\n"):
            return false
        default:
            return byte >= 0x20 && byte < 0x7F
        }
    }

    /// Whether every line break libyaml sees is a `\n`: no CR without LF after it, and no NEL,
    /// LINE SEPARATOR or PARAGRAPH SEPARATOR (C2 85, E2 80 A8, E2 80 A9).
    private static func linesAreNewlines(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        return !someByte(0x0D, in: text, where: { $0 + 1 >= count || text[$0 + 1] != 0x0A })
            && !someByte(0xC2, in: text, where: { $0 + 1 < count && text[$0 + 1] == 0x85 })
            && !someByte(0xE2, in: text, where: { $0 + 2 < count && text[$0 + 1] == 0x80 && (text[$0 + 2] == 0xA8 || text[$0 + 2] == 0xA9) })
    }

    /// Whether a `byte` in `text` at some offset makes `test` true.
    private static func someByte(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, where test: (Int) -> Bool) -> Bool {
        var offset = 0
        while let found = find(byte, in: text, from: offset) {
            if test(found) { return true }
            offset = found + 1
        }
        return false
    }

    /// The first `byte` in `text` from `offset` on.
    private static func find(_ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard offset < text.count, let base = text.baseAddress,
              let found = memchr(base + offset, Int32(byte), text.count - offset) else { return nil }
        return UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
    }

    /// The text's lines, found with `memchr`.
    private struct Lines {
        let text: UnsafeBufferPointer<UInt8>

        /// Where the line from `start` ends: its `\n`, or the text's end.
        func end(of start: Int) -> Int {
            YAMLCut.find(UInt8(ascii: "\n"), in: text, from: start) ?? text.count
        }

        /// The first byte of the line that is not a space (`end` when there is none).
        func firstNonBlank(_ start: Int, _ end: Int) -> Int {
            var index = start
            while index < end, text[index] == UInt8(ascii: " ") { index += 1 }
            if index < end, text[index] == UInt8(ascii: "\r"), index + 1 == end { return end }
            return index
        }

        /// Whether the line from `start` to `end` starts with `count` spaces.
        func isIndented(_ start: Int, _ end: Int, by count: Int) -> Bool {
            guard end - start > count else { return false }
            for index in start..<(start + count) where text[index] != UInt8(ascii: " ") { return false }
            return true
        }

        /// Whether the line is `---` or `...`, alone or before a blank.
        func isDocumentMarker(_ start: Int, _ end: Int) -> Bool {
            guard end - start >= 3 else { return false }
            let first = text[start]
            guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
            guard text[start + 1] == first, text[start + 2] == first else { return false }
            return end - start == 3 || text[start + 3] == UInt8(ascii: " ") || text[start + 3] == UInt8(ascii: "\t")
                || text[start + 3] == UInt8(ascii: "\r")
        }

        /// Whether the line ends with `:` (before blanks or a comment): a key whose value is below it.
        func endsWithColon(_ first: Int, _ end: Int) -> Bool {
            var last = end - 1
            // a comment after the colon, as in `paths: # the API`
            var index = first
            while index + 1 < end {
                if text[index] == UInt8(ascii: " "), text[index + 1] == UInt8(ascii: "#") {
                    last = index
                    break
                }
                index += 1
            }
            while last >= first, text[last] == UInt8(ascii: " ") || text[last] == UInt8(ascii: "\r") || text[last] == UInt8(ascii: "\t") {
                last -= 1
            }
            return last >= first && text[last] == UInt8(ascii: ":")
        }
    }
}
