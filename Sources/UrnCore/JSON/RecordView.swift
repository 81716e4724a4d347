/// A record as the tools see it: a JSON object's text and members, or a raw link line (which
/// stands for `{"link":"…"}`). Its text is a view into the reader's buffer and its members and
/// watched values views into the scanner's storage, all valid until the next record: copying a
/// view retains nothing.
@_spi(Records) public struct RecordView {
    /// The object's text, or the raw link, trimmed of blanks (and a trailing `\r`).
    @_spi(Records) public let text: UnsafeBufferPointer<UInt8>
    /// The object's members (empty for a raw link), in the scanner's storage.
    @_spi(Records) public let members: UnsafeBufferPointer<JSONMember>
    /// The values at the paths its scan watched for the stage (`WatchedPaths`), slot by slot;
    /// empty when it watched none.
    @_spi(Records) public let watched: UnsafeBufferPointer<WatchedValue>
    /// The values at the paths its scan watched for the reader's own use (in the tools: the
    /// link field and the schema fields every tool reads), slot by slot; empty when it watched
    /// none.
    @_spi(Records) public let readerWatched: UnsafeBufferPointer<WatchedValue>
    /// Whether the record is a JSON object.
    @_spi(Records) public let isJSON: Bool
    /// Whether the record was read from a raw `METHOD target` line, whose method is its
    /// `method` member.
    @_spi(Records) public var isRequestLine = false

    /// A view of a record: a JSON object's text with its members and watched values, or a raw link.
    @_spi(Records) public init(text: UnsafeBufferPointer<UInt8>, members: UnsafeBufferPointer<JSONMember> = UnsafeBufferPointer(start: nil, count: 0),
                watched: UnsafeBufferPointer<WatchedValue> = UnsafeBufferPointer(start: nil, count: 0),
                readerWatched: UnsafeBufferPointer<WatchedValue> = UnsafeBufferPointer(start: nil, count: 0), isJSON: Bool) {
        self.text = text
        self.members = members
        self.watched = watched
        self.readerWatched = readerWatched
        self.isJSON = isJSON
    }

    /// The last member named `name`, UTF-8 (JSON records only).
    @_spi(Records) public func member(_ name: [UInt8]) -> JSONMember? {
        members.last { JSONString.equals($0.key, in: text, name) }
    }

    private static let linkKey = Array("link".utf8)

    /// A JSON value found in a record.
    @_spi(Records) public enum Value {
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
        guard let (range, kind) = jsonToken(at: path), kind != .null else { return nil }
        return (range, kind)
    }

    /// The JSON token at `path` and its kind (`.null` for a null), found through the members
    /// and the text; nil when missing (JSON records only).
    @_spi(Records) public func jsonToken(at path: JSONPath) -> (range: Range<Int>, kind: JSONKind)? {
        guard let member = members.last(where: { JSONString.equals($0.key, in: text, path.head) }) else { return nil }
        return path.resolve(from: member.value, kind: member.kind, step: 1, in: text)
    }

    /// Appends the value of watched slot `slot`, whose path's steps are `places`, their names
    /// in `flat` (a string decoded, anything else as its JSON text, a raw link's text for
    /// `link`) without allocating; false when it is missing or null, nil when the record's
    /// scan did not watch it (`value(at:)` then).
    @inline(__always)
    func appendValue(watched slot: Int, _ places: UnsafeBufferPointer<JSONPath.Place>, _ flat: UnsafeBufferPointer<UInt8>,
                     to out: inout ByteBuffer) -> Bool? {
        guard isJSON else {
            guard places.count == 1, places[0].count == 4,
                  UnsafeBufferPointer(rebasing: flat[places[0].start..<(places[0].start + 4)]).elementsEqual(Self.linkKey)
            else { return false }
            out.append(text)  // the raw text, taken as it is
            return true
        }
        guard let found = watched.noted(slot) else { return nil }
        let range = found.range, kind = found.kind
        guard kind != .null else { return false }
        if kind != .string {
            out.append(UnsafeBufferPointer(rebasing: text[range]))
        } else if found.escaped {
            JSONString.decode(range, in: text, into: &out)
        } else {
            // a string without escapes is its bytes as written
            out.append(UnsafeBufferPointer(rebasing: text[(range.lowerBound + 1)..<(range.upperBound - 1)]))
        }
        return true
    }

    /// Whether `path`, or a path it goes on from, is null in the record (`route.target` of a
    /// record whose `route` is null).
    @_spi(Records) public func isNull(along path: JSONPath) -> Bool {
        guard isJSON else { return false }
        return (1...path.steps.count).contains { jsonToken(at: path.prefix($0))?.kind == .null }
    }

    /// The value at `path`, nil when missing or null. A raw link answers only `link`.
    @_spi(Records) public func value(at path: JSONPath) -> Value? {
        guard let (range, kind) = token(at: path) else { return nil }
        return value(range, kind)
    }

    /// The value at `path`, watched in slot `slot` (`WatchedPaths`) when the record's scan
    /// watched it; nil when missing or null. A raw link answers only `link`.
    @_spi(Records) public func value(watched slot: Int, at path: JSONPath) -> Value? {
        guard isJSON, let found = watched.noted(slot) else { return value(at: path) }
        return found.kind == .null ? nil : value(found.range, found.kind)
    }

    /// The value at `path` as text, as `value(watched:at:)` gives it (a string decoded, any
    /// other value its JSON text); a string without escapes is made straight from the record's
    /// bytes, without an array of its own first.
    @_spi(Records) public func valueText(watched slot: Int, at path: JSONPath) -> String? {
        if isJSON, let found = watched.noted(slot), found.kind == .string, !found.escaped {
            return String(decoding: UnsafeBufferPointer(rebasing: text[(found.range.lowerBound + 1)..<(found.range.upperBound - 1)]),
                          as: UTF8.self)
        }
        switch value(watched: slot, at: path) {
        case let .string(bytes)?, let .json(bytes)?: return String(decoding: bytes, as: UTF8.self)
        case nil: return nil
        }
    }

    /// The token `range` of `kind` as a value (the raw text of a raw link).
    private func value(_ range: Range<Int>, _ kind: JSONKind) -> Value {
        if !isJSON { return .string(Array(text)) }
        return kind == .string ? .string(JSONString.decoded(range, in: text)) : .json(Array(text[range]))
    }
}
