@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as a URLPattern and links: the first line is a constructor string (read also
    /// as a pathname pattern), the other lines links matched against it with and without a base.
    /// Nothing may crash; a pattern made again from its own component pattern strings writes
    /// the same strings (but the port); a link the WHATWG URL parser reads is read again, from its `href`, to
    /// the same URL.
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
        for link in lines.dropFirst() {
            if let url = WebURL(link) {
                guard let again = WebURL(url.href), again == url else { fatalError("\(link): \(url.href) is read again otherwise") }
            }
            for pattern in patterns {
                _ = try? pattern.exec(link)
                _ = try? pattern.exec(link, baseURL: "https://example.com/base/")
            }
        }
    }
}
