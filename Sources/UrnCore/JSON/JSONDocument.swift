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
        }

        /// The value.
        package let value: Value
        /// The byte offset of its first byte in the text.
        package let offset: Int

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
            }
        }
    }

    /// The top value.
    package let root: Node

    /// Reads `bytes`, which must be exactly one JSON value (blanks around it allowed).
    package init(_ bytes: [UInt8]) throws(JSONError) {
        root = try bytes.withUnsafeBufferPointer { (text) throws(JSONError) -> Node in
            try JSONScanner.validateValue(text)
            var start = 0
            while text[start] == 0x20 || text[start] == 0x09 || text[start] == 0x0A || text[start] == 0x0D { start += 1 }
            let (end, kind) = JSONSkipper.value(text, at: start)
            return JSONDocument.node(start..<end, kind, in: text)
        }
    }

    private static func node(_ range: Range<Int>, _ kind: JSONKind, in text: UnsafeBufferPointer<UInt8>) -> Node {
        func string(_ token: Range<Int>) -> String { String(decoding: JSONString.decoded(token, in: text), as: UTF8.self) }
        let value: Node.Value
        switch kind {
        case .object:
            value = .object(JSONScanner.members(of: range, in: text).map { member in
                (string(member.key), node(member.value, member.kind, in: text))
            })
        case .array:
            value = .array(JSONSkipper.elements(of: range, in: text).map { node($0.0, $0.1, in: text) })
        case .string: value = .string(string(range))
        case .number: value = .number(String(decoding: text[range], as: UTF8.self))
        case .bool: value = .bool(text[range.lowerBound] == UInt8(ascii: "t"))
        case .null: value = .null
        }
        return Node(value: value, offset: range.lowerBound)
    }
}
