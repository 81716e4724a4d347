/// The types `urnmatch --infer` recognises in a path segment's value (urnmatch-tables(7) INFERRING
/// ROUTES): a segment that has one of them is a value, never a literal, wherever it stands.
public enum InferredType: UInt8, CaseIterable, Comparable, Sendable {
    /// Decimal digits only, at most 18 (urn's `<int:>` is 64-bit).
    case int
    /// An RFC 4122 UUID, `8-4-4-4-12` hex digits.
    case uuid
    /// An ISO 8601 date, `YYYY-MM-DD`.
    case date
    /// Eight or more lower-case hex digits with at least one digit and one letter (a sha, a token).
    case hex

    /// The order of the cases, which `@type` lines and a table's routes follow.
    public static func < (a: InferredType, b: InferredType) -> Bool { a.rawValue < b.rawValue }

    /// The name of the type in urn's syntax (`<int:id>`) and in `@type` lines.
    public var name: String {
        switch self {
        case .int: return "int"
        case .uuid: return "uuid"
        case .date: return "date"
        case .hex: return "hex"
        }
    }

    /// A regex that takes exactly the values of this type (PCRE2 and JavaScript alike).
    public var regex: String {
        switch self {
        case .int: return "[0-9]{1,18}"
        case .uuid: return "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
        case .date: return "[0-9]{4}-[0-9]{2}-[0-9]{2}"
        case .hex: return "[0-9a-f]{8,}"
        }
    }

    /// The type of a decoded segment, or nil for any other text.
    public static func of(_ bytes: some Collection<UInt8>) -> InferredType? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var digits = 0, hexLetters = 0, dashes = 0, upperHex = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "a")...UInt8(ascii: "f"): hexLetters += 1
            case UInt8(ascii: "A")...UInt8(ascii: "F"): upperHex += 1
            case UInt8(ascii: "-"): dashes += 1
            default: return nil
            }
        }
        if digits == count { return count <= 18 ? .int : nil }
        if count == 36, dashes == 4, isUUID(bytes) { return .uuid }
        if count == 10, dashes == 2, digits == 8, isDate(bytes) { return .date }
        if dashes == 0, upperHex == 0, count >= 8, digits > 0, hexLetters > 0 { return .hex }
        return nil
    }

    /// Whether the dashes stand where a UUID has them.
    private static func isUUID(_ bytes: some Collection<UInt8>) -> Bool {
        for (offset, byte) in bytes.enumerated() where (byte == UInt8(ascii: "-")) != [8, 13, 18, 23].contains(offset) {
            return false
        }
        return true
    }

    /// Whether the dashes stand where `YYYY-MM-DD` has them.
    private static func isDate(_ bytes: some Collection<UInt8>) -> Bool {
        for (offset, byte) in bytes.enumerated() where (byte == UInt8(ascii: "-")) != (offset == 4 || offset == 7) {
            return false
        }
        return true
    }
}
