import CYAML
@_spi(Records) import UrnCore

/// Reads a YAML document into the tree a JSON document gives (`JSONDocument.Node`), through
/// libyaml's event API (`YAMLEventStream`). Plain scalars are typed by the YAML 1.2
/// core schema (`null`, `true`, `12`, `1.5e3`; anything else a string), as a JSON document
/// would have written them. What a hostile document asks for is refused, each with a clear
/// error rather than work without end (urn-routes(5) OPENAPI TABLES): aliases that expand to
/// more nodes than `DocumentLimits.expandedNodes` allows (a billion laughs), nesting deeper than
/// `DocumentLimits.depth`, a tag that asks for a type, and a second document in the stream.
package struct YAMLEventReader {
    /// The table's name, for errors.
    let table: String
    /// The whole file.
    let bytes: [UInt8]
    /// Where the YAML starts in `bytes` (after `@` directives).
    let start: Int
    private let position: TextPosition

    /// A reader of the YAML at `start` of `bytes`.
    package init(table: String, bytes: [UInt8], start: Int, position: TextPosition) {
        self.table = table
        self.bytes = bytes
        self.start = start
        self.position = position
    }

    /// A collection being read: its members or elements so far, and what it stands for.
    private struct OpenCollection {
        var isMapping: Bool
        var offset: Int
        var anchor: String?
        /// Where it sits in an OpenAPI document: what is `.omitted` keeps no members.
        var outline: OpenAPIOutline
        /// Nodes it holds, aliases counted as often as they are used.
        var expandedNodes = 1
        var members: [(key: String, node: JSONDocument.Node)] = []
        var elements: [JSONDocument.Node] = []
        /// A mapping's key read, waiting for its value, and where it was.
        var pendingKey: String?
        var pendingKeyOffset = 0
        /// An omitted mapping's key read (its text is not kept).
        var awaitsValue = false
        /// Keys a `<<` merge brought in, which the mapping's own keys replace.
        var merged: Set<String> = []

        /// Where the node read next in it sits: a key (kept where the mapping is), an element, or
        /// the value of `pendingKey`.
        var nextOutline: OpenAPIOutline

        init(isMapping: Bool, offset: Int, anchor: String?, outline: OpenAPIOutline) {
            self.isMapping = isMapping
            self.offset = offset
            self.anchor = anchor
            self.outline = outline
            nextOutline = outline.isOmitted ? .omitted : isMapping ? .kept : outline.element
        }
    }

    /// A node read whole, with what it stands for.
    private struct Finished {
        var node: JSONDocument.Node
        /// The nodes it stands for, an alias's counted again.
        var expandedNodes: Int
        /// A mapping or sequence, even when left out.
        var isCollection: Bool
    }

    /// The document's root node. Values that `outline` (from the root) leaves out are
    /// `.omitted`; an alias that brings one into a part that is kept has the document read again
    /// whole.
    package func document(limits: DocumentLimits, outline: OpenAPIOutline = .kept) throws(TableError) -> JSONDocument.Node {
        try bytes.withUnsafeBufferPointer { (whole) throws(TableError) -> JSONDocument.Node in
            let text = UnsafeBufferPointer(rebasing: whole[start...])
            guard let events = YAMLEventStream(text: text) else { throw failure("libyaml could not start", line: 1, column: 1) }
            var offsets = MarkOffsets(text: text, position: position, start: start)
            var stack: [OpenCollection] = []
            var anchors: [String: Finished] = [:]
            var expandedTotal = 0
            var root: JSONDocument.Node?
            while true {
                // the stream deletes the event, on its own thread, once its batch is read
                guard let event = events.next() else { throw parseFailure(events.failure) }
                let mark = event.pointee.start_mark
                let offset = offsets.offset(of: mark)
                // (indexed, not `stack.last`: a copy of the collection would retain all it holds)
                let place = stack.isEmpty ? outline : stack[stack.count - 1].nextOutline
                let omitted = place.isOmitted
                // a finished node, with the nodes it stands for, goes into the collection that holds it
                var finished: Finished
                var anchor: String?
                switch event.pointee.type {
                case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                    continue
                case YAML_DOCUMENT_START_EVENT:
                    if root != nil { throw failure("a second YAML document in the file: an OpenAPI document is one", at: mark) }
                    continue
                case YAML_STREAM_END_EVENT:
                    guard let root else { throw failure("the file holds no YAML document", line: 1, column: 1) }
                    return root
                case YAML_SCALAR_EVENT:
                    let scalar = event.pointee.data.scalar
                    let tag = Self.text(scalar.tag)
                    var node = JSONDocument.Node(value: .omitted, offset: offset)
                    // a value left out is still held to its tag
                    if !omitted || tag != nil {
                        let value = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                        let read = try self.scalar(value, tag: tag, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, offset: offset, mark: mark)
                        if !omitted { node = read }
                    }
                    finished = Finished(node: node, expandedNodes: 1, isCollection: false)
                    anchor = Self.text(scalar.anchor)
                case YAML_ALIAS_EVENT:
                    let name = Self.text(event.pointee.data.alias.anchor) ?? ""
                    guard let anchored = anchors[name] else { throw failure("alias '*\(name)' names no anchor before it", at: mark) }
                    if !omitted, case .omitted = anchored.node.value {
                        // the anchor's value was left out where it was written, and is wanted here
                        return try document(limits: limits, outline: .kept)
                    }
                    // the tree shares the anchored node rather than copying it; what is limited
                    // is the number of nodes a reader walking the tree would visit
                    finished = anchored
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
                    let tag = isMapping ? Self.text(event.pointee.data.mapping_start.tag) : Self.text(event.pointee.data.sequence_start.tag)
                    if let tag, tag != "!", tag != (isMapping ? Self.mapTag : Self.seqTag) { throw tagFailure(tag, at: mark) }
                    guard stack.count < limits.depth else {
                        throw failure("the document nests deeper than \(limits.depth) levels", at: mark)
                    }
                    // a block collection that is a mapping's value is placed at its key, where a reader looks
                    let holder = stack.count - 1
                    let at = holder >= 0 && stack[holder].isMapping && stack[holder].pendingKey != nil ? stack[holder].pendingKeyOffset : offset
                    let anchor = isMapping ? Self.text(event.pointee.data.mapping_start.anchor) : Self.text(event.pointee.data.sequence_start.anchor)
                    stack.append(OpenCollection(isMapping: isMapping, offset: at, anchor: anchor, outline: place))
                    continue
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    let closed = stack.removeLast()
                    let value: JSONDocument.Node.Value = closed.outline.isOmitted ? .omitted
                        : closed.isMapping ? .object(closed.members) : .array(closed.elements)
                    finished = Finished(node: JSONDocument.Node(value: value, offset: closed.offset),
                                        expandedNodes: closed.expandedNodes, isCollection: true)
                    anchor = closed.anchor
                default:
                    continue
                }
                expandedTotal += finished.expandedNodes
                guard expandedTotal <= limits.expandedNodes else {
                    throw failure("YAML aliases expand the document past \(limits.expandedNodes) nodes (an alias bomb?)", at: mark)
                }
                if let anchor { anchors[anchor] = finished }
                guard !stack.isEmpty else {
                    root = finished.node
                    continue
                }
                try add(finished, offset: offset, mark: mark, to: &stack[stack.count - 1])
            }
        }
    }

    /// Puts `finished` into `collection`: an element, a mapping's key, or the value of its pending key.
    private func add(_ finished: Finished, offset: Int, mark: yaml_mark_t, to collection: inout OpenCollection) throws(TableError) {
        collection.expandedNodes += finished.expandedNodes
        let node = finished.node
        guard !collection.outline.isOmitted else {
            if collection.isMapping {
                if !collection.awaitsValue, finished.isCollection { throw failure("a mapping key must be a scalar", at: mark) }
                collection.awaitsValue.toggle()
            }
            return
        }
        guard collection.isMapping else {
            collection.elements.append(node)
            return
        }
        guard let key = collection.pendingKey else {
            switch node.value {
            case let .string(text), let .number(text): collection.pendingKey = text
            case let .bool(flag): collection.pendingKey = flag ? "true" : "false"
            case .null: collection.pendingKey = ""
            case .object, .array, .omitted: throw failure("a mapping key must be a scalar", at: mark)
            }
            collection.pendingKeyOffset = offset
            collection.nextOutline = collection.outline.member(collection.pendingKey!)
            return
        }
        collection.pendingKey = nil
        collection.nextOutline = .kept
        if key == "<<", let merge = node.members ?? Self.mergedMembers(node.array) {
            // a YAML 1.1 merge key: the mappings' members, unless the mapping has its own
            for member in merge where !collection.members.contains(where: { $0.key == member.key }) {
                collection.members.append(member)
                collection.merged.insert(member.key)
            }
            return
        }
        if !collection.merged.isEmpty, collection.merged.contains(key) {
            collection.members.removeAll { $0.key == key }
            collection.merged.remove(key)
        }
        collection.members.append((key, node))
    }

    /// The members of a sequence of mappings (a merge key's list), or nil.
    private static func mergedMembers(_ elements: [JSONDocument.Node]?) -> [(key: String, node: JSONDocument.Node)]? {
        guard let elements else { return nil }
        var members: [(key: String, node: JSONDocument.Node)] = []
        for element in elements {
            guard let more = element.members else { return nil }
            for member in more where !members.contains(where: { $0.key == member.key }) { members.append(member) }
        }
        return members
    }

    private static let prefix = "tag:yaml.org,2002:"
    private static let mapTag = prefix + "map"
    private static let seqTag = prefix + "seq"

    /// A scalar typed by its tag, or when plain and untagged by the YAML 1.2 core schema.
    private func scalar(_ bytes: UnsafeBufferPointer<UInt8>, tag: String?, plain: Bool, offset: Int, mark: yaml_mark_t) throws(TableError) -> JSONDocument.Node {
        let resolved: JSONDocument.Node.Value
        switch tag {
        case nil where plain:
            resolved = Self.coreSchema(bytes)
        case nil, "!"?:
            resolved = .string(String(decoding: bytes, as: UTF8.self))
        case let tag? where tag == Self.prefix + "str":
            resolved = .string(String(decoding: bytes, as: UTF8.self))
        case let tag? where [Self.prefix + "int", Self.prefix + "float", Self.prefix + "bool", Self.prefix + "null"].contains(tag):
            let typed = Self.coreSchema(bytes)
            let name = tag.dropFirst(Self.prefix.count)
            switch (name, typed) {
            case ("int", .number), ("float", .number), ("bool", .bool), ("null", .null): resolved = typed
            default: throw failure("'\(String(decoding: bytes, as: UTF8.self))' is not what its tag !!\(name) says", at: mark)
            }
        case let tag?:
            throw tagFailure(tag, at: mark)
        }
        return JSONDocument.Node(value: resolved, offset: offset)
    }

    /// The YAML 1.2 core schema's reading of a plain scalar.
    static func coreSchema(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument.Node.Value {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let first = bytes.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            break
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            // most scalars are words (keys, names, descriptions): only a short one can be null or a boolean
            guard bytes.count <= 5 else { return .string(text) }
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(text)
            }
        default:
            return .string(text)
        }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .number(text)
        default:
            if ValueType.isDecimalNumber(bytes) { return .number(text) }
            if bytes.count > 2, first == UInt8(ascii: "0") {
                let digits = bytes.dropFirst(2)
                if bytes[1] == UInt8(ascii: "x"), digits.allSatisfy({ ByteClass.test($0, .hex) }) { return .number(text) }
                if bytes[1] == UInt8(ascii: "o"), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }) { return .number(text) }
            }
            return .string(text)
        }
    }

    /// A NUL-terminated libyaml string, or nil.
    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func tagFailure(_ tag: String, at mark: yaml_mark_t) -> TableError {
        let shown = tag.hasPrefix(Self.prefix) ? "!!" + tag.dropFirst(Self.prefix.count) : tag
        return failure("the YAML tag '\(shown)' asks for a type: an OpenAPI document needs none", at: mark)
    }

    private func failure(_ reason: String, at mark: yaml_mark_t) -> TableError {
        failure(reason, line: position.line(of: start) + mark.line, column: mark.column + 1)
    }

    private func failure(_ reason: String, line: Int, column: Int?) -> TableError {
        TableError(table: table, line: line, column: column, reason: reason)
    }

    /// libyaml's own reason for a document it cannot read.
    private func parseFailure(_ failure: YAMLEventStream.Failure?) -> TableError {
        guard let failure else { return self.failure("the YAML ends before its document does", line: position.line(of: bytes.count), column: nil) }
        let context = failure.context.map { " " + $0 } ?? ""
        return self.failure("invalid YAML: \(failure.problem)\(context)", at: failure.mark)
    }
}

/// The byte offsets (from the YAML's start) of libyaml's marks, which count characters: in an ASCII text the index is
/// the offset, elsewhere the mark's column is walked in its line's UTF-8 (the line found in the
/// file's `TextPosition`), from the last mark of that line when it is further on (events come in
/// text order, so a long line is walked once).
private struct MarkOffsets {
    let text: UnsafeBufferPointer<UInt8>
    let ascii: Bool
    /// The file's lines, and where the YAML starts in the file and on which line.
    let position: TextPosition
    let start: Int
    let firstLine: Int
    var last = (line: -1, column: 0, offset: 0)

    init(text: UnsafeBufferPointer<UInt8>, position: TextPosition, start: Int) {
        self.text = text
        self.position = position
        self.start = start
        firstLine = position.line(of: start)
        ascii = Self.isASCII(text)
    }

    /// Whether no byte of `text` is 0x80 or above, eight bytes at a time.
    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var index = 0
        while index + 8 <= text.count {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < text.count {
            high |= UInt64(text[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The offset of `mark`.
    mutating func offset(of mark: yaml_mark_t) -> Int {
        if ascii { return mark.index }
        let line = mark.line
        var column = 0
        var offset = min(max(position.start(ofLine: firstLine + line) - start, 0), text.count)
        if last.line == line, last.column <= mark.column { (column, offset) = (last.column, last.offset) }
        while column < mark.column, offset < text.count {
            // a character is its lead byte and the continuation bytes after it
            offset += 1
            while offset < text.count, text[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        last = (line, column, offset)
        return offset
    }
}
