/// Why a route did not take a link, for `--explain`.
@_spi(Records) public struct Explanation: Sendable {
    /// The route.
    @_spi(Records) public let route: Route
    /// The first reason it failed, lower case.
    @_spi(Records) public let reason: String
    /// How many literal segments match from the start before anything else fails (a
    /// difference of case only does not stop the count).
    let leadingLiterals: Int
    /// How far the link is from one the route takes, in hundredths of a segment: each literal
    /// (and a scheme or host) its edit distance from the component, letter case ignored,
    /// over the longer length; a missing or extra segment, or a refused value, 100.
    let distance: Int
    /// How many letters differ only in case (what `-i` forgives).
    let caseDifferences: Int

    /// Whether this route is nearer the link than `other`: more leading literals, then a
    /// smaller distance, then fewer case differences.
    func isNearer(than other: Explanation) -> Bool {
        if leadingLiterals != other.leadingLiterals { return leadingLiterals > other.leadingLiterals }
        if distance != other.distance { return distance < other.distance }
        return caseDifferences < other.caseDifferences
    }
}

extension Matcher {
    /// The routes nearest to taking `link` (at most `limit`), each with the first reason it failed.
    /// Meant for links that matched nothing; it visits every route. With `method`, a route
    /// whose methods do not take it says so.
    @_spi(Records) public func explain(_ link: Link, method: String? = nil, limit: Int = 3) throws(Regex.MatchError) -> [Explanation] {
        beginCall()
        var all: [(Explanation, Int)] = []
        for table in compiled {
            if table.isAppLinks {
                for explanation in try appLinkExplanations(link, in: table) { all.append((explanation, all.count)) }
                continue
            }
            let dialect = table.dialect
            if dialect.rules.hostMode, Components.isCompassURL(link) {
                let name = Components.compassName(link, cut: CompiledTable.compassCut(table.table))
                if link.text[name].contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                    let host = String(decoding: link.text[name].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }, as: UTF8.self)
                    for route in table.routes.prefix(limit) {
                        all.append((Explanation(route: route, reason: "Compass host mode (the link has '?' or '#'): the route must be named '\(host)'",
                                                leadingLiterals: 0, distance: 0, caseDifferences: 0), all.count))
                    }
                    continue
                }
            }
            for partition in table.partitions {
                readComponents(link, mode: partition.mode, delimiter: table.delimiter)
                for id in partition.routes {
                    let route = table.routes[id]
                    all.append((try explanation(route, link, method: method, dialect: dialect, rules: table.rules), all.count))
                }
            }
            for id in table.regexRoutes {
                let route = table.routes[id]
                if let pattern = route.pattern.urlPattern {
                    all.append((try urlPatternExplanation(route, pattern, link, method: method, base: table.table.baseURL), all.count))
                    continue
                }
                let matched = try route.pattern.express!.regex.matches(Self.pathname(link))
                let reason = !matched ? "the pathname does not match the route's regex /\(route.pattern.express!.regex.source)/"
                    : method.map { !HTTPMethod.accepts(route.methods, $0) } == true ? Self.methodRefusal(route, method!)
                    : "matches, but an earlier route takes the link"
                all.append((Explanation(route: route, reason: reason,
                                        leadingLiterals: leadingLiterals(of: route.pattern, in: link),
                                        distance: matched ? 0 : 100, caseDifferences: 0), all.count))
            }
        }
        all.sort { a, b in
            a.0.isNearer(than: b.0) || (!b.0.isNearer(than: a.0) && a.1 < b.1)
        }
        return all.prefix(limit).map(\.0)
    }

    /// How many of an Express path's leading plain segments (`/api/v3/topics` of
    /// `/api/v3/topics/:tid(\\d+)`) the link's pathname starts with, letter case ignored.
    private func leadingLiterals(of pattern: Pattern, in link: Link) -> Int {
        let pathname = Self.pathname(link)
        let linkParts = pathname.split(separator: UInt8(ascii: "/"))
        var count = 0
        for (part, linkPart) in zip(Array(pattern.text.utf8).split(separator: UInt8(ascii: "/")), linkParts) {
            guard part.allSatisfy({ ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
                  part.lazy.map(ByteClass.lowercased).elementsEqual(linkPart.lazy.map(ByteClass.lowercased)) else { break }
            count += 1
        }
        return count
    }

    /// Walks the whole route against the current components, adding up the distance and
    /// keeping the first reason it fails. Segments after a catch-all are compared with the last
    /// components; a URLNavigator `<path:p>` takes one component and later segments compare by
    /// position (URLMatcher.swift:115–128), so it is walked as a placeholder.
    private func explanation(_ route: Route, _ link: Link, method: String?, dialect: Dialect, rules: SegmentRules) throws(Regex.MatchError) -> Explanation {
        var walk = NearMiss()
        if let operation = route.operation {
            if let refusal = operation.origins.refusal(link) { walk.refused(refusal) }
        } else if !constraintsHold(route, link, dialect) {
            walk.schemeOrHost(route.pattern, link, dialect: dialect)
        }
        let count = components.count
        // an Express path with optional segments: the variant with as many segments as the link
        let segments = route.pattern.optionalSegments.isEmpty ? route.pattern.segments
            : route.pattern.variants.first { $0.count == count } ?? route.pattern.segments
        let openEnded = route.pattern.openEnded
        let catchAll = openEnded ? nil : segments.firstIndex(where: \.isCatchAll)
        let fixed = catchAll.map { segments.count - 1 - $0 } ?? 0  // segments after the catch-all
        for (index, segment) in segments.enumerated() {
            // the component segment `index` faces: after a catch-all, counted from the end
            var position = index
            if let catchAll, index >= catchAll {
                if index == catchAll {
                    if count - index < fixed + 1 {
                        walk.missing(1, "segment count: the route wants at least \(Self.segments(segments.count)), the link has \(count)")
                    }
                    continue
                }
                guard !segment.isCatchAll else { break }  // a second catch-all: the rest is taken
                position = count - (segments.count - index)
                guard position > catchAll else { continue }  // reported as missing above
            }
            let human = index + 1
            guard position < count else {
                walk.missing(1, "segment count: the route has \(Self.segments(segments.count)), the link has \(count)")
                continue
            }
            let component = components[position]
            if try rules.accepts(segment, component) {  // (an open-ended `<path:p>` takes any)
                walk.matched(segment)
                continue
            }
            let shown = String(decoding: component, as: UTF8.self)
            switch segment {
            case let .literal(text):
                walk.literal(text, component, "literal at segment \(human): '\(shown)'")
            case let .placeholder(placeholder):
                walk.refused(component.isEmpty
                    ? "placeholder '\(placeholder.name)' at segment \(human) is empty"
                    : "type of placeholder '\(placeholder.name)' at segment \(human): '\(shown)' is not \(Self.describe(placeholder.type))")
            case let .composite(composite):
                walk.refused("segment \(human): '\(shown)' does not fit '\(composite.source)'")
            case .wildcard, .catchAll:
                walk.refused("wildcard at segment \(human) is empty")
            }
        }
        if count > segments.count && catchAll == nil && !openEnded {
            walk.missing(count - segments.count, "segment count: the route has \(Self.segments(segments.count)), the link has \(count)")
        }
        if let method, !HTTPMethod.accepts(route.methods, method) {
            // the path may fit: a server answers 405, a near miss
            walk.refused(Self.methodRefusal(route, method))
        }
        return walk.explanation(route)
    }

    /// `n segments`, or `1 segment`.
    private static func segments(_ count: Int) -> String {
        count == 1 ? "1 segment" : "\(count) segments"
    }

    /// The reason a route whose path fits gives for a request of a method it does not take.
    static func methodRefusal(_ route: Route, _ method: String) -> String {
        "method: the route takes \(route.methods?.joined(separator: ", ") ?? ""), the request is \(method)"
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

/// The running tally of one route's walk over a link in `explain`.
private struct NearMiss {
    var reason: String?
    var leadingLiterals = 0
    var distance = 0
    var caseDifferences = 0
    /// Nothing but letter case has failed yet.
    var leading = true

    /// `segment` took its component.
    mutating func matched(_ segment: Segment) {
        if leading, case .literal = segment { leadingLiterals += 1 }
    }

    /// Something failed for `why`, `cost` hundredths of a segment away (0: case only).
    private mutating func fail(_ why: String, cost: Int) {
        if reason == nil { reason = why }
        distance += cost
        if cost > 0 { leading = false }
    }

    /// `count` segments the link lacks or has too many of.
    mutating func missing(_ count: Int, _ why: String) { fail(why, cost: 100 * count) }

    /// A placeholder, composite or wildcard refused its component.
    mutating func refused(_ why: String) { fail(why, cost: 100) }

    /// The literal `text` is not `component`; `shown` introduces the component.
    mutating func literal(_ text: [UInt8], _ component: ArraySlice<UInt8>, _ shown: String) {
        let wanted = String(decoding: text, as: UTF8.self)
        let cost = Self.cost(component, text)
        if cost == 0 {
            caseDifferences += EditDistance.caseDifferences(component, text)
            leadingLiterals += leading ? 1 : 0
            fail("\(shown) differs only in case from '\(wanted)'", cost: 0)
        } else {
            fail("\(shown) is not '\(wanted)'", cost: cost)
        }
    }

    /// The route's scheme or host (urn-patterns(7) DIALECTS) is not the link's.
    mutating func schemeOrHost(_ pattern: Pattern, _ link: Link, dialect: Dialect) {
        let text = link.text
        let linkScheme = link.scheme.map { text[$0] } ?? []
        let wanted = pattern.schemeAsWritten ?? []
        let schemeCost = Self.cost(linkScheme, wanted)
        if schemeCost == 0 && dialect.rules.schemeTest == .exact && !linkScheme.elementsEqual(wanted) {
            // URLNavigator compares schemes exactly (URLMatcher.swift:57)
            caseDifferences += EditDistance.caseDifferences(linkScheme, wanted)
            fail("scheme \(Self.quoted(linkScheme)) differs only in case from \(Self.quoted(wanted))", cost: 0)
        } else if schemeCost > 0 || wanted.isEmpty != linkScheme.isEmpty {
            let want = wanted.isEmpty ? "no scheme" : "scheme \(Self.quoted(wanted))"
            let have = linkScheme.isEmpty ? "the link has none" : "the link's is \(Self.quoted(linkScheme))"
            fail("the route wants \(want) (\(have))", cost: max(schemeCost, 100))
        }
        if let host = pattern.host {
            let linkHost = link.host.map { text[$0] } ?? []
            let cost = Self.cost(linkHost, host)
            if cost > 0 || link.host == nil {
                let have = link.host == nil ? "the link has none" : "the link's is \(Self.quoted(linkHost))"
                fail("the route wants host \(Self.quoted(host)) (\(have))", cost: max(cost, 1))
            }
        }
    }

    private static func quoted<C: Collection<UInt8>>(_ bytes: C) -> String {
        "'" + String(decoding: bytes, as: UTF8.self) + "'"
    }

    /// The edit distance of `a` from `b` in hundredths of the longer one (letter case ignored).
    private static func cost<A: Collection<UInt8>>(_ a: A, _ b: [UInt8]) -> Int {
        let longer = max(a.count, b.count)
        return longer == 0 ? 0 : (100 * EditDistance.caseless(a, b) + longer - 1) / longer
    }

    /// The explanation, once the whole route was walked.
    func explanation(_ route: Route) -> Explanation {
        var why = reason ?? "matches, but a route of higher precedence takes the link"
        if reason != nil && leading { why += "; -i would match" }
        return Explanation(route: route, reason: why, leadingLiterals: leadingLiterals, distance: distance,
                           caseDifferences: caseDifferences)
    }
}
