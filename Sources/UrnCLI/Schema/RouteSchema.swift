import UrnCore

/// The `route` field (urnmatch(1) RECORDS), both ways: a match written as
/// `{"pattern","target","args","table","line"}` with `block` and `handler` for WAAppRouting
/// block handlers, and a route object of an upstream record read back to the table's route.
public struct RouteSchema: Sendable {
    let encodings: RouteEncodings
    private let index: UpstreamRouteIndex

    /// The schema for the routes of `matcher`'s tables.
    public init(matcher: Matcher) {
        encodings = RouteEncodings(routes: matcher.tables.flatMap(\.routes))
        index = UpstreamRouteIndex(matcher: matcher)
    }

    /// Writes the identity, then the origin members (`"table"`, `"line"`) of `route` into the open object.
    public func writeIdentityAndOrigin(of route: Route, into json: inout JSONWriter) {
        encodings.withMembers(of: route) { members in
            json.rawMembers(members.identity)
            json.rawMembers(members.origin)
        }
    }

    /// Writes `match` as a route object.
    public func write(_ match: Match, into json: inout JSONWriter) {
        json.beginObject()
        encodings.withMembers(of: match.route) { members in
            json.rawMembersAndKey(members.identityThenArgsKey)
            ArgumentsSchema.write(match.args, into: &json)
            json.rawMembers(members.origin)
        }
        if match.route.isBlock {
            json.key("block")
            json.bool(true)
        }
        if let handler = match.handler {
            json.key("handler")
            json.beginObject()
            writeIdentityAndOrigin(of: handler, into: &json)
            json.endObject()
        }
        json.endObject()
    }

    /// The paths of an upstream `route` that `upstream(of:matcher:)` reads, which a stage that
    /// reads it watches from slot `RouteSchema.firstSlot` on (`RecordStage.watchedPaths`), in the
    /// order of `UpstreamSlot`.
    public static let upstreamPaths: [JSONPath] = UpstreamSlot.allCases.map(\.path)

    /// An upstream record's `route`: absent (no upstream routing), null (nothing matched), or
    /// the route it names with the JSON token of its `args` in the record's text, and the block
    /// handler that runs too.
    public enum Upstream {
        case absent
        case unmatched
        case matched(Route, args: Range<Int>, handler: Route?)
    }

    /// Reads the `route` field of `record`, whose scan watched `upstreamPaths` from slot
    /// `first`. A route object that names no route of the tables (another table, an edited
    /// pattern) is read as absent, so the link is routed again.
    public func upstream(of record: RecordView, watchedFrom first: Int) -> Upstream {
        guard record.isJSON else { return .absent }
        func value(_ slot: UpstreamSlot) -> WatchedValue? {
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

    /// The table's route that an upstream route object names by its `pattern`, `table` and
    /// `line` (watched values), if any.
    private func route(_ pattern: WatchedValue?, _ table: WatchedValue?, _ line: WatchedValue?,
                       in text: UnsafeBufferPointer<UInt8>) -> Route? {
        guard let pattern, pattern.kind == .string, let table, table.kind == .string, let line, line.kind == .number,
              let lineNumber = Self.lineNumber(UnsafeBufferPointer(rebasing: text[line.range]))
        else { return nil }
        return index.route(table: table.range, line: lineNumber, pattern: pattern.range, in: text)
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

    /// The slots of `upstreamPaths`, from the stage's first.
    private enum UpstreamSlot: Int, CaseIterable {
        case route, pattern, table, line, args, handler, handlerPattern, handlerTable, handlerLine

        var path: JSONPath {
            switch self {
            case .route: JSONPath("route")!
            case .pattern: JSONPath("route.pattern")!
            case .table: JSONPath("route.table")!
            case .line: JSONPath("route.line")!
            case .args: JSONPath("route.args")!
            case .handler: JSONPath("route.handler")!
            case .handlerPattern: JSONPath("route.handler.pattern")!
            case .handlerTable: JSONPath("route.handler.table")!
            case .handlerLine: JSONPath("route.handler.line")!
            }
        }
    }
}
