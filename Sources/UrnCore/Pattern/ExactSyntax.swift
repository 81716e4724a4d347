/// Pattern syntax of the exact dialects (urn-patterns(7) DIALECTS): only what the library itself reads is syntax, and
/// everything else is literal text compared as written. Each rule cites the library's code.
enum ExactSyntax {
    /// Compass 6 (`Sources/Navigator.swift` at 5cfacf8): the pattern is split on the delimiter
    /// (`String.split`, where `""` gives no parts); a part whose first Character is `{` is a placeholder
    /// named by the part without any `{` or `}` (lines 100–106); any other part is a literal.
    static func compass(_ text: String, delimiter: [UInt8]) -> Pattern {
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var warnings: [PatternWarning] = []
        let parts = bytes.isEmpty ? [] : Link.splitBytes(bytes, on: delimiter)
        for part in parts {
            // `hasPrefix("{")` on Characters: a `{` with a combining mark is another Character
            if part.first == UInt8(ascii: "{"), String(decoding: part, as: UTF8.self).first == "{" {
                let name = String(decoding: part.filter { $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "}") }, as: UTF8.self)
                if part.last != UInt8(ascii: "}") {
                    warnings.append(PatternWarning("unclosed-placeholder", "placeholder '\(String(decoding: part, as: UTF8.self))' does not close: Compass reads a part that starts with '{' as the placeholder named by its text without braces, '\(name)' (Navigator.swift:100-106); write '{\(name)}'"))
                }
                segments.append(.placeholder(Placeholder(name: name, type: .string)))
            } else {
                segments.append(.literal(Array(part)))
            }
        }
        return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: segments,
                       sourceRanges: parts.map(\.indices), slashSeparated: false, warnings: warnings)
    }

    /// URLNavigator 2.5.1 (`Sources/URLMatcher/` at b881f23): the pattern loses `?…` and `#…`
    /// (URLMatcher.swift:102), is split on `/` without empty parts or a first part ending in `:`
    /// (lines 130–139); a component `<…>` split on `:` is a placeholder, `<key>` or `<type:key>`,
    /// and any other count of parts is a literal (URLPathComponent.swift:8–21). An unknown or
    /// empty type has no value converter and matches as an untyped string (URLMatcher.swift:159).
    static func navigator(_ text: String, customTypes: [String: Regex]) -> Pattern {
        var bytes = Array(text.utf8)
        if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            bytes.removeSubrange(end...)
        }
        let reference = URIReference(bytes)
        let scheme = reference.foundationScheme.map { Array(bytes[$0]) }
        var segments: [Segment] = []
        var warnings: [PatternWarning] = []
        var openEnded = false
        let components = navigatorComponents(bytes[...])
        for component in components {
            guard let parts = navigatorPlaceholder(component) else {
                if component.first == UInt8(ascii: "<"), component.last != UInt8(ascii: ">") {
                    let written = String(decoding: component, as: UTF8.self)
                    warnings.append(PatternWarning("unclosed-placeholder", "'\(written)' does not close its '<': URLNavigator matches it as the literal text '\(written)' (URLPathComponent.swift:7-22); write '\(written)>'"))
                }
                segments.append(.literal(Array(component)))
                continue
            }
            let name = String(decoding: parts.last!, as: UTF8.self)
            let typeName = parts.count == 2 ? String(decoding: parts[0], as: UTF8.self) : nil
            let type: ValueType
            switch typeName {
            case nil, "string": type = .string
            case "int": type = .int
            case "float": type = .float
            case "uuid": type = .uuid
            case "path":
                openEnded = true
                segments.append(.catchAll(name: name))
                continue
            case let typeName?:
                if let regex = customTypes[typeName] {
                    type = .regex(regex)
                } else {
                    type = .string
                    let known = ["string", "int", "float", "uuid", "path"] + customTypes.keys.sorted()
                    let nearest = known.min { EditDistance.caseless(Array($0.utf8), Array(typeName.utf8)) < EditDistance.caseless(Array($1.utf8), Array(typeName.utf8)) }!
                    warnings.append(PatternWarning("unknown-type", "unknown type '\(typeName)' in '\(String(decoding: component, as: UTF8.self))': URLNavigator has no converter for it and matches any value (known types: \(known.joined(separator: ", ")); did you mean <\(nearest):\(name)>?)"))
                }
            }
            segments.append(.placeholder(Placeholder(name: name, type: type)))
        }
        // the rank counts the plain components of the pattern as registered, its query and
        // fragment included (URLMatcher.swift:63–65, 170–175)
        let rank = navigatorComponents(Array(text.utf8)[...]).count { navigatorPlaceholder($0) == nil }
        return Pattern(text: text, scheme: scheme, schemeAsWritten: scheme, host: nil, segments: segments,
                       sourceRanges: components.map(\.indices), slashSeparated: true, openEnded: openEnded, warnings: warnings,
                       rankLiteralCount: rank)
    }

    /// The `:`-separated parts of a URLNavigator placeholder component, `<key>` or `<type:key>`;
    /// nil for a plain component (URLPathComponent.swift:7–22).
    static func navigatorPlaceholder(_ component: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        guard component.count >= 2, component.first == UInt8(ascii: "<"), component.last == UInt8(ascii: ">") else { return nil }
        let parts = component.dropFirst().dropLast().split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        return parts.count <= 2 ? parts : nil
    }

    /// WAAppRouting 0.0.5 (`Files/WARoutePattern.m` at 57eb35e): the pattern is read with
    /// `NSString.pathComponents` (line 31); a component that starts with `:` is a placeholder named
    /// by the rest (lines 74, 100), a component that is exactly `*` a wildcard (line 35), anything
    /// else a literal, the scheme of `app://x` included (`app:` is then a component).
    static func waap(_ text: String) -> Pattern {
        let components = pathComponents(Array(text.utf8)[...])
        var segments: [Segment] = []
        var warnings: [PatternWarning] = []
        for (index, component) in components.enumerated() {
            let written = String(decoding: component, as: UTF8.self)
            if let open = component.firstIndex(of: UInt8(ascii: "{")), !component[open...].contains(UInt8(ascii: "}")) {
                // a chain part's class runs from its `{` to its `}` (WAAppRouteRegistrar.m:82-88)
                warnings.append(PatternWarning("unclosed-class", "'\(written)' does not close its '{': WAAppRouting 0.0.5 raises an exception when it registers the chain (the class's range runs to a '}' it cannot find, WAAppRouteRegistrar.m:82-88), so the app stops at launch; urn reads the pattern as literal text"))
            }
            if component.first == UInt8(ascii: ":"), component.contains(UInt8(ascii: "(")) {
                warnings.append(PatternWarning("regex-in-name", "'\(written)' is the placeholder named '\(written.dropFirst())': WAAppRouting has no regex constraint (WARoutePattern.m:74, 100); write ':\(written.dropFirst().prefix { $0 != "(" })'"))
            }
            if component.first == UInt8(ascii: ":") {
                let name = String(decoding: component.dropFirst(), as: UTF8.self)
                segments.append(.placeholder(Placeholder(name: name, type: .string)))
            } else if component.elementsEqual("*".utf8) {
                // a `*` last takes one or more components, elsewhere exactly one (lines 50–81)
                segments.append(index == components.count - 1 ? .catchAll(name: nil) : .wildcard)
            } else {
                segments.append(.literal(Array(component)))
            }
        }
        return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: segments,
                       sourceRanges: components.map(\.indices), slashSeparated: true, warnings: warnings)
    }

    /// URLMatcher's `stringPathComponents`: split on `/`, empty parts and a first part that ends
    /// in `:` (the scheme) left out.
    static func navigatorComponents(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        for (index, part) in text.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).enumerated()
        where !part.isEmpty && !(index == 0 && part.last == UInt8(ascii: ":")) {
            out.append(part)
        }
        return out
    }

    /// Foundation's `NSString.pathComponents`: empty components are deleted, and a leading or
    /// trailing separator is a component `/` of its own.
    static func pathComponents(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        let slash = UInt8(ascii: "/")
        let pieces = text.split(separator: slash)
        var out: [ArraySlice<UInt8>] = []
        if text.first == slash { out.append(text.prefix(1)) }
        out += pieces
        if text.count > 1, text.last == slash, !pieces.isEmpty { out.append(text.suffix(1)) }
        return out
    }
}
