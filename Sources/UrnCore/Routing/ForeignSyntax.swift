/// Another library's placeholder spelling inside an exact dialect's pattern (`{id}` in
/// `navigator`, `<id>` in `compass`, `/user/{id}` in `express`, `string:id` without its `<>`):
/// the library reads it as literal text, so the route loads as the library would load it and
/// matches almost nothing. `--check` warns and names the dialect's own spelling.
enum ForeignSyntax {
    /// URLNavigator's built-in value types.
    static let navigatorTypes: Set<String> = ["string", "int", "float", "uuid", "path"]

    /// One warning for each segment of `pattern` that is spelled as another syntax's placeholder.
    static func warnings(_ pattern: String, dialect: Dialect, delimiter: String) -> [PatternWarning] {
        guard dialect != .urn else { return [] }
        var found: [PatternWarning] = []
        let slashSegments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        for (index, slashSegment) in slashSegments.enumerated() {
            // a URLNavigator or WAAppRouting scheme (`myapp:`) is no placeholder
            if index == 0, pattern.contains("://"), slashSegment.hasSuffix(":") { continue }
            let pieces = dialect == .compass ? slashSegment.split(separator: Substring(delimiter), omittingEmptySubsequences: true)
                                             : [slashSegment]
            for piece in pieces {
                if let fix = ownSpelling(of: piece, in: dialect, wholeSlashSegment: piece == slashSegment) {
                    found.append(PatternWarning("foreign-syntax", "'\(piece)' is not \(dialect.rawValue) syntax, so the library matches it as literal text: did you mean \(fix)?"))
                }
            }
        }
        return found
    }

    /// The dialect's own spelling of the placeholder `piece` is written as, or nil when `piece` is
    /// the dialect's own syntax or plain text.
    private static func ownSpelling(of piece: Substring, in dialect: Dialect, wholeSlashSegment: Bool) -> String? {
        let braced = piece.hasPrefix("{") && piece.hasSuffix("}") && piece.count > 2
        let angled = piece.hasPrefix("<") && piece.hasSuffix(">") && piece.count > 2
        let colon = piece.hasPrefix(":") && piece.count > 1 && wholeSlashSegment && isName(piece.dropFirst())
        var name: Substring?
        var type: Substring?
        if braced {
            name = piece.dropFirst().dropLast().prefix { $0 != ":" }
        } else if angled {
            let inner = piece.dropFirst().dropLast()
            if let c = inner.firstIndex(of: ":") { type = inner[..<c]; name = inner[inner.index(after: c)...] } else { name = inner }
        } else if colon {
            name = piece.dropFirst()
        } else if dialect == .navigator, let c = piece.firstIndex(of: ":"), navigatorTypes.contains(String(piece[..<c])),
                  isName(piece[piece.index(after: c)...]) {
            // `string:id`, a table that lost its `<>`
            return "<\(piece)>"
        }
        guard let name, isName(name) else { return nil }
        switch dialect {
        case .navigator:
            guard braced || colon else { return nil }
            return "<\(name)>"
        case .compass:
            guard angled || colon else { return nil }
            return "{\(name)}"
        case .express:
            guard braced || angled else { return nil }
            return type == "int" ? ":\(name)(\\d+)" : ":\(name)"
        // (a URLPattern's `{id}` is its own syntax, a group of fixed text)
        case .waap, .urlpattern:
            guard angled else { return nil }
            return ":\(name)"
        case .urn:
            return nil
        }
    }

    private static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(PatternParser.isNameByte)
    }
}
