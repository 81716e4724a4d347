/// Express 4 route paths, read as path-to-regexp 0.1.12 (`index.js` at tag v0.1.12, the version
/// Express 4.22 depends on) reads them: the path becomes one case-insensitive regex over the raw
/// pathname, with a lenient trailing `/`, searched as `RegExp#exec` searches (the anchors are
/// text: with a top-level `|` only the first alternative must start at the start, index.js:146-155).
/// `:name` takes `[^/]+?`; `:name?` is optional with its
/// `/`; `:name(RE)` takes RE; `:name*` adds a group for the rest; `.:name` is a format; `*` is
/// `(.*)`; other characters keep their regex meaning (`ab?c`, `a(b)?c`, `a+`). Parameter names
/// are `\w+`; groups without one are named 0, 1, … in order (index.js:131–144).
///
/// A path of whole segments only (`/topic/:id/:slug?`: ASCII literals, `:name`, `:name?`) is
/// compiled into segments too, so the segment trie serves it; the regex serves the rest.
enum ExpressSyntax {
    /// The pattern of `text`.
    static func pattern(_ text: String) throws(PatternError) -> Pattern {
        if let simple = wholeSegments(text) { return simple }
        let (source, keys) = translated(Array(text.utf8))
        do {
            let regex = try Regex(source, caseInsensitive: true, anchoring: .source)
            return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: [], sourceRanges: [],
                           slashSeparated: true, express: ExpressRegex(regex: regex, keys: keys))
        } catch {
            throw PatternError("invalid Express path (regex /\(source)/): \(error.message)", at: 0)
        }
    }

    /// The segments of a path made of whole segments only, or nil. Each `:name?` may be left
    /// out with its `/`; a trailing `/` is dropped (Express's `strict` is off).
    static func wholeSegments(_ text: String) -> Pattern? {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return nil }
        var segments: [Segment] = []
        var ranges: [Range<Int>] = []
        var optional: [Int] = []
        var start = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            let part = bytes[start..<end]
            if part.isEmpty {
                // only a trailing `/` (or the root) may be empty
                guard end == bytes.count else { return nil }
                break
            }
            if part.first == UInt8(ascii: ":") {
                var name = part.dropFirst()
                let isOptional = name.last == UInt8(ascii: "?")
                if isOptional { name = name.dropLast() }
                guard !name.isEmpty, name.allSatisfy(isWordByte) else { return nil }
                if isOptional { optional.append(segments.count) }
                segments.append(.placeholder(Placeholder(name: String(decoding: name, as: UTF8.self), type: .string)))
            } else {
                guard part.allSatisfy(isPlainLiteralByte) else { return nil }
                segments.append(.literal(Array(part)))
            }
            ranges.append(start..<end)
            start = end + 1
        }
        return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: segments, sourceRanges: ranges,
                       slashSeparated: true, optionalSegments: optional)
    }

    /// JavaScript's `\w`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, [.alpha, .digit]) || byte == UInt8(ascii: "_")
    }

    /// A byte that means itself in a path-to-regexp path and in a path segment: letters, digits
    /// and `- . _ ~ ! & ' , ; = @` (no `:`, no regex syntax, no `%`).
    private static func isPlainLiteralByte(_ byte: UInt8) -> Bool {
        ByteClass.test(byte, [.alpha, .digit]) || "-._~!&',;=@".utf8.contains(byte)
    }

    /// The regex source and keys path-to-regexp 0.1.12 makes of `path` (index.js:72–155),
    /// written anew for urn: the same tokens, the same replacements, the same `backtrack`
    /// guard against runaway backtracking in `:a-:b`.
    static func translated(_ path: [UInt8]) -> (source: String, keys: [ExpressRegex.Key]) {
        var out: [UInt8] = []
        var keys: [(key: ExpressRegex.Key, at: Int)] = []
        var backtrack: [UInt8] = []
        var pos = 0  // where the text after the last token starts, as index.js keeps it
        var i = 0
        while i < path.count {
            let byte = path[i]
            if byte == UInt8(ascii: "\\"), i + 1 < path.count {
                // an escape stays as it is, and index.js advances `pos` by its length only
                backtrack += path[i...(i + 1)]
                pos += 2
                out += path[i...(i + 1)]
                i += 2
                continue
            }
            if let param = parameter(path, at: i) {
                if param.slash || param.format {
                    backtrack = []
                } else if pos < i {
                    backtrack += path[pos..<i]
                }
                pos = param.end
                let format: [UInt8] = param.format ? Array("\\.".utf8) : []
                let capture: [UInt8]
                if let custom = param.capture {
                    capture = replacingFirstStar(custom)
                } else if !backtrack.isEmpty {
                    capture = Array("((?:(?!/|".utf8) + backtrack + Array(").)+?)".utf8)
                } else {
                    capture = Array("([^/".utf8) + format + Array("]+?)".utf8)
                }
                keys.append((ExpressRegex.Key(name: param.name, optional: param.optional), out.count))
                out += Array("(?:".utf8) + format + (param.slash ? [UInt8(ascii: "/")] : []) + capture
                if param.star { out += Array("((?:[/".utf8) + format + Array("].+?)?)".utf8) }
                out.append(UInt8(ascii: ")"))
                if param.optional { out.append(UInt8(ascii: "?")) }
                i = param.end
                continue
            }
            if byte == UInt8(ascii: ".") {
                backtrack += Array("\\.".utf8)
                pos += 1
                out += Array("\\.".utf8)
                i += 1
                continue
            }
            if byte == UInt8(ascii: "*") || (byte == UInt8(ascii: "/") && i + 1 < path.count && path[i + 1] == UInt8(ascii: "(")) {
                if pos < i { backtrack += path[pos..<i] }
                if byte == UInt8(ascii: "*") {
                    pos = i + 1
                    out += Array("(.*)".utf8)
                    i += 1
                } else {
                    pos = i + 2
                    backtrack.append(UInt8(ascii: "/"))
                    out += Array("/(?:".utf8)
                    i += 2
                }
                continue
            }
            out.append(byte)
            i += 1
        }
        // groups that no named key owns get the names 0, 1, … (index.js:131–144)
        var named = keys
        var unnamed = 0
        var k = 0
        for group in captureGroups(out) {
            if k == named.count || named[k].at > group {
                named.insert((ExpressRegex.Key(name: String(unnamed), optional: false), group), at: k)
                unnamed += 1
            }
            k += 1
        }
        out += out.last == UInt8(ascii: "/") ? Array("?".utf8) : Array("/?".utf8)
        return ("^" + String(decoding: out, as: UTF8.self) + "$", named.map(\.key))
    }

    /// A `(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?` token at `i`.
    private static func parameter(_ path: [UInt8], at start: Int) -> (slash: Bool, format: Bool, name: String, capture: ArraySlice<UInt8>?,
                                                                      star: Bool, optional: Bool, end: Int)? {
        var i = start
        let slash = i < path.count && path[i] == UInt8(ascii: "/")
        if slash { i += 1 }
        let format = i < path.count && path[i] == UInt8(ascii: ".")
        if format { i += 1 }
        guard i < path.count, path[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        let nameStart = i
        while i < path.count, isWordByte(path[i]) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: path[nameStart..<i], as: UTF8.self)
        var capture: ArraySlice<UInt8>?
        if i < path.count, path[i] == UInt8(ascii: "("),
           let close = path[(i + 1)...].firstIndex(where: { $0 == UInt8(ascii: ")") || $0 == 0x0A || $0 == 0x0D }),
           path[close] == UInt8(ascii: ")") {
            capture = path[i...close]
            i = close + 1
        }
        let star = i < path.count && path[i] == UInt8(ascii: "*")
        if star { i += 1 }
        let optional = i < path.count && path[i] == UInt8(ascii: "?")
        if optional { i += 1 }
        return (slash, format, name, capture, star, optional, i)
    }

    /// A custom capture with its first `*` made `(.*)`, unless an escape comes first
    /// (`capture.replace(/\\.|\*/, …)`, which replaces one match only).
    private static func replacingFirstStar(_ capture: ArraySlice<UInt8>) -> [UInt8] {
        var i = capture.startIndex
        while i < capture.endIndex {
            if capture[i] == UInt8(ascii: "\\"), i + 1 < capture.endIndex { return Array(capture) }
            if capture[i] == UInt8(ascii: "*") { return Array(capture[..<i]) + Array("(.*)".utf8) + Array(capture[(i + 1)...]) }
            i += 1
        }
        return Array(capture)
    }

    /// Where each capturing group of `source` opens: a `(` that is not escaped and not followed
    /// by `?`, or that opens a named group `(?<name>` (index.js:10).
    private static func captureGroups(_ source: [UInt8]) -> [Int] {
        var groups: [Int] = []
        var i = 0
        while i < source.count {
            if source[i] == UInt8(ascii: "\\") { i += 2; continue }
            if source[i] == UInt8(ascii: "(") {
                let next = i + 1 < source.count ? source[i + 1] : 0
                if next != UInt8(ascii: "?") {
                    groups.append(i)
                } else if i + 2 < source.count, source[i + 2] == UInt8(ascii: "<"),
                          let close = source[(i + 3)...].firstIndex(of: UInt8(ascii: ">")),
                          close + 1 >= source.count || source[close + 1] != UInt8(ascii: "?") {
                    groups.append(i)
                }
            }
            i += 1
        }
        return groups
    }
}

/// An Express path that needs its regex: the compiled regex and the name of each group.
package struct ExpressRegex: Sendable {
    /// A key: the parameter a capturing group fills.
    package struct Key: Sendable, Equatable {
        /// The name (`id`), or `0`, `1`, … for a group without one.
        package let name: String
        /// `:name?`.
        package let optional: Bool
    }

    /// The regex over the raw pathname.
    package let regex: Regex
    /// The keys, group 1 first.
    package let keys: [Key]
}
