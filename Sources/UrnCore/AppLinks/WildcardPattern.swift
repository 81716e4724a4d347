/// A pattern of an apple-app-site-association file: `*` matches any run of characters (`/`
/// included), `?` exactly one character, `$(name)` any one of a substitution variable's strings
/// (which may hold `*` and `?` themselves); everything else is literal. It compiles to an
/// anchored PCRE2 expression.
package struct WildcardPattern: Sendable {
    /// The pattern as written.
    package let text: String
    /// The compiled pattern; nil for `*`, which matches everything.
    private let regex: Regex?

    /// Why a pattern cannot be used.
    package struct Failure: Error, Equatable {
        /// What is wrong.
        package let reason: String
    }

    /// The pattern that matches everything: a component's default for a key it leaves out.
    package static let everything = WildcardPattern(text: "*", regex: nil)

    private init(text: String, regex: Regex?) {
        self.text = text
        self.regex = regex
    }

    /// Compiles `text`, comparing letters without regard to case unless `caseSensitive`. A
    /// path's pattern (`path`) is read as Apple's `swcd` reads it (urn-routes(5), APP-LINK
    /// TABLES): its leading `/` is optional and a leading run of slashes is one, a trailing `/`
    /// does not matter, and a final `/*` also takes the path without it (`/buy/*` takes `/buy`);
    /// the path it is matched with loses its trailing slashes (`pathValue`).
    package init(_ text: String, caseSensitive: Bool, variables: SubstitutionVariables, path: Bool = false) throws(Failure) {
        self.text = text
        if text == "*" {
            regex = nil
            return
        }
        var body = text
        var optionalTail = ""
        if path {
            let leading = body.prefix { $0 == "/" }
            body = (leading.isEmpty && !body.hasPrefix("*") ? "/" : leading.isEmpty ? "" : "/") + body.dropFirst(leading.count)
            while body.hasSuffix("/") { body.removeLast() }
            if body.hasSuffix("/*") {
                body.removeLast(2)
                optionalTail = "(?:/.*)?"
            }
        }
        let source = "(?s)" + (try Self.expression(body, variables: variables)) + optionalTail
        do throws(Regex.CompileError) {
            regex = try Regex(source, caseInsensitive: !caseSensitive)
        } catch {
            throw Failure(reason: "pattern '\(text)' cannot be compiled: \(error.message)")
        }
    }

    /// The compiled pattern, anchored at both ends; nil for `*`.
    var expression: Regex? { regex }

    /// Whether it matches everything (`*`).
    package var matchesEverything: Bool { regex == nil }

    /// A link's path as a path's pattern is matched with: without its trailing slashes.
    package static func pathValue(_ path: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var path = path
        while path.last == UInt8(ascii: "/") { path.removeLast() }
        return path
    }

    /// Whether the whole of `value` matches.
    package func matches(_ value: ArraySlice<UInt8>) throws(Regex.MatchError) -> Bool {
        guard let regex else { return true }
        return try value.withUnsafeBufferPointer { (buffer) throws(Regex.MatchError) -> Bool in try regex.matches(buffer) }
    }

    /// The PCRE2 expression for `text`; a variable's strings may not use variables themselves.
    private static func expression(_ text: String, variables: SubstitutionVariables?) throws(Failure) -> String {
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "*": out += ".*"
            case "?": out += "."
            case "$" where scalars.first == "(":
                guard let close = scalars.firstIndex(of: ")") else {
                    throw Failure(reason: "'$(' without ')' in '\(text)'")
                }
                let name = String(scalars[scalars.index(after: scalars.startIndex)..<close])
                scalars = scalars[scalars.index(after: close)...]
                guard let variables else { throw Failure(reason: "a substitution variable's string may not use '$(\(name))'") }
                let values: [String]
                do throws(SubstitutionVariables.Failure) {
                    values = try variables.values(of: name)
                } catch {
                    switch error {
                    case .unknown: throw Failure(reason: "unknown substitution variable '$(\(name))'")
                    case let .missingList(path): throw Failure(reason: "'$(\(name))' needs the ISO code list \(path) (Debian package iso-codes)")
                    }
                }
                var alternatives: [String] = []
                for value in values { alternatives.append(try expression(value, variables: nil)) }
                out += alternatives.isEmpty ? "(*FAIL)" : "(?:" + alternatives.joined(separator: "|") + ")"
            default:
                let isWord = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar.value >= 0x80
                out += isWord ? String(scalar) : "\\" + String(scalar)
            }
        }
        return out
    }
}
