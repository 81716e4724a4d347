/// HTTP methods of a route table's method column (`GET,HEAD /posts/:id`) and of records
/// (`--method`, `--method-field`), as Express 4 dispatches them.
package enum HTTPMethod {
    /// The methods Node's `http.METHODS` lists (Express registers one `app.<method>` each), and
    /// `ALL` for `app.all`.
    static let known: Set<String> = [
        "ACL", "BIND", "CHECKOUT", "CONNECT", "COPY", "DELETE", "GET", "HEAD", "LINK", "LOCK", "M-SEARCH", "MERGE",
        "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "NOTIFY", "OPTIONS", "PATCH", "POST", "PROPFIND", "PROPPATCH",
        "PURGE", "PUT", "QUERY", "REBIND", "REPORT", "SEARCH", "SOURCE", "SUBSCRIBE", "TRACE", "UNBIND", "UNLINK",
        "UNLOCK", "UNSUBSCRIBE", "ALL",
    ]

    /// The methods a method column names (`GET`, `GET,HEAD`), or nil when `word` is not one.
    /// Upper case only, so that a lower-case pattern is never taken for a method.
    package static func column(_ word: some Collection<UInt8>) -> [String]? {
        // a pattern's first byte is no method's: it costs no buffer (a table's every line asks)
        guard let first = word.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return nil }
        var names: [String] = []
        var name: [UInt8] = []
        name.reserveCapacity(16)
        for byte in word {
            switch byte {
            case UInt8(ascii: ","):
                guard let known = known(name) else { return nil }
                names.append(known)
                name.removeAll(keepingCapacity: true)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"):
                name.append(byte)
            default:
                // no method has any other byte: a pattern, looked at no further
                return nil
            }
        }
        guard let last = known(name) else { return nil }
        names.append(last)
        return names
    }

    /// `name` as the method it names, or nil when it names none.
    private static func known(_ name: [UInt8]) -> String? {
        let method = String(decoding: name, as: UTF8.self)
        return known.contains(method) ? method : nil
    }

    /// Whether a route registered for `methods` (nil: any, as `app.all`) takes a request of
    /// `method`: a HEAD request is served by a GET route (Express 4 `Route#_handles_method`).
    package static func accepts(_ methods: [String]?, _ method: String) -> Bool {
        guard let methods, !methods.contains("ALL") else { return true }
        return methods.contains(method) || (method == "HEAD" && methods.contains("GET"))
    }

    /// Whether every request that a route with the methods `b` takes, one with `a` takes too.
    package static func covers(_ a: [String]?, _ b: [String]?) -> Bool {
        guard let a, !a.contains("ALL") else { return true }
        guard let b, !b.contains("ALL") else { return false }
        return b.allSatisfy { accepts(a, $0) }
    }

    /// Whether some request is taken by routes of both method lists.
    package static func overlap(_ a: [String]?, _ b: [String]?) -> Bool {
        guard let a, let b, !a.contains("ALL"), !b.contains("ALL") else { return true }
        return a.contains { accepts(b, $0) } || b.contains { accepts(a, $0) }
    }
}

extension HTTPMethod {
    /// The usual order of methods in a table's column: the common ones as REST lists them,
    /// then any other alphabetically.
    private static let usualOrder = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// `methods` in the usual order.
    static func ordered(_ methods: some Sequence<String>) -> [String] {
        methods.sorted { a, b in
            let i = usualOrder.firstIndex(of: a) ?? usualOrder.count, j = usualOrder.firstIndex(of: b) ?? usualOrder.count
            return i != j ? i < j : a < b
        }
    }
}
