import CYAML

/// The events of a whole YAML text, from the pieces a `YAMLCut` proposes, each parsed by a
/// `YAMLEventStream` of its own at once: on two cores the pieces after the first are parsed
/// while the reader builds its tree from the first.
///
/// Each piece is a YAML document of its own to libyaml. Where pieces meet, the events libyaml
/// makes at a piece's end (the closing of the mappings the next piece goes on with, the
/// document's and the stream's end) and at the next piece's start (the stream's and document's
/// start, and the opening of its mapping) are dropped, and the marks of a later piece's events
/// are moved to where they sit in the whole text. The events are then the whole text's: the
/// first piece's end must leave open exactly the mappings the cut line continues, and the next
/// piece must open one block mapping at the cut key's column. When a piece fails or does not
/// fit so, `mismatched` says the text must be parsed whole (the same errors, at the same
/// places, as a text that was never cut).
struct YAMLPieceEvents {
    /// Where a piece's events sit in the whole text.
    private struct Piece {
        /// The piece's first byte and line in the whole text.
        var start: Int
        var line: Int
        /// The column of the key that opens the piece's mapping (0 for the first piece).
        var column: Int
        /// The line (in the piece) of the events libyaml makes at the piece's end; `Int.max` for the last piece.
        var endLine: Int
        /// The mappings open when the piece starts that libyaml never saw open in it: the
        /// root, under a middle piece that goes on with a top-level key's mapping.
        var inherited: Int
    }

    /// Each piece's stream, dropped once read (which frees what is left of its events).
    private var streams: [YAMLEventStream?]
    private let pieces: [Piece]
    /// The piece read now, and its stream (held by `streams`: unretained, as it is asked for
    /// every event).
    private var current = 0
    private var piece: Piece
    private var stream: Unmanaged<YAMLEventStream>?
    /// Events of the current piece's head still to check and drop (stream, document, mapping).
    private var headLeft = 0
    /// How many collections are open in the text so far, and the first two of them: whether
    /// each is a block mapping, and its column (a piece's end checks them).
    private var depth = 0
    private var rootLevel = (blockMapping: false, column: -1)
    private var childLevel = (blockMapping: false, column: -1)
    /// At a piece's end: the mapping ends left to drop before its document's end (-1: the
    /// document's end is dropped too, the stream's comes next).
    private var dropLeft: Int?
    /// A document's end given as the root mapping's end, to give again as itself next (after a
    /// last middle piece).
    private var documentEnd: UnsafeMutablePointer<yaml_event_t>?

    /// The pieces do not make the whole text's events: read the text whole instead.
    private(set) var mismatched = false

    /// The events of `text`, cut as `cut` says (nil: whole); nil if libyaml cannot start.
    /// `text` must outlive the events, or be owned by `textOwner` (see `YAMLEventStream`).
    init?(text: UnsafeBufferPointer<UInt8>, cut: YAMLCut?, textOwner: AnyObject? = nil) {
        var starts = [YAMLCut.Piece(start: 0, line: 0, column: 0)]
        if let cut { starts.append(cut.middle) }
        if let rest = cut?.rest { starts.append(rest) }
        var pieces: [Piece] = []
        var streams: [YAMLEventStream?] = []
        for (index, start) in starts.enumerated() {
            let isLast = index == starts.count - 1
            let end = isLast ? text.count : starts[index + 1].start
            // a later piece is parsed ahead of the reader, which reads the ones before it first
            guard let stream = YAMLEventStream(text: UnsafeBufferPointer(rebasing: text[start.start..<end]),
                                               batchCount: index == 0 ? YAMLEventStream.batchCount : Self.laterBatchCount,
                                               textOwner: textOwner) else { return nil }
            streams.append(stream)
            pieces.append(Piece(start: start.start, line: start.line, column: start.column,
                                endLine: isLast ? Int.max : starts[index + 1].line - start.line,
                                inherited: start.column > 0 ? 1 : 0))
        }
        self.pieces = pieces
        self.streams = streams
        piece = pieces[0]
        stream = streams[0].map { Unmanaged.passUnretained($0) }
    }

    /// Batches a later piece is parsed ahead at most: about 65,000 events, so that on the bench's
    /// 1,000-operation document (50,000 events) it never waits for the reader.
    private static let laterBatchCount = 32

    /// Why libyaml stopped, when the text was not cut and it could not read it.
    var failure: YAMLEventStream.Failure? {
        pieces.count == 1 ? streams[0]?.failure : nil
    }

    /// The next event of the whole text, with its marks in the whole text, valid until the next
    /// is asked for; nil at the end, at a failure (`failure`), or when the pieces do not fit
    /// (`mismatched`).
    mutating func next() -> UnsafeMutablePointer<yaml_event_t>? {
        guard let stream else { return nil }
        if pieces.count == 1 { return stream._withUnsafeGuaranteedRef { $0.next() } }
        if let event = documentEnd {
            event.pointee.type = YAML_DOCUMENT_END_EVENT
            documentEnd = nil
            return event
        }
        while true {
            guard let stream = self.stream, let event = stream._withUnsafeGuaranteedRef({ $0.next() }) else { return mismatch() }
            if headLeft > 0 {
                guard opensPiece(event.pointee, column: piece.column) else { return mismatch() }
                headLeft -= 1
                continue
            }
            guard event.pointee.start_mark.line == piece.endLine else {
                shift(event, line: piece.line, index: piece.start)
                if event.pointee.type == YAML_DOCUMENT_END_EVENT, depth == 1 {
                    // the last piece closed the cut key's mapping: the root's end comes before the
                    // document's (the event is given as both, its type restored after)
                    documentEnd = event
                    event.pointee.type = YAML_MAPPING_END_EVENT
                }
                track(event.pointee)
                return event
            }
            // the events libyaml makes at the piece's end
            let next = pieces[current + 1]
            // the mappings the next piece goes on with: the root, and the cut key's mapping under it
            let kept = next.column > 0 ? 2 : 1
            if dropLeft == nil, depth > kept {
                // a key's empty value, and what is open inside the mappings the next piece goes on
                // with: in the whole text these end where the next piece's first key starts
                switch event.pointee.type {
                case YAML_SCALAR_EVENT where event.pointee.data.scalar.length == 0, YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    place(event, at: yaml_mark_t(index: next.start + next.column, line: next.line, column: next.column))
                    track(event.pointee)
                    return event
                default:
                    return mismatch()
                }
            }
            if dropLeft == nil {
                guard depth == kept, rootLevel == (true, 0), kept == 1 || childLevel == (true, next.column) else { return mismatch() }
                // the mappings the piece opened itself and the next one goes on with: libyaml closes them here
                dropLeft = kept - piece.inherited
            }
            switch event.pointee.type {
            case YAML_MAPPING_END_EVENT where dropLeft! > 0:
                dropLeft! -= 1
            case YAML_DOCUMENT_END_EVENT where dropLeft == 0 && event.pointee.data.document_end.implicit == 1:
                dropLeft = -1
            case YAML_STREAM_END_EVENT where dropLeft == -1:
                // the piece is read: its stream goes, with the rest of its events
                self.stream = nil
                streams[current] = nil
                current += 1
                piece = pieces[current]
                self.stream = streams[current].map { Unmanaged.passUnretained($0) }
                headLeft = 3
                dropLeft = nil
            default:
                return mismatch()
            }
        }
    }

    /// Gives up on the pieces.
    private mutating func mismatch() -> UnsafeMutablePointer<yaml_event_t>? {
        mismatched = pieces.count > 1
        return nil
    }

    /// Whether `event` is the next of a later piece's head: its stream's start, an implicit
    /// document's start without directives, and a block mapping without anchor or tag that
    /// starts on its first line at `column`.
    private func opensPiece(_ event: yaml_event_t, column: Int) -> Bool {
        switch (3 - headLeft, event.type) {
        case (0, YAML_STREAM_START_EVENT):
            return true
        case (1, YAML_DOCUMENT_START_EVENT):
            let start = event.data.document_start
            return start.implicit == 1 && start.version_directive == nil && start.tag_directives.start == start.tag_directives.end
        case (2, YAML_MAPPING_START_EVENT):
            let mapping = event.data.mapping_start
            return mapping.style == YAML_BLOCK_MAPPING_STYLE && mapping.anchor == nil && mapping.tag == nil
                && event.start_mark.line == 0 && event.start_mark.column == column
        default:
            return false
        }
    }

    /// Keeps `depth` and the first two levels up to date with `event`.
    @inline(__always)
    private mutating func track(_ event: yaml_event_t) {
        switch event.type {
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            depth += 1
            guard depth <= 2 else { return }
            let level = (event.type == YAML_MAPPING_START_EVENT && event.data.mapping_start.style == YAML_BLOCK_MAPPING_STYLE,
                         event.start_mark.column)
            if depth == 1 { rootLevel = level } else { childLevel = level }
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            depth -= 1
        default:
            break
        }
    }

    /// Moves `event`'s marks by `line` lines and `index` characters.
    private func shift(_ event: UnsafeMutablePointer<yaml_event_t>, line: Int, index: Int) {
        event.pointee.start_mark.line += line
        event.pointee.start_mark.index += index
        event.pointee.end_mark.line += line
        event.pointee.end_mark.index += index
    }

    /// Puts both of `event`'s marks at `mark`.
    private func place(_ event: UnsafeMutablePointer<yaml_event_t>, at mark: yaml_mark_t) {
        event.pointee.start_mark = mark
        event.pointee.end_mark = mark
    }
}
