/// OpenAPI path templating (`/pets/{petId}`, `/files/{name}.{ext}`) compiled into a urn pattern
/// of `/` segments: a `{name}` that fills its segment is a placeholder, one that shares it with
/// text is part of a composite, and everything else is literal, whatever urn's own syntax would
/// make of it (`*`, `:`, `<`). The placeholders take any value: the template alone picks the
/// operation, and the parameter's schema only types the argument.
enum PathTemplate {
    /// Why a path is no template.
    struct Failure: Error {
        let reason: String
    }

    /// The pattern for `path` under `basePath` (the server's, without a trailing `/`).
    static func pattern(_ path: String, basePath: String, parser: PatternParser, pool: inout SegmentPool) throws(Failure) -> Pattern {
        let text = basePath + path
        let written = Array(text.utf8)
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
                    if names.contains(where: { written[$0].elementsEqual(written[name]) }) {
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
        ranges.reserveCapacity(parsed.segments.count)
        var start = written.first == UInt8(ascii: "/") ? 1 : 0
        for (index, byte) in written.enumerated() where index >= start && byte == UInt8(ascii: "/") {
            ranges.append(start..<index)
            start = index + 1
        }
        if start < written.count { ranges.append(start..<written.count) }
        guard ranges.count == parsed.segments.count else { return parsed }
        let segments = parsed.segments.map { segment -> Segment in
            if case let .placeholder(placeholder) = segment, Self.isRepeat(placeholder.nameBytes) { return .wildcard }
            return segment
        }
        return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: segments,
                       sourceRanges: ranges, slashSeparated: true)
    }

    /// What a repeated name is made unique with inside the compiled pattern: a byte no name
    /// written in a document holds.
    static let repeatMark: UInt8 = 0x01

    /// Whether a compiled placeholder's name is a repeated one's (see `repeatMark`).
    static func isRepeat(_ name: [UInt8]) -> Bool {
        name.contains(repeatMark)
    }
}
