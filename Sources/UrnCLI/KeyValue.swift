import ArgumentParser

/// An option's `KEY=VALUE` (`--type hex=[0-9a-f]+`, `--arg page=2`), split once when the
/// command line is parsed: the key is what comes before the first `=`.
public struct KeyValue: Sendable {
    /// The text before the first `=`.
    public let key: String
    /// The text after it.
    public let value: String

    /// A parser for an option whose values are written `form` (`NAME=REGEX`).
    public static func parser(form: String) -> @Sendable (String) throws -> KeyValue {
        { text in
            guard let equals = text.firstIndex(of: "=") else { throw ValidationError("write it \(form)") }
            return KeyValue(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        }
    }
}
