/// Values a placeholder accepts, as a person would write them (`42`, `alice`, a valid UUID):
/// the first for example 0, others for later examples. Every value is checked against the
/// placeholder's type before it is used; a regex type gets a string made from its regex
/// (`RegexExample`), or else the first of a few common values that PCRE2 accepts.
enum ExampleValues {
    /// Names, then a one-character word for a route whose sibling takes every longer one.
    private static let names = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "a"]
    private static let numbers = ["42", "7", "1001", "3", "256", "19", "8080", "5", "-5"]
    private static let decimals = ["1.5", "42", "0.25", "3.75", "10", "2.5"]
    private static let uuids = ["3f2504e0-4f89-41d3-9a0c-0305e82c3301", "9b2d6c1e-52a4-4f0b-8d3e-7a1c5e9f0b24",
                                "c0ffee00-1234-4abc-8def-0123456789ab"]
    private static let slugs = ["hello-world", "first-post", "release-notes"]
    /// Values tried for a regex whose own strings PCRE2 refuses.
    private static let common = ["alice", "42", "a", "1", "abc", "hello-world", "2024-01-01", "x1", "A", "0",
                                 "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "true", "en", "png", "json"]

    /// The `variant`th value for a placeholder named `name` of `type`, or nil when none is found.
    static func value(for name: String, type: ValueType, variant: Int, random: inout SplitMix64) -> String? {
        switch type {
        case .string:
            return pick(words(for: name), variant)
        case .int:
            return pick(numbers, variant)
        case .float:
            return pick(decimals, variant)
        case .uuid:
            return pick(uuids, variant)
        case let .regex(regex):
            return matching(regex, variant: variant, random: &random)
        }
    }

    /// A string `regex` takes whole: made from its text, or a common value it accepts.
    static func matching(_ regex: Regex, variant: Int, random: inout SplitMix64) -> String? {
        let made = RegexExample(regex.source)
        let tries = made.approximate ? 24 : 8
        for attempt in 0..<tries {
            let candidate = made.string(variant: variant + attempt, random: &random)
            if !candidate.isEmpty, accepts(regex, candidate) { return candidate }
        }
        let start = variant % common.count
        for offset in 0..<common.count where accepts(regex, common[(start + offset) % common.count]) {
            return common[(start + offset) % common.count]
        }
        return nil
    }

    /// A value of the wrong type for `type`, for a near miss; nil for a type that takes anything.
    static func wrongValue(for type: ValueType) -> String? {
        switch type {
        case .string: return nil
        case .int, .float, .uuid: return "abc"
        case let .regex(regex):
            for candidate in ["~", "zz-not-this", "%", "0", "A", "abc"] where !accepts(regex, candidate) { return candidate }
            return nil
        }
    }

    /// Whether `regex` takes `text` whole (a regex at its limits takes nothing).
    static func accepts(_ regex: Regex, _ text: String) -> Bool {
        (try? regex.matches(Array(text.utf8))) ?? false
    }

    /// The words that suit a plain placeholder of this name: numbers for ids and counts, slugs
    /// for slugs, names otherwise.
    static func words(for name: String) -> [String] {
        let lower = name.lowercased()
        if lower == "id" || lower.hasSuffix("id") || lower.hasSuffix("_id") || lower.contains("number") || lower.contains("count")
            || lower == "page" || lower == "n" || lower.hasSuffix("index") || lower == "year" {
            // a word after the first numbers, for an id that a typed sibling takes as a number
            return Array(numbers.prefix(4)) + ["alice"] + numbers.dropFirst(4)
        }
        if lower.contains("slug") { return slugs }
        if lower.contains("uuid") || lower.contains("guid") { return uuids }
        return names
    }

    private static func pick(_ list: [String], _ variant: Int) -> String {
        list[variant % list.count]
    }
}

extension ExampleValues {
    /// The `variant`th value of an OpenAPI path parameter, written in its style (`5`, `.5`,
    /// `;id=5`): one its schema takes (type, format, enum, bounds, lengths, pattern), or nil.
    static func value(for parameter: PathParameter, variant: Int, random: inout SplitMix64) -> String? {
        let schema = parameter.schema.type == .array ? parameter.schema.items ?? .any : parameter.schema
        for candidate in candidates(for: schema, name: parameter.name, variant: variant, random: &random) {
            guard let (_, broken) = try? schema.read(Array(candidate.utf8)[...]), broken == nil else { continue }
            switch parameter.style {
            case .simple: return candidate
            case .label: return "." + candidate
            case .matrix: return ";" + parameter.name + "=" + candidate
            }
        }
        return nil
    }

    /// Values to try for a primitive schema, the most likely first.
    private static func candidates(for schema: ParameterSchema, name: String, variant: Int, random: inout SplitMix64) -> [String] {
        if let allowed = schema.allowed, !allowed.isEmpty {
            let written = allowed.compactMap { member -> String? in
                switch member {
                case let .string(text), let .number(text): return text
                case let .bool(value): return value ? "true" : "false"
                default: return nil
                }
            }
            return (0..<written.count).map { written[($0 + variant) % written.count] }
        }
        switch schema.type {
        case .integer?:
            let low = schema.minimum.map { Int(exactly: ($0.exclusive ? ($0.value + 1) : $0.value).rounded(.up)) ?? 0 }
            let high = schema.maximum.map { Int(exactly: ($0.exclusive ? ($0.value - 1) : $0.value).rounded(.down)) ?? 0 }
            var values = rotated(numbers, variant).compactMap { Int($0) }
            values += [low, low.map { $0 + 1 }, high, low.flatMap { l in high.map { (l + $0) / 2 } }].compactMap { $0 }
            return values.map(String.init)
        case .number?:
            var values = rotated(decimals, variant)
            values += [schema.minimum.map { "\($0.exclusive ? $0.value + 0.5 : $0.value)" }, schema.maximum.map { "\($0.exclusive ? $0.value - 0.5 : $0.value)" }].compactMap { $0 }
            return values
        case .boolean?:
            return variant % 2 == 0 ? ["true", "false"] : ["false", "true"]
        default:
            break
        }
        var values: [String] = []
        switch schema.format {
        case "uuid"?: values += rotated(uuids, variant)
        case "date"?: values.append("2024-01-01")
        case "date-time"?: values.append("2024-01-01T12:00:00Z")
        case "email"?: values.append("alice@example.com")
        default: break
        }
        if let pattern = schema.pattern, let made = matching(pattern, variant: variant, random: &random) { values.append(made) }
        let words = rotated(words(for: name), variant)
        values += words
        if let minLength = schema.minLength {
            let word = words[0]
            values.append(String(repeating: word, count: minLength / max(word.count, 1) + 1))
        }
        if let maxLength = schema.maxLength { values.append(String(words[0].prefix(max(maxLength, 1)))) }
        return values
    }

    private static func rotated(_ list: [String], _ variant: Int) -> [String] {
        (0..<list.count).map { list[($0 + variant) % list.count] }
    }
}
