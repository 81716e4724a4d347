/// What a placeholder accepts and how its value becomes a JSON argument.
@_spi(Records) public enum ValueType: Sendable {
    /// Any value (`{name}`, `:name`, `<name>`, `<string:name>`).
    case string
    /// A 64-bit integer as Swift's `Int(_:)` reads it; a JSON integer.
    case int
    /// A number; a JSON number (Swift's `Float(_:)` in the navigator dialect).
    case float
    /// A UUID, `8-4-4-4-12` hex digits.
    case uuid
    /// A custom type from `--type NAME=REGEX` or `@type`, or a `{name:REGEX}` constraint.
    case regex(Regex)

    /// A text that is equal for equal types (the regex source for regexes).
    var identity: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .float: return "float"
        case .uuid: return "uuid"
        case let .regex(regex): return "regex:" + regex.source
        }
    }

    /// Whether the type accepts any value (precedence class "plain").
    @_spi(Records) public var isPlain: Bool { if case .string = self { return true } else { return false } }

    /// The regex fragment that stands for this type inside a composite segment.
    var fragment: String {
        switch self {
        case .string: return ".+?"
        case .int: return "[+-]?[0-9]+"
        case .float: return "[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
        case .uuid: return "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
        case let .regex(regex): return "(?:" + regex.source + ")"
        }
    }

    /// The capturing groups the fragment itself contains.
    var fragmentGroups: Int {
        if case let .regex(regex) = self { return regex.captureCount }
        return 0
    }

    /// The argument `value` gives, or nil when it does not have the type. `singlePrecision`
    /// reads floats as URLNavigator does (Swift's `Float`).
    @_spi(Records) public func value(_ bytes: ArraySlice<UInt8>, singlePrecision: Bool = false) throws(Regex.MatchError) -> ArgValue? {
        if case let .regex(regex) = self {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(Regex.MatchError) -> ArgValue? in
                try regex.matches(buffer) ? .string(bytes) : nil
            }
        }
        switch reading(bytes, singlePrecision: singlePrecision) {
        case nil: return nil
        case .text?: return .string(bytes)
        case let .number(value)?: return value
        }
    }

    /// Whether `bytes` has the type (what `value` tests, without making a value of it).
    func accepts(_ bytes: UnsafeBufferPointer<UInt8>, singlePrecision: Bool) throws(Regex.MatchError) -> Bool {
        if case let .regex(regex) = self { return try regex.matches(bytes) }
        return reading(bytes, singlePrecision: singlePrecision) != nil
    }

    /// How a value of a type other than `regex` reads: as its own text, or as a number.
    private enum Reading: Equatable {
        case text
        case number(ArgValue)
    }

    /// `bytes` read as this type (not `regex`), nil when it does not have the type.
    private func reading<Bytes: Collection<UInt8>>(_ bytes: Bytes, singlePrecision: Bool) -> Reading? where Bytes.Index == Int {
        switch self {
        case .string:
            return .text
        case .int:
            guard let int = ValueType.int(bytes) else { return nil }
            return .number(.int(int))
        case .float:
            let text = String(decoding: bytes, as: UTF8.self)
            if singlePrecision {
                guard let float = Float(text) else { return nil }
                return .number(.float(float))
            }
            guard ValueType.isDecimalNumber(bytes), let double = Double(text), double.isFinite else { return nil }
            return .number(.double(double))
        case .uuid:
            return ValueType.isUUID(bytes) ? .text : nil
        case .regex:
            preconditionFailure("a regex type is read by its regex")
        }
    }

    /// `bytes` as Swift's `Int(_:)` reads it: an optional sign and ASCII digits, as many as
    /// written (`+0000000000000000000042` is 42); nil past `Int`'s range.
    static func int<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? where Bytes.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        let negative = i < end && bytes[i] == UInt8(ascii: "-")
        if i < end, negative || bytes[i] == UInt8(ascii: "+") { i += 1 }
        guard i < end else { return nil }
        var value = 0
        while i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, carried) = negative ? shifted.subtractingReportingOverflow(Int(digit)) : shifted.addingReportingOverflow(Int(digit))
            guard !overflowed, !carried else { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// Whether `bytes` is `[+-]digits[.digits][e[+-]digits]` (also `5.` and `.5`).
    package static func isDecimalNumber<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var i = bytes.startIndex
        let end = bytes.endIndex
        func digits() -> Int {
            let start = i
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - start
        }
        if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        var count = digits()
        if i < end, bytes[i] == UInt8(ascii: ".") { i += 1; count += digits() }
        guard count > 0 else { return false }
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == end
    }

    /// Whether `bytes` is a UUID as `UUID(uuidString:)` accepts it.
    static func isUUID<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !ByteClass.test(byte, .hex) {
                return false
            }
        }
        return true
    }
}

/// The value of a route argument.
@_spi(Records) public enum ArgValue: Sendable, Equatable {
    /// A string (UTF-8 bytes): often a slice of the link's components, shared rather than
    /// copied, so that an argument allocates nothing.
    case string(ArraySlice<UInt8>)
    /// An integer.
    case int(Int)
    /// A double-precision number.
    case double(Double)
    /// A single-precision number (URLNavigator's `Float`).
    case float(Float)
    /// Valid JSON text written as it is (a number, boolean or object default of a JSON table).
    case json([UInt8])
}
