/// A whole JSON text read into a tree, for configuration files that are read once (an
/// apple-app-site-association file), not for records: every value keeps the byte offset where it
/// starts, so that a table's routes and errors can name their line.
package struct JSONDocument: Sendable {
    /// One value and where it starts.
    package struct Node: Sendable {
        /// A value of each JSON kind; an object keeps its members in the order written.
        package indirect enum Value: Sendable {
            case object([(key: String, node: Node)])
            case array([Node])
            case string(String)
            case number(String)
            case bool(Bool)
            case null
            /// A value the reader left out of the tree, unread, because what reads the tree
            /// never looks at it (a `JSONOutline`).
            case omitted
        }

        /// The value.
        package let value: Value
        /// The byte offset of its first byte in the text.
        package let offset: Int

        /// The value `value` that starts at byte `offset`.
        package init(value: Value, offset: Int) {
            self.value = value
            self.offset = offset
        }

        /// The last member named `key` of an object (JSON leaves duplicates to the reader; the
        /// last one wins, as in most parsers).
        package subscript(key: String) -> Node? {
            guard case let .object(members) = value else { return nil }
            return members.last { $0.key == key }?.node
        }

        /// The text of a string.
        package var string: String? {
            if case let .string(text) = value { return text }
            return nil
        }

        /// The value of a boolean.
        package var bool: Bool? {
            if case let .bool(flag) = value { return flag }
            return nil
        }

        /// The elements of an array.
        package var array: [Node]? {
            if case let .array(elements) = value { return elements }
            return nil
        }

        /// The members of an object.
        package var members: [(key: String, node: Node)]? {
            if case let .object(members) = value { return members }
            return nil
        }

        /// The JSON kind's name, for messages (`an object`, `a string`).
        package var kindName: String {
            switch value {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            case .omitted: return "a value left unread"
            }
        }
    }

    /// The top value.
    package let root: Node

    /// Reads `bytes`, which must be exactly one JSON value (blanks around it allowed). The parts
    /// `outline` leaves out are validated and then `.omitted` in the tree.
    package init<Outline: JSONOutline>(_ bytes: [UInt8], outline: Outline = WholeDocument()) throws(JSONError) {
        root = try bytes.withUnsafeBufferPointer { (text) throws(JSONError) -> Node in
            try JSONScanner.validateValue(text)
            return JSONDocument.node(at: JSONDocument.afterBlanks(text, 0), in: text, outline: outline).node
        }
    }

    /// The value at `start` of validated text and the index after it, read in one pass: each
    /// byte is looked at once, however deep its container.
    private static func node<Outline: JSONOutline>(at start: Int, in text: UnsafeBufferPointer<UInt8>, outline: Outline) -> (node: Node, end: Int) {
        func string(_ token: Range<Int>) -> String { String(decoding: JSONString.decoded(token, in: text), as: UTF8.self) }
        let value: Node.Value
        var end: Int
        switch text[start] {
        case _ where outline.isOmitted:
            end = JSONSkipper.value(text, at: start).end
            value = .omitted
        case UInt8(ascii: "{"):
            var members: [(key: String, node: Node)] = []
            end = afterBlanks(text, start + 1)
            while text[end] != UInt8(ascii: "}") {
                let keyEnd = JSONSkipper.string(text, at: end)
                let key = string(end..<keyEnd)
                // past the `:` and the blanks around it
                let (member, after) = node(at: afterBlanks(text, afterBlanks(text, keyEnd) + 1), in: text, outline: outline.member(key))
                members.append((key, member))
                end = afterBlanks(text, after)
                if text[end] == UInt8(ascii: ",") { end = afterBlanks(text, end + 1) }
            }
            end += 1
            value = .object(members)
        case UInt8(ascii: "["):
            var elements: [Node] = []
            end = afterBlanks(text, start + 1)
            while text[end] != UInt8(ascii: "]") {
                let (element, after) = node(at: end, in: text, outline: outline.element)
                elements.append(element)
                end = afterBlanks(text, after)
                if text[end] == UInt8(ascii: ",") { end = afterBlanks(text, end + 1) }
            }
            end += 1
            value = .array(elements)
        default:
            let kind: JSONKind
            (end, kind) = JSONSkipper.value(text, at: start)
            switch kind {
            case .string: value = .string(string(start..<end))
            case .number: value = .number(String(decoding: text[start..<end], as: UTF8.self))
            case .bool: value = .bool(text[start] == UInt8(ascii: "t"))
            default: value = .null
            }
        }
        return (Node(value: value, offset: start), end)
    }

    /// The index of the first byte at or after `start` that is not a JSON blank.
    private static func afterBlanks(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
        return i
    }
}

/// Which values of a document its reader needs (`JSONDocument(_:outline:)`): the values it leaves
/// out are validated, then `.omitted` in the tree.
package protocol JSONOutline: Sendable {
    /// The part a member named `key` of an object in this part is.
    func member(_ key: String) -> Self
    /// The part an element of an array in this part is.
    var element: Self { get }
    /// Whether this part is left out.
    var isOmitted: Bool { get }
}

/// The outline that keeps every value.
package struct WholeDocument: JSONOutline {
    package init() {}
    package func member(_ key: String) -> WholeDocument { self }
    package var element: WholeDocument { self }
    package var isOmitted: Bool { false }
}
