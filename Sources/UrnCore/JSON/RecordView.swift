/// A record as the tools see it: a JSON object's text and members, or a raw link line (which
/// stands for `{"link":"…"}`). Its text is a view into the reader's buffer and its members and
/// index views into the scanner's storage, all valid until the next record: copying a view
/// retains nothing.
public struct RecordView {
    /// The object's text, or the raw link, trimmed of blanks (and a trailing `\r`).
    public let text: UnsafeBufferPointer<UInt8>
    /// The object's members (empty for a raw link), in the scanner's storage.
    public let members: UnsafeBufferPointer<JSONMember>
    /// Every value inside the record, when its scan indexed it (empty otherwise): paths are
    /// followed through it instead of through the text.
    public let index: JSONIndex
    /// Whether the record is a JSON object.
    public let isJSON: Bool

    /// A view of a record: a JSON object's text with its members and index, or a raw link.
    public init(text: UnsafeBufferPointer<UInt8>, members: UnsafeBufferPointer<JSONMember> = UnsafeBufferPointer(start: nil, count: 0),
                index: JSONIndex = JSONIndex(), isJSON: Bool) {
        self.text = text
        self.members = members
        self.index = index
        self.isJSON = isJSON
    }

    /// The last member named `name`, UTF-8 (JSON records only).
    public func member(_ name: [UInt8]) -> JSONMember? {
        members.last { JSONString.equals($0.key, in: text, name) }
    }

    private static let linkKey = Array("link".utf8)

    /// A JSON value found in a record.
    public enum Value {
        /// A string, decoded.
        case string([UInt8])
        /// A number, true or false, an object or an array: its JSON text.
        case json([UInt8])
    }

    /// Where the value at `path` is: the raw link's whole text (`link` only), or a JSON token
    /// and its kind; nil when missing or null.
    private func token(at path: JSONPath) -> (range: Range<Int>, kind: JSONKind)? {
        guard isJSON else {
            guard path.steps.count == 1, path.steps[0] == Self.linkKey else { return nil }
            return (0..<text.count, .number)  // the raw text, taken as it is
        }
        if !index.isEmpty {
            guard let (range, kind) = index.resolve(path, in: text), kind != .null else { return nil }
            return (range, kind)
        }
        guard let member = members.last(where: { JSONString.equals($0.key, in: text, path.head) }),
              let (range, kind) = path.resolve(from: member.value, kind: member.kind, step: 1, in: text),
              kind != .null
        else { return nil }
        return (range, kind)
    }

    /// Appends the value at the path whose steps are `places`, their names in `flat` (a string
    /// decoded, anything else as its JSON text, a raw link's text for `link`) without
    /// allocating, following it through the record's index; false when it is missing or null,
    /// nil when a JSON record has no index to follow it through (`value(at:)` then).
    @inline(__always)
    func appendValue(_ places: UnsafeBufferPointer<JSONPath.Place>, _ flat: UnsafeBufferPointer<UInt8>,
                     to out: inout ByteBuffer) -> Bool? {
        guard isJSON else {
            guard places.count == 1, places[0].count == 4,
                  UnsafeBufferPointer(rebasing: flat[places[0].start..<(places[0].start + 4)]).elementsEqual(Self.linkKey)
            else { return false }
            out.append(text)  // the raw text, taken as it is
            return true
        }
        guard !index.isEmpty else { return nil }
        guard let (range, kind) = index.resolve(places, flat, in: text), kind != .null else { return false }
        if kind == .string { JSONString.decode(range, in: text, into: &out) } else { out.append(UnsafeBufferPointer(rebasing: text[range])) }
        return true
    }

    /// The value at `path`, nil when missing or null. A raw link answers only `link`.
    public func value(at path: JSONPath) -> Value? {
        guard let (range, kind) = token(at: path) else { return nil }
        if !isJSON { return .string(Array(text)) }
        return kind == .string ? .string(JSONString.decoded(range, in: text)) : .json(Array(text[range]))
    }
}
