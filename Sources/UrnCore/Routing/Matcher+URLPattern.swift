extension Matcher {
    /// The components of `link` as a URLPattern table reads them (`urlPatternComponents`), kept
    /// from the walk that chose the route when it read this link, so a link is parsed once.
    func urlPatternRead(_ link: Link, base: String?, _ pattern: URLPattern) -> [[UInt8]]? {
        if let last = lastURLPatternRead, last.text.elementsEqual(link.text), last.base == base { return last.components }
        let components = Self.urlPatternComponents(pattern, link, base: base)
        lastURLPatternRead = (Array(link.text), base, components)
        return components
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

    /// The arguments of a URLPattern route: its groups, undecoded, component by component in
    /// URL order, a group of a later component replacing one of the same name (the pathname's
    /// `0` wins over the hostname's); a component that is the wildcard `*` alone (every
    /// component a constructor string leaves open) gives none. A group that took no part is
    /// JSON `null`. Then the query's parameters with `--merge-query`, and the defaults.
    func urlPatternArguments(_ route: Route, _ pattern: URLPattern, _ link: Link, base: String?) throws(Regex.MatchError) -> Arguments {
        var args = ArgumentList(reusing: &argumentBuffer)
        if let components = urlPatternRead(link, base: base, pattern), let results = try pattern.match(components) {
            for (component, result) in zip(URLPattern.Component.allCases, results) where pattern.tested.contains(component) {
                for group in result.groups {
                    args.set(group.name.utf8, group.value.map { .string(ArraySlice($0.utf8)) } ?? .json(Array("null".utf8)))
                }
            }
        }
        if options.mergeQuery { addQueryParameters(of: link, to: &args) }
        for (key, value) in route.defaults { args.add(key.utf8, value) }
        return args.finish(into: &argumentBuffer)
    }
}
