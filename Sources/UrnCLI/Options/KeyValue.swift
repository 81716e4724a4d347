import ArgumentParser

/// An option's `KEY=VALUE` (`--type hex=[0-9a-f]+`, `--arg page=2`), split once when the
/// command line is parsed: the key is what comes before the first `=`.
package struct KeyValue: Sendable {
    /// The text before the first `=`.
    package let key: String
    /// The text after it.
    package let value: String

    /// A parser for an option whose values are written `form` (`NAME=REGEX`).
    package static func parser(form: String) -> @Sendable (String) throws -> KeyValue {
        { text in
            guard let equals = text.firstIndex(of: "=") else { throw ValidationError("write it \(form)") }
            return KeyValue(key: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
        }
    }
}
