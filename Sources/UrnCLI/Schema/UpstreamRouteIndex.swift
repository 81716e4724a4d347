import UrnCore

/// The routes of a matcher's tables by the line that declared them, to find the route an
/// upstream `route` object names by its `table`, `line` and `pattern` without building a string
/// of either, in the order the tables were given (the first that declares it wins).
struct UpstreamRouteIndex: Sendable {
    /// A route with its table's name and its pattern as written, UTF-8.
    private struct Entry: @unchecked Sendable {  // routes are immutable once loaded
        let route: Route
        let table: [UInt8]
        let pattern: [UInt8]
    }

    private let byLine: [Int: [Entry]]

    /// The index of `matcher`'s routes.
    init(matcher: Matcher) {
        var byLine: [Int: [Entry]] = [:]
        for table in matcher.tables {
            for route in table.routes {
                byLine[route.line, default: []].append(Entry(route: route, table: Array(table.name.utf8),
                                                             pattern: Array(route.pattern.text.utf8)))
            }
        }
        self.byLine = byLine
    }

    /// The route declared at `line` of the table named by the string token `text[table]` with
    /// the pattern the string token `text[pattern]` holds, if any.
    func route(table: Range<Int>, line: Int, pattern: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Route? {
        guard let entries = byLine[line] else { return nil }
        for entry in entries where JSONString.equals(table, in: text, entry.table) && JSONString.equals(pattern, in: text, entry.pattern) {
            return entry.route
        }
        return nil
    }
}
