extension URLPattern {
    /// Whether the pattern takes every URL `other` takes, as far as can be told without
    /// comparing expressions: each component is the wildcard `*`, or the same fixed text as
    /// `other`'s; the pathname may also be whole segments that take each of `other`'s (a group
    /// any text, fixed text the same), or fixed text and a trailing `*` that `other`'s pathname
    /// always starts with. False where that cannot be told (`urnmatch --check`).
    func covers(_ other: URLPattern) -> Bool {
        for component in Component.allCases {
            let mine = compiled[component.rawValue], theirs = other.compiled[component.rawValue]
            if mine.isWildcard { continue }
            if let fixed = mine.fixed, fixed == theirs.fixed { continue }
            if component == .pathname, let required = Self.prefixBeforeTrailingWildcard(mine.parts) {
                guard Self.knownStart(theirs.parts).hasPrefix(required) else { return false }
                continue
            }
            guard component == .pathname, let segments = pathnameSegments, let otherSegments = other.pathnameSegments,
                  segments.count == otherSegments.count else { return false }
            for (segment, otherSegment) in zip(segments, otherSegments) {
                switch (segment, otherSegment) {
                case (.placeholder, _): continue
                case let (.literal(text), .literal(otherText)) where text == otherText: continue
                default: return false
                }
            }
        }
        return true
    }

    /// The text a pattern requires before a trailing wildcard that takes the rest (`/api/*`:
    /// `/api/`), when it is fixed text and then that wildcard; nil otherwise.
    private static func prefixBeforeTrailingWildcard(_ component: PatternParts) -> String? {
        let parts = component.parts
        guard let last = parts.last, last.kind == .fullWildcard, last.modifier == .none, last.suffix.isEmpty,
              parts.dropLast().allSatisfy({ $0.kind == .fixedText && $0.modifier == .none }) else { return nil }
        return parts.dropLast().map(\.value).joined() + last.prefix
    }

    /// The text every value of a component starts with, as its first parts say: fixed text,
    /// then the prefix of the group after it (`/files/:name`: `/files/`).
    private static func knownStart(_ component: PatternParts) -> String {
        var start = ""
        for part in component.parts {
            guard part.modifier == .none else { break }
            if part.kind == .fixedText {
                start += part.value
                continue
            }
            start += part.prefix
            break
        }
        return start
    }

    /// Why no URL can match the pattern, or nil as far as can be told: a special scheme's URL
    /// (http, https, ws, wss, ftp) always has a host and a pathname that starts with `/`.
    var cannotMatch: String? {
        guard let scheme = compiled[Component.protocol.rawValue].fixed.map({ String(decoding: $0, as: UTF8.self) }),
              scheme != "file", WebURL.specialSchemes[scheme] != nil else { return nil }
        if compiled[Component.hostname.rawValue].fixed?.isEmpty == true {
            return "cannot match: its hostname is empty, and a \(scheme) URL always has a host"
        }
        if let first = compiled[Component.pathname.rawValue].parts.parts.first ?? PatternParts.Part?.none,
           first.kind == .fixedText, first.modifier == .none, !first.value.hasPrefix("/") {
            return "cannot match: its pathname '\(pattern(.pathname))' does not start with '/', as a \(scheme) URL's pathname does"
        }
        if compiled[Component.pathname.rawValue].fixed?.isEmpty == true {
            return "cannot match: its pathname is empty, and a \(scheme) URL's pathname is at least '/'"
        }
        return nil
    }
}
