/// OpenAPI path templating (`/pets/{petId}`, `/files/{name}.{ext}`) compiled into a urn pattern
/// of `/` segments: a `{name}` that fills its segment is a placeholder, one that shares it with
/// text is part of a composite, and everything else is literal, whatever urn's own syntax would
/// make of it (`*`, `:`, `<`). The placeholders take any value, the empty one included (a
/// template expression is `[^/]*` to openapi-core, and `Matcher+OpenAPI` refuses an empty value
/// as its parameter's): the template alone picks the operation, and the parameter's schema only
/// types the argument. The path is the text after the server's base path, as written: a trailing
/// `/` is a segment of its own (OpenAPI 3.1.0 §4.8.8.1: the path is appended to the server's URL).
enum PathTemplate {
    /// Why a path is no template.
    struct Failure: Error {
        let reason: String
    }

    /// The pattern for `path` under `basePath` (the server's: `/v1`, `/v1/` when its URL ends in
    /// `/`, or empty). A `{name}` in the base path is a server variable that takes any value
    /// (`ServerURL`): it matches as a template expression does but gives no argument.
    static func pattern(_ path: String, basePath: String, parser: PatternParser, pool: inout SegmentPool) throws(Failure) -> Pattern {
        let text = basePath + path
        let written = Array(text.utf8)
        let baseEnd = basePath.utf8.count
        var escaped: [UInt8] = []
        escaped.reserveCapacity(written.count + 8)
        var inName = false
        var nameStart = 0
        // the names so far (a path has a few: a list is cheaper than a set)
        var names: [Range<Int>] = []
        // a name written again (`/accounts/{id}/…/accounts/{id}`) takes any value there: its
        // argument is the first one's
        var repeats = 0
        for (offset, byte) in written.enumerated() {
            if inName {
                switch byte {
                case UInt8(ascii: "}"):
                    guard offset > nameStart else { throw Failure(reason: "empty template expression '{}'") }
                    inName = false
                    let name = nameStart..<offset
                    // a server variable, or a name written again, is made unique and no argument
                    if nameStart <= baseEnd || names.contains(where: { written[$0].elementsEqual(written[name]) }) {
                        escaped.append(Self.repeatMark)
                        escaped.append(contentsOf: String(repeats).utf8)
                        repeats += 1
                    } else {
                        names.append(name)
                    }
                case UInt8(ascii: "{"):
                    throw Failure(reason: "'{' inside a template expression")
                case UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "\\"):
                    throw Failure(reason: "a template expression's name may not hold '\(Character(Unicode.Scalar(byte)))'")
                default:
                    break
                }
            } else {
                switch byte {
                case UInt8(ascii: "{"):
                    inName = true
                    nameStart = offset + 1
                case UInt8(ascii: "}"):
                    throw Failure(reason: "unbalanced '}'")
                case UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "*"), UInt8(ascii: ":"):
                    // literal in a path, syntax in a urn pattern
                    escaped.append(UInt8(ascii: "\\"))
                default:
                    break
                }
            }
            escaped.append(byte)
        }
        guard !inName else { throw Failure(reason: "unbalanced '{'") }
        let parsed: Pattern
        do throws(PatternError) {
            parsed = try parser.parse(String(decoding: escaped, as: UTF8.self), pool: &pool)
        } catch {
            throw Failure(reason: error.reason)
        }
        // the route shows the path as written: its segments' places are found in it again
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(parsed.segments.count + 1)
        var start = written.first == UInt8(ascii: "/") ? 1 : 0
        for (index, byte) in written.enumerated() where index >= start && byte == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        ranges.append(start..<written.count)
        var segments = try parsed.segments.map { (segment) throws(Failure) -> Segment in
            switch segment {
            case let .placeholder(placeholder) where Self.isRepeat(placeholder.nameBytes): return .wildcard
            case let .composite(composite): return .composite(try Self.greedy(composite, parser: parser))
            default: return segment
            }
        }
        // urn's syntax ignores a trailing `/`, which is a segment here: an empty one
        if segments.count + 1 == ranges.count, ranges.last!.isEmpty { segments.append(.literal([])) }
        guard ranges.count == segments.count else { return parsed }
        return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: segments,
                       sourceRanges: ranges, slashSeparated: true)
    }

    /// `composite` with each expression taking as much as it can and the empty value too, as
    /// openapi-core's `[^/]*` does (templating/paths/parsers.py): `{name}.{ext}` reads `a.b.json`
    /// as `a.b` and `json`. The specification says nothing of how a segment splits.
    private static func greedy(_ composite: Composite, parser: PatternParser) throws(Failure) -> Composite {
        var expression = ""
        for part in composite.parts {
            switch part {
            case let .literal(text): expression += PatternParser.regexQuoted(text)
            case .placeholder: expression += "([\\s\\S]*)"
            }
        }
        do throws(Regex.CompileError) {
            let regex = try Regex(expression, caseInsensitive: parser.caseInsensitive)
            return Composite(parts: composite.parts, placeholders: composite.placeholders, regex: regex,
                             groups: Array(composite.placeholders.indices), source: composite.source)
        } catch {
            throw Failure(reason: "invalid segment: \(error.message)")
        }
    }

    /// What a repeated name or a server variable is made unique with inside the compiled
    /// pattern: a byte no name written in a document holds.
    static let repeatMark: UInt8 = 0x01

    /// Whether a compiled placeholder's name is a repeated one's or a server variable's (see
    /// `repeatMark`): it gives no argument.
    static func isRepeat(_ name: [UInt8]) -> Bool {
        name.contains(repeatMark)
    }
}
