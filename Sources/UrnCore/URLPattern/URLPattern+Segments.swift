extension URLPattern {
    /// The components other than the pathname as fixed texts, nil for the wildcard `*`; nil
    /// when one of them is an expression. Two patterns with the same rest take the same URLs
    /// but for their pathnames.
    var rest: [[UInt8]?]? {
        var rest: [[UInt8]?] = []
        for component in Component.allCases where component != .pathname {
            let compiled = compiled[component.rawValue]
            if compiled.isWildcard {
                rest.append(nil)
            } else if let fixed = compiled.fixed {
                rest.append(fixed)
            } else {
                return nil
            }
        }
        return rest
    }

    /// A pathname pattern as whole segments, where it is one: it starts with `/`, and between
    /// two `/` there is either fixed text (a literal) or one `:name` group with no regexp and
    /// no modifier (a placeholder). Such a pattern's expression takes exactly the pathnames
    /// whose `/`-separated segments (after the first `/`) are those literals, byte for byte,
    /// and non-empty text for each group (`[^\/]+?`), so a segment trie finds its routes
    /// without running it. Nil for any other pathname, and when case is ignored.
    static func wholeSegments(_ pathname: PatternParts) -> [Segment]? {
        guard pathname.options.delimiter == "/", !pathname.options.ignoreCase else { return nil }
        /// A piece of the pathname: a byte of fixed text, or a group (its name).
        enum Piece {
            case byte(UInt8)
            case group(String)
        }
        var pieces: [Piece] = []
        for part in pathname.parts {
            guard part.modifier == .none else { return nil }
            switch part.kind {
            case .fixedText:
                pieces += part.value.utf8.map(Piece.byte)
            case .segmentWildcard:
                pieces += part.prefix.utf8.map(Piece.byte)
                pieces.append(.group(part.name))
                pieces += part.suffix.utf8.map(Piece.byte)
            case .regexp, .fullWildcard:
                return nil
            }
        }
        guard case .byte(UInt8(ascii: "/")) = pieces.first else { return nil }
        var segments: [Segment] = []
        var literal: [UInt8] = []
        var group: String?
        /// Closes the segment read so far: a group alone, or fixed text alone.
        func close() -> Bool {
            if let group {
                guard literal.isEmpty else { return false }
                segments.append(.placeholder(Placeholder(name: group, type: .string)))
            } else {
                segments.append(.literal(literal))
            }
            literal = []
            group = nil
            return true
        }
        for piece in pieces.dropFirst() {
            switch piece {
            case .byte(UInt8(ascii: "/")):
                guard close() else { return nil }
            case let .byte(byte):
                guard group == nil else { return nil }
                literal.append(byte)
            case let .group(name):
                guard group == nil, literal.isEmpty else { return nil }
                group = name
            }
        }
        return close() ? segments : nil
    }
}
