@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as a URLPattern and links: the first line is a constructor string (read also
    /// as a pathname pattern), the other lines links matched against it with and without a base.
    /// Nothing may crash; a pattern made again from its own component pattern strings writes
    /// the same strings (but the port); a link the WHATWG URL parser reads is read again, from its `href`, to
    /// the same URL; a link read from its bytes (`PlainWebURL`) has the parser's texts; and a
    /// urlpattern table of the pattern and a few others routes each link to the route that
    /// trying each route's `exec()` in turn gives (the trie, the plain reading, the memo).
    public static func urlPattern(_ input: [UInt8]) {
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard let first = lines.first else { return }
        var patterns: [URLPattern] = []
        if let pattern = try? URLPattern(first, baseURL: "https://example.com/base/") { patterns.append(pattern) }
        var pathname = URLPatternInit()
        pathname[.pathname] = first
        if let pattern = try? URLPattern(pathname, ignoreCase: true) { patterns.append(pattern) }
        for pattern in patterns {
            var again = URLPatternInit()
            for component in URLPattern.Component.allCases { again[component] = pattern.pattern(component) }
            // a dictionary's protocol loses one trailing `:`, its search one leading `?`, its hash one leading `#`
            if let text = again[.protocol], text.hasSuffix(":") { again[.protocol] = text + ":" }
            if let text = again[.search], text.hasPrefix("?") { again[.search] = "?" + text }
            if let text = again[.hash], text.hasPrefix("#") { again[.hash] = "#" + text }
            guard let remade = try? URLPattern(again) else {
                fatalError("a pattern's own strings do not make a pattern: \(again.components)")
            }
            // (a port is left out: made again beside a special protocol, its default port is dropped)
            for component in URLPattern.Component.allCases where component != .port && remade.pattern(component) != pattern.pattern(component) {
                fatalError("\(component): \(pattern.pattern(component)) is written again as \(remade.pattern(component))")
            }
        }
        let base = "https://example.com/base/"
        var parser = PatternParser(dialect: .urlpattern)
        parser.baseURL = base
        var routes: [Route] = []
        var tried: [URLPattern] = []
        for (line, text) in [first, "/base/:x", "https://example.com/:a/:b", "https://*.example.com/*", "/base/:x/:y?"].enumerated() {
            guard let made = try? parser.parse(text), let pattern = made.urlPattern else { continue }
            routes.append(Route(pattern: made, target: nil, table: "t", line: line + 1))
            tried.append(pattern)
        }
        var table = RouteTable(name: "t", dialect: .urlpattern, scheme: nil, delimiter: ":", routes: routes)
        table.baseURL = base
        let matcher = Matcher(tables: [table])
        let linkParser = LinkParser(readingFor: [table])
        for link in lines.dropFirst() {
            for pattern in patterns {
                _ = try? pattern.exec(link)
                _ = try? pattern.exec(link, baseURL: "https://example.com/base/")
            }
            let url = WebURL(link)
            if let url {
                guard let again = WebURL(url.href), again == url else { fatalError("\(link): \(url.href) is read again otherwise") }
            }
            let bytes = Array(link.utf8)
            if let parts = bytes.withUnsafeBufferPointer(PlainWebURL.parts) {
                let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
                let plain = [text(parts.scheme), "", "", text(parts.host), "", parts.path.isEmpty ? "/" : text(parts.path),
                             text(parts.query), text(parts.fragment)]
                guard plain == url.map(URLPattern.texts(of:)) else { fatalError("\(link): read from its bytes as \(plain)") }
            }
            guard let parsed = try? linkParser.parse(bytes) else { continue }
            // (a regex past its limits throws: nothing to compare)
            let routed: Match?
            do { routed = try matcher.firstMatch(parsed) } catch { continue }
            let first = tried.firstIndex { (try? $0.exec(link, baseURL: base)) != nil }
            guard routed?.route.line == first.map({ routes[$0].line }) else {
                fatalError("\(link): the table routes to \(routed.map { String($0.route.line) } ?? "none"), exec() in turn to \(first.map(String.init) ?? "none")")
            }
        }
    }
}
