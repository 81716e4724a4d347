extension Matcher {
    /// Reads `link` against `base` as a URLPattern's `exec()` reads it into
    /// `urlPattern.input`, unless that holds it already (`urlPattern.reading`); false when the
    /// WHATWG URL parser reads no URL.
    func readURLPatternInput(_ link: Link, base: String?, domainToASCII: (@Sendable (String) -> String?)?) -> Bool {
        if let reading = urlPattern.reading, reading.base == base { return reading.isURL }
        urlPattern.segmentsRead = false
        let isURL = urlPattern.input.read(link.text, baseURL: base, domainToASCII: domainToASCII)
        urlPattern.reading = (base, isURL)
        return isURL
    }

    /// Adds to `ranked` the routes of a urlpattern table that take `link`: those the trie finds
    /// by the pathname's segments, their other components tested, then the others, each
    /// pattern's components tested (`URLPatternIndex`). With `limit`, the link is its prefix of
    /// `limit` pathname segments, without query and fragment (`urlPatternPrefix`).
    func collectURLPatterns(_ link: Link, _ index: URLPatternIndex, in table: CompiledTable, mode: ComponentMode,
                            limit: Int?) throws(Regex.MatchError) {
        // an earlier urlpattern table of this call read a URL from the link (against its own base)
        let readBefore = urlPattern.reading?.isURL == true
        guard readURLPatternInput(link, base: table.table.baseURL, domainToASCII: index.domainToASCII) else {
            if !readBefore { unreadableURL = UnreadableURL(link.text, baseURL: table.table.baseURL) }
            return
        }
        if unreadableURL != nil { unreadableURL = nil }
        let pathname = urlPattern.input.ranges[URLPattern.Component.pathname.rawValue]
        urlPattern.found.removeAll(keepingCapacity: true)
        if urlPattern.input.bytes[pathname].first == UInt8(ascii: "/") {
            urlPattern.segments.removeAll()
            urlPattern.segments.appendSlashSeparated(urlPattern.input.bytes, (pathname.lowerBound + 1)..<pathname.upperBound, raw: true)
            urlPattern.segmentsRead = true
            if let limit {
                guard limit < urlPattern.segments.count else { return }
                urlPattern.segments.truncate(to: limit)
            }
            try index.trie.search(&urlPattern.segments, into: &urlPattern.found)
        } else if limit != nil {
            return  // an opaque pathname has no segments to cut
        }
        try urlPattern.input.withTexts { (whole) throws(Regex.MatchError) in
            let texts = limit == nil ? whole : urlPatternPrefix(whole)
            try index.patterns.withUnsafeBufferPointer { (patterns) throws(Regex.MatchError) in
                if urlPattern.rests.count < index.restCount { urlPattern.rests = [UInt8](repeating: 0, count: index.restCount) }
                for rest in 0..<index.restCount { urlPattern.rests[rest] = 0 }
                for id in urlPattern.found where method.map({ HTTPMethod.accepts(table.routes[id].methods, $0) }) ?? true {
                    let rest = index.restOf[id]
                    if rest < 0 {
                        if try patterns[id].matches(texts, pathnameTaken: true) { ranked.append((id, mode)) }
                        continue
                    }
                    // a rest already tested for this link answers for every route that shares it
                    if urlPattern.rests[rest] == 0 { urlPattern.rests[rest] = try patterns[id].matches(texts, pathnameTaken: true) ? 1 : 2 }
                    if urlPattern.rests[rest] == 1 { ranked.append((id, mode)) }
                }
                for id in index.others where method.map({ HTTPMethod.accepts(table.routes[id].methods, $0) }) ?? true {
                    if try patterns[id].matches(texts) { ranked.append((id, mode)) }
                }
            }
        }
    }

    /// The number of `/`-separated segments of the link's pathname as a urlpattern table reads
    /// it (0 for no URL or an opaque pathname): the lengths of its prefixes (urnstack).
    func urlPatternSegmentCount(_ link: Link, _ index: URLPatternIndex, in table: CompiledTable) -> Int {
        guard readURLPatternInput(link, base: table.table.baseURL, domainToASCII: index.domainToASCII) else { return 0 }
        let pathname = urlPattern.input[.pathname]
        guard pathname.first == UInt8(ascii: "/") else { return 0 }
        return pathname.count { $0 == UInt8(ascii: "/") }
    }

    /// `texts` cut to the prefix `urlPattern.segments` shows (the first segments of the
    /// pathname), with no query and no fragment: a parent screen's link.
    func urlPatternPrefix(_ texts: URLPatternInput.Texts) -> URLPatternInput.Texts {
        let pathname = texts.ranges[URLPattern.Component.pathname.rawValue]
        var end = pathname.lowerBound
        for index in 0..<urlPattern.segments.count { end += 1 + urlPattern.segments[index].count }
        var ranges = texts.ranges
        ranges[URLPattern.Component.pathname.rawValue] = pathname.lowerBound..<end
        ranges[URLPattern.Component.search.rawValue] = end..<end
        ranges[URLPattern.Component.hash.rawValue] = end..<end
        return URLPatternInput.Texts(bytes: texts.bytes, ranges: ranges)
    }

    /// Why a URLPattern route does not take `link`: no URL, or the first component its pattern
    /// refuses (nearer the later that component comes in the URL), or its method.
    func urlPatternExplanation(_ route: Route, _ pattern: URLPattern, _ link: Link, method: String?,
                               base: String?) throws(Regex.MatchError) -> Explanation {
        let reason: String
        var distance = 0
        switch try pattern.mismatch(String(decoding: link.text, as: UTF8.self), baseURL: base) {
        case .noURL:
            reason = "the WHATWG URL parser reads no URL from the link" + (base == nil ? " (a relative link needs --base or @base)" : "")
            distance = 100
        case let .component(component, text):
            reason = "the \(component) '\(text)' does not match '\(pattern.pattern(component))'"
            distance = 1 + URLPattern.Component.allCases.count - component.rawValue
        case .none:
            reason = method.map { !HTTPMethod.accepts(route.methods, $0) } == true ? Self.methodRefusal(route, method!)
                : "matches, but an earlier route takes the link"
        }
        return Explanation(route: route, reason: reason, leadingLiterals: 0, distance: distance, caseDifferences: 0)
    }

    /// JSON `null`, the value of a group that took no part.
    private static let null = Array("null".utf8)

    /// The arguments of a URLPattern route: its groups, undecoded, component by component in
    /// URL order, a group of a later component replacing one of the same name (the pathname's
    /// `0` wins over the hostname's); a component that is the wildcard `*` alone (every
    /// component a constructor string leaves open) gives none. A group that took no part is
    /// JSON `null`. Then the query's parameters with `--merge-query`, and the defaults.
    func urlPatternArguments(_ route: Route, _ id: Int, _ index: URLPatternIndex, _ link: Link, base: String?,
                             limit: Int?) throws(Regex.MatchError) -> Arguments {
        var args = ArgumentList(reusing: &argumentBuffer)
        let read = readURLPatternInput(link, base: base, domainToASCII: index.domainToASCII)
        let fromSegments = read && urlPattern.segmentsRead && index.patterns.withUnsafeBufferPointer { patterns in
            guard let segments = patterns[id].groupSegmentsAlone else { return false }
            // groups in the pathname alone, each a whole segment the trie's walk split off:
            // names distinct, so each is new to the list
            let names = patterns[id].pathnameGroupNames
            urlPattern.segments.withUnsafeParts { bytes, ranges in
                for (group, segment) in segments.enumerated() {
                    names[group].withUnsafeBufferPointer { name in
                        args.addNew(name: name, string: UnsafeBufferPointer(rebasing: bytes[ranges[segment]]), plainName: false, plainValue: false)
                    }
                }
            }
            return true
        }
        if read, !fromSegments {
            _ = try urlPattern.input.withTexts { (whole) throws(Regex.MatchError) in
                let texts = limit == nil ? whole : urlPatternPrefix(whole)
                return try index.patterns.withUnsafeBufferPointer { (patterns) throws(Regex.MatchError) in
                    try patterns[id].forEachGroup(in: texts) { name, value in
                        name.withUnsafeBufferPointer { name in
                            if let value {
                                args.set(name: name, string: value, plainName: false)
                            } else {
                                args.set(name, .json(Self.null))
                            }
                        }
                    }
                }
            }
        }
        if options.mergeQuery { addQueryParameters(of: link, to: &args) }
        for (key, value) in route.defaults { args.add(key.utf8, value) }
        return args.finish(into: &argumentBuffer)
    }
}

/// What the urlpattern tables of a matcher read of the link of one call, kept for the rest of
/// the call (the walk that chooses the route, then the winner's arguments) and its storage kept
/// from link to link.
struct URLPatternScratch {
    /// The link's component texts as a urlpattern table reads it (`readURLPatternInput`).
    var input = URLPatternInput()
    /// The base `input` was read against and whether it is a URL; nil until a table of this call
    /// reads the link.
    var reading: (base: String?, isURL: Bool)?
    /// The segments of that link's pathname, and whether they are that link's.
    var segments = Components()
    var segmentsRead = false
    /// The routes a urlpattern table's trie found by those segments.
    var found: [Int] = []
    /// What the link's components other than the pathname gave each shared rest of the table
    /// (`URLPatternIndex.restOf`): 0 untested, 1 taken, 2 refused.
    var rests: [UInt8] = []
}
