/// A regex written as a JavaScript or JSON string would write it: `:id(\\d+)` copied from an
/// Express app, where the string's own escaping halves the backslashes. A table line is read
/// as written, so the regex gets a literal backslash followed by `d`, and matches almost
/// nothing. The check reads the pattern after its format's own unescaping (a JSON route line's
/// `"\\d"` is `\d`), so it never warns where the doubled form is the right spelling.
enum RegexSpelling {
    /// The class letters a doubled backslash is most often meant to escape.
    private static let classLetters: Set<UInt8> = Set("dDwWsSb".utf8)

    /// One warning for each regex placeholder (`{name:REGEX}`, Express's `(REGEX)`) of
    /// `pattern` that holds `\\` before a class letter.
    static func warnings(_ pattern: Pattern) -> [PatternWarning] {
        let bytes = Array(pattern.text.utf8)
        var warnings: [PatternWarning] = []
        var depth = 0
        var index = 0
        var warnedInGroup = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                if depth > 0, !warnedInGroup, index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                   classLetters.contains(bytes[index + 2]) {
                    let written = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                    let meant = String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self)
                    warnings.append(PatternWarning("doubled-backslash", "'\(written)' in a regex is a backslash and then '\(meant.dropFirst())': a table line is not a JavaScript string, so in a table write '\(meant)'"))
                    warnedInGroup = true
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
                if depth == 0 { warnedInGroup = false }
            }
            index += 1
        }
        return warnings
    }
}
