/// What the schema of an OpenAPI path parameter asks of its value (urn-routes(5) OPENAPI
/// TABLES): a type, a format, an enumeration, a pattern, bounds. The path template alone picks
/// the operation; a schema only types the argument and says which rule a value breaks. A
/// class, so that an array's `items` can be a schema too.
package final class ParameterSchema: Sendable {
    /// The JSON Schema types a path value can be read as.
    package enum Kind: String, Sendable {
        case string, integer, number, boolean, array, object
    }

    /// A bound of `minimum`/`maximum`, exclusive or not.
    package struct Bound: Sendable {
        let value: Double
        let exclusive: Bool
    }

    /// The type; nil takes any value as a string.
    let type: Kind?
    /// `format`: `uuid`, `int32` and `int64` are checked, others only kept.
    let format: String?
    /// The format a value is checked against past its type, read once from `format`.
    private let checkedFormat: CheckedFormat?
    /// The values `enum` allows, as the document writes them.
    let allowed: [JSONDocument.Node.Value]?
    /// `pattern`, searched as JSON Schema does (not anchored).
    let pattern: Regex?
    let minimum: Bound?
    let maximum: Bound?
    let minLength: Int?
    let maxLength: Int?
    /// An array's element schema.
    let items: ParameterSchema?
    /// An object's properties, in the order written.
    let properties: [(name: String, schema: ParameterSchema)]

    /// A schema from its parts.
    package init(type: Kind?, format: String? = nil, allowed: [JSONDocument.Node.Value]? = nil, pattern: Regex? = nil,
                 minimum: Bound? = nil, maximum: Bound? = nil, minLength: Int? = nil, maxLength: Int? = nil,
                 items: ParameterSchema? = nil, properties: [(name: String, schema: ParameterSchema)] = []) {
        self.type = type
        self.format = format
        checkedFormat = format.flatMap(CheckedFormat.init(rawValue:))
        self.allowed = allowed
        self.pattern = pattern
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.items = items
        self.properties = properties
    }

    /// The formats whose rule a typed value can break (`int64` is the integer reading's own).
    private enum CheckedFormat: String {
        case uuid, int32
    }

    /// A schema that takes anything as a string.
    package static let any = ParameterSchema(type: nil)

    /// A value read by a schema: typed, or its text (which the caller holds) as a string.
    package enum Value: Sendable, Equatable {
        case string
        case integer(Int)
        case number(Double)
        case boolean(Bool)
    }

    /// `text` read as this (primitive) schema's type, and the first rule it breaks, if any.
    /// Reading is strict, as JSON Schema types a JSON value: an integer is `-?[0-9]+`, a number
    /// JSON's grammar, a boolean `true` or `false`. Read in place: every link an operation
    /// takes comes through here.
    package func read(_ text: UnsafeBufferPointer<UInt8>) throws(Regex.MatchError) -> (Value, broken: String?) {
        let value: Value
        switch type {
        case .integer?:
            // `+5` is Swift's integer but not JSON's; a string of digits that is no Int overflows
            guard text.first != UInt8(ascii: "+"), let int = ValueType.int(text) else {
                return (.string, Self.isInteger(text) ? "format: int64" : "type: integer")
            }
            value = .integer(int)
        case .number?:
            guard Self.isJSONNumber(text), let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else {
                return (.string, "type: number")
            }
            value = .number(double)
        case .boolean?:
            if text.elementsEqual("true".utf8) { value = .boolean(true) }
            else if text.elementsEqual("false".utf8) { value = .boolean(false) }
            else { return (.string, "type: boolean") }
        case .string?, .array?, .object?, nil:
            value = .string
        }
        return (value, try brokenRule(value, text))
    }

    /// `text` read as `read(_:)` reads it, from a slice.
    package func read(_ text: ArraySlice<UInt8>) throws(Regex.MatchError) -> (Value, broken: String?) {
        try text.withUnsafeBufferPointer { (text) throws(Regex.MatchError) in try read(text) }
    }

    /// The first constraint `value` (read from `text`) breaks, as `keyword: setting`, or nil.
    private func brokenRule(_ value: Value, _ text: UnsafeBufferPointer<UInt8>) throws(Regex.MatchError) -> String? {
        switch (checkedFormat, value) {
        case (.uuid?, .string) where !ValueType.isUUID(text): return "format: uuid"
        case (.int32?, let .integer(int)) where Int32(exactly: int) == nil: return "format: int32"
        default: break
        }
        if let allowed, !allowed.contains(where: { Self.equals(value, text, $0) }) {
            return "enum: [" + allowed.map(Self.written).joined(separator: ", ") + "]"
        }
        let number: Double? = switch value {
        case let .integer(int): Double(int)
        case let .number(double): double
        default: nil
        }
        if let number {
            if let minimum, number < minimum.value || (minimum.exclusive && number == minimum.value) {
                return (minimum.exclusive ? "exclusiveMinimum: " : "minimum: ") + Self.written(.number(String(minimum.value)))
            }
            if let maximum, number > maximum.value || (maximum.exclusive && number == maximum.value) {
                return (maximum.exclusive ? "exclusiveMaximum: " : "maximum: ") + Self.written(.number(String(maximum.value)))
            }
        }
        guard value == .string else { return nil }
        if minLength != nil || maxLength != nil {
            // lengths count characters, as JSON Schema does
            let length = text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            if let minLength, length < minLength { return "minLength: \(minLength)" }
            if let maxLength, length > maxLength { return "maxLength: \(maxLength)" }
        }
        if let pattern, !(try pattern.matches(text)) { return "pattern: \(pattern.source)" }
        return nil
    }

    /// Whether a read value (read from `text`) is the enumeration's `member`: numbers by
    /// value, the rest by text.
    private static func equals(_ value: Value, _ text: UnsafeBufferPointer<UInt8>, _ member: JSONDocument.Node.Value) -> Bool {
        switch (value, member) {
        case let (.string, .string(written)): return text.elementsEqual(written.utf8)
        case let (.string, .number(written)): return text.elementsEqual(written.utf8)
        case let (.string, .bool(flag)): return text.elementsEqual((flag ? "true" : "false").utf8)
        case let (.integer(int), .number(written)): return Double(written) == Double(int)
        case let (.number(double), .number(written)): return Double(written) == double
        case let (.boolean(flag), .bool(written)): return flag == written
        default: return false
        }
    }

    /// A scalar as a rule shows it.
    private static func written(_ value: JSONDocument.Node.Value) -> String {
        switch value {
        case let .string(text): return text
        case let .number(text): return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        case let .bool(flag): return flag ? "true" : "false"
        case .null: return "null"
        case .object, .array, .omitted: return "…"
        }
    }

    /// `-?[0-9]+`.
    static func isInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let digits = text.first == UInt8(ascii: "-") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
        return !digits.isEmpty && digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// JSON's number grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: a decimal
    /// number without `+`, a leading zero, or a `.` that no digit follows or precedes.
    static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ValueType.isDecimalNumber(text) else { return false }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 &- UInt8(ascii: "0") < 10 } ?? false }
        let unsigned = text.first == UInt8(ascii: "-") ? UnsafeBufferPointer(rebasing: text.dropFirst()) : text
        guard isDigit(unsigned.first) else { return false }
        if unsigned.first == UInt8(ascii: "0"), isDigit(unsigned.dropFirst().first) { return false }
        if let dot = unsigned.firstIndex(of: UInt8(ascii: ".")), !isDigit(unsigned[(dot + 1)...].first) { return false }
        return true
    }
}

extension ParameterSchema.Value {
    /// The value as an argument; `text` is what it was read from.
    func argument(_ text: ArraySlice<UInt8>) -> ArgValue {
        switch self {
        case .string: return .string(text)
        case let .integer(int): return .int(int)
        case let .number(double): return .double(double)
        case let .boolean(flag): return .json(flag ? Self.trueText : Self.falseText)
        }
    }

    /// A boolean's JSON text, made once.
    private static let trueText = Array("true".utf8), falseText = Array("false".utf8)

    /// The value written as JSON, inside an array or object argument; `text` is what it was
    /// read from.
    func write(_ text: ArraySlice<UInt8>, into json: inout JSONWriter) {
        switch self {
        case .string: json.string(text)
        case let .integer(int): json.int(int)
        case let .number(double): json.double(double)
        case let .boolean(flag): json.bool(flag)
        }
    }
}
