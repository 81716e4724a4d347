extension Matcher {
    /// Compass's host mode (Navigator.swift:59–74): the URL's host names the route, which the
    /// app's `Router.routes` looks up exactly (Router.swift:45); the arguments are the query
    /// items (decoded by URLComponents, an item without `=` removing its name), replaced wholesale
    /// by the fragment's `&`/`;`-separated `k=v` pairs (String+Extensions.swift:17–33) when there
    /// is a fragment; `Location` then decodes every value once more (Location.swift:19–22).
    func compassHostMode(_ link: Link, name: Range<Int>, in table: CompiledTable) -> Match? {
        let text = link.text
        // `url.host` is nil for an empty authority, and CFURL gives it percent-decoded (Navigator.swift:60)
        guard let authority = link.reference.authority, !authority.isEmpty else { return nil }
        var host = text[authority]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        var port: ArraySlice<UInt8> = []
        if host.first == UInt8(ascii: "[") {
            if let close = host.firstIndex(of: UInt8(ascii: "]")) { host = host[...close] }
        } else if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
            port = host[(colon + 1)...]
            host = host[..<colon]
        }
        let hostText = PercentCoding.removingPercentEncoding(host).map { String(decoding: $0, as: UTF8.self) }
            ?? String(decoding: host, as: UTF8.self)
        guard let id = table.byText[hostText] else { return nil }
        var args = ArgumentList()
        // URLComponents(url:) is nil for a port that is no number: the route, without arguments
        // (Navigator.swift:62-71)
        guard port.allSatisfy({ ByteClass.test($0, .digit) }) else {
            let route = table.routes[id]
            for (key, value) in route.defaults { args.add(Array(key.utf8), value) }
            return Match(route: route, args: args.finish())
        }
        let raw = options.raw
        func decoded(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            raw ? bytes : (PercentCoding.removingPercentEncoding(bytes).map { ArraySlice($0) } ?? bytes)
        }
        if let fragment = link.fragment {
            let whole = decoded(text[fragment])
            for pair in whole.split(whereSeparator: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ";") }) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                args.set(Array(pair[..<equals]), .string(ArraySlice(decoded(decoded(pair[(equals + 1)...])))))
            }
        } else if let query = link.query {
            for item in text[query].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                let equals = item.firstIndex(of: UInt8(ascii: "="))
                let key = Array(decoded(item[..<(equals ?? item.endIndex)]))
                guard let equals else { args.remove(key); continue }
                args.set(key, .string(ArraySlice(decoded(decoded(item[(equals + 1)...])))))
            }
        }
        let route = table.routes[id]
        for (key, value) in route.defaults { args.add(Array(key.utf8), value) }
        return Match(route: route, args: args.finish())
    }
}
