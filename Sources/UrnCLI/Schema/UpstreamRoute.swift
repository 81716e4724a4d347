@_spi(Records) import UrnCore

/// The `route` of an upstream record read back (urnmatch(1) RECORDS) to the route of the
/// tables it names, so that urnstack lays out the stack under the route urnmatch chose.
package struct UpstreamRoute: Sendable {
    /// An upstream record's `route`: absent (no upstream routing), null (nothing matched), or
    /// the route it names with the JSON token of its `args` in the record's text, and the block
    /// handler that runs too.
    package enum Value {
        case absent
        case unmatched
        case matched(Route, args: Range<Int>, handler: Route?)
    }

    /// The paths of `route` that `value(of:watchedFrom:)` reads, which a stage watches in the
    /// scan of each record (`RecordStage.watchedPaths`).
    package static let paths: [JSONPath] = ["route", "route.pattern", "route.table", "route.line", "route.args", "route.handler",
                                           "route.handler.pattern", "route.handler.table", "route.handler.line"].map { JSONPath($0)! }

    /// The routes of the tables in the order of the lines that declared them, and where each
    /// line's run of them starts (`runs[line]..<runs[line + 1]`): found by indexing, with
    /// nothing hashed and no array retained for each record.
    private let entries: [Entry]
    private let runs: [Int32]

    /// A route with where its table's name and its pattern as written lie in `names`: an
    /// entry compared with a record retains no array of its own (three retains and releases a
    /// record, when each held its own).
    private struct Entry: @unchecked Sendable {  // routes are immutable once loaded
        let route: Route
        let table: Range<Int>
        let pattern: Range<Int>
    }

    /// The UTF-8 of every table name, then of every entry's pattern.
    private let names: [UInt8]

    /// A reader of the routes of `matcher`'s tables.
    package init(matcher: Matcher) {
        var names: [UInt8] = []
        var entries: [Entry] = []
        for table in matcher.tables {
            let name = names.count..<names.count + table.name.utf8.count
            names += table.name.utf8
            // a record names a line in plain decimal digits, never a negative one
            for route in table.routes where route.line >= 0 {
                let pattern = names.count..<names.count + route.pattern.text.utf8.count
                names += route.pattern.text.utf8
                entries.append(Entry(route: route, table: name, pattern: pattern))
            }
        }
        // stable, so that a line's routes keep the order of the tables
        entries = entries.enumerated().sorted { ($0.element.route.line, $0.offset) < ($1.element.route.line, $1.offset) }.map(\.element)
        var runs = [Int32](repeating: 0, count: (entries.last?.route.line ?? 0) + 2)
        for entry in entries { runs[entry.route.line + 1] += 1 }
        for line in runs.indices.dropFirst() { runs[line] += runs[line - 1] }
        self.entries = entries
        self.runs = runs
        self.names = names
    }

    /// Reads the `route` field of `record`, whose scan watched `paths` from slot `first`. A
    /// route object that names no route of the tables (another table, an edited pattern) is
    /// read as absent, so the link is routed again.
    package func value(of record: RecordView, watchedFrom first: Int) -> Value {
        guard record.isJSON else { return .absent }
        func value(_ slot: Slot) -> WatchedValue? {
            // every path is a plain one, so the scan followed it; an empty range is no value
            guard let found = record.watched.noted(first + slot.rawValue), !found.range.isEmpty else { return nil }
            return found
        }
        guard let route = value(.route) else { return .absent }
        if route.kind == .null { return .unmatched }
        guard route.kind == .object, let top = self.route(value(.pattern), value(.table), value(.line), in: record.text),
              let args = value(.args), args.kind == .object
        else { return .absent }
        let handler = value(.handler).flatMap { $0.kind == .object ? self.route(value(.handlerPattern), value(.handlerTable),
                                                                                value(.handlerLine), in: record.text) : nil }
        return .matched(top, args: args.range, handler: handler)
    }

    /// The route declared at the `line` of the table named `table` with the pattern `pattern`
    /// (watched string and number tokens), in the order the tables were given; nil if none.
    private func route(_ pattern: WatchedValue?, _ table: WatchedValue?, _ line: WatchedValue?,
                       in text: UnsafeBufferPointer<UInt8>) -> Route? {
        guard let pattern, pattern.kind == .string, let table, table.kind == .string, let line, line.kind == .number,
              let lineNumber = Self.lineNumber(UnsafeBufferPointer(rebasing: text[line.range])),
              lineNumber &+ 1 < runs.count
        else { return nil }
        return names.withUnsafeBufferPointer { names in
            entries.withUnsafeBufferPointer { entries in
                for k in Int(runs[lineNumber])..<Int(runs[lineNumber &+ 1])
                where table.isString(UnsafeBufferPointer(rebasing: names[entries[k].table]), in: text)
                    && pattern.isString(UnsafeBufferPointer(rebasing: names[entries[k].pattern]), in: text) {
                    return entries[k].route
                }
                return nil
            }
        }
    }

    /// The line number a JSON number token gives: plain decimal digits only (`7.0` or `7e0`
    /// names no line).
    private static func lineNumber(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !token.isEmpty, token.count <= 18 else { return nil }
        var value = 0
        for byte in token {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    /// The slots of `paths`, in their order, from the stage's first.
    private enum Slot: Int {
        case route, pattern, table, line, args, handler, handlerPattern, handlerTable, handlerLine
    }
}
