/// Why a route did not take a link, for `--explain`.
public struct Explanation: Sendable {
    /// The route.
    public let route: Route
    /// The first reason it failed, lower case.
    public let reason: String
    /// How many leading segments matched before it failed (the nearness).
    let matchedSegments: Int
    /// How far its segment count is from the link's.
    let countDistance: Int

    /// Writes `{"pattern","target","table","line","reason"}`.
    public func write(into json: inout JSONWriter) {
        json.beginObject()
        route.writePatternAndTarget(into: &json)
        route.writeOrigin(into: &json)
        json.key("reason")
        json.string(reason)
        json.endObject()
    }
}

extension Matcher {
    /// The routes nearest to taking `link` (at most `limit`), each with the first reason it failed.
    /// Meant for links that matched nothing; it visits every route.
    public func explain(_ link: Link, limit: Int = 3) throws(Regex.MatchError) -> [Explanation] {
        var all: [(Explanation, Int)] = []
        for table in compiled {
            let dialect = table.dialect
            if dialect == .compass, Components.isCompassURL(link) {
                let name = Components.compassName(link, cut: CompiledTable.compassCut(table.table))
                if link.text[name].contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                    let host = String(decoding: link.text[name].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }, as: UTF8.self)
                    for route in table.routes.prefix(limit) {
                        all.append((Explanation(route: route, reason: "Compass host mode (the link has '?' or '#'): the route must be named '\(host)'",
                                                matchedSegments: 0, countDistance: 0), all.count))
                    }
                    continue
                }
            }
            for partition in table.partitions {
                readComponents(link, mode: partition.mode, delimiter: table.delimiter)
                for id in partition.routes {
                    let route = table.routes[id]
                    all.append((try explanation(route, link, dialect: dialect, allowsEmpty: dialect.allowsEmptyValues), all.count))
                }
            }
        }
        all.sort { a, b in
            if a.0.matchedSegments != b.0.matchedSegments { return a.0.matchedSegments > b.0.matchedSegments }
            if a.0.countDistance != b.0.countDistance { return a.0.countDistance < b.0.countDistance }
            return a.1 < b.1
        }
        return all.prefix(limit).map(\.0)
    }

    private func explanation(_ route: Route, _ link: Link, dialect: Dialect, allowsEmpty: Bool) throws(Regex.MatchError) -> Explanation {
        let segments = route.pattern.segments
        let count = components.count
        let distance = abs(segments.count - count)
        func result(_ reason: String, _ matched: Int) -> Explanation {
            Explanation(route: route, reason: reason, matchedSegments: matched, countDistance: distance)
        }
        if !constraintsHold(route, link, dialect) {
            let wanted = route.pattern.schemeAsWritten.map { String(decoding: $0, as: UTF8.self) } ?? "none"
            let host = route.pattern.host.map { " and host '\(String(decoding: $0, as: UTF8.self))'" } ?? ""
            return result("the route wants scheme '\(wanted)'\(host)", 0)
        }
        for (index, segment) in segments.enumerated() {
            let human = index + 1
            if case .catchAll = segment {
                return index < count ? result("matches (a catch-all)", index)
                    : result("segment count: the route wants at least \(segments.count) segments, the link has \(count)", index)
            }
            guard index < count else {
                return result("segment count: the route has \(segments.count) segments, the link has \(count)", index)
            }
            let component = components[index]
            let shown = String(decoding: component, as: UTF8.self)
            switch segment {
            case let .literal(text):
                let equal = options.caseInsensitive
                    ? component.lazy.map(ByteClass.lowercased).elementsEqual(text.lazy.map(ByteClass.lowercased))
                    : component.elementsEqual(text)
                if !equal {
                    return result("literal at segment \(human): '\(shown)' is not '\(String(decoding: text, as: UTF8.self))'", index)
                }
            case let .placeholder(placeholder):
                if component.isEmpty && !allowsEmpty {
                    return result("placeholder '\(placeholder.name)' at segment \(human) is empty", index)
                }
                if try placeholder.type.value(component, singlePrecision: dialect == .navigator) == nil {
                    return result("type of placeholder '\(placeholder.name)' at segment \(human): '\(shown)' is not \(Self.describe(placeholder.type))", index)
                }
            case let .composite(composite):
                if try !component.withUnsafeBufferPointer({ (b) throws(Regex.MatchError) -> Bool in try composite.regex.matches(b) }) {
                    return result("segment \(human): '\(shown)' does not fit '\(composite.source)'", index)
                }
            case .wildcard:
                if component.isEmpty { return result("wildcard at segment \(human) is empty", index) }
            case .catchAll:
                break
            }
        }
        if count > segments.count {
            return result("segment count: the route has \(segments.count) segments, the link has \(count)", segments.count)
        }
        return result("matches, but a route of higher precedence takes the link", segments.count)
    }

    private static func describe(_ type: ValueType) -> String {
        switch type {
        case .string: return "a string"
        case .int: return "an int"
        case .float: return "a float"
        case .uuid: return "a UUID"
        case let .regex(regex): return "/\(regex.source)/"
        }
    }
}
