/// A record as the tools see it: a JSON object's text and members, or a raw link line (which
/// stands for `{"link":"…"}`).
public struct RecordView {
    /// The object's text, or the raw link.
    public let text: UnsafeBufferPointer<UInt8>
    /// The object's members (empty for a raw link).
    public let members: [JSONMember]
    /// Whether the record is a JSON object.
    public let isJSON: Bool

    /// A view of a record.
    public init(text: UnsafeBufferPointer<UInt8>, members: [JSONMember], isJSON: Bool) {
        self.text = text
        self.members = members
        self.isJSON = isJSON
    }

    /// A JSON value found in a record.
    public enum Value {
        /// A string, decoded.
        case string([UInt8])
        /// A number, true or false, an object or an array: its JSON text.
        case json([UInt8])
    }

    /// The value at `path`, nil when missing or null. A raw link answers only `link`.
    public func value(at path: JSONPath) -> Value? {
        guard isJSON else {
            guard path.steps == [Array("link".utf8)] else { return nil }
            return .string(Array(text))
        }
        guard let member = members.last(where: { JSONString.equals($0.key, in: text, path.head) }),
              let (range, kind) = path.resolve(from: member.value, kind: member.kind, step: 1, in: text)
        else { return nil }
        switch kind {
        case .null: return nil
        case .string: return .string(JSONString.decoded(range, in: text))
        default: return .json(Array(text[range]))
        }
    }
}
