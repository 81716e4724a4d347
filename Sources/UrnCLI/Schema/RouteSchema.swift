import UrnCore

/// The `route` field (urnmatch(1) RECORDS), both ways: a match written as
/// `{"pattern","target","args","table","line"}` with `block` and `handler` for WAAppRouting
/// block handlers, and a route object of an upstream record read back to the table's route.
public struct RouteSchema: Sendable {
    let encodings: RouteEncodings

    /// The schema for the routes of `matcher`'s tables.
    public init(matcher: Matcher) {
        encodings = RouteEncodings(routes: matcher.tables.flatMap(\.routes))
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

    /// The table's route that an upstream route object `{"pattern","table","line",…}` names, if any.
    public func route(named object: Range<Int>, in text: UnsafeBufferPointer<UInt8>, of matcher: Matcher) -> Route? {
        func member(_ name: [UInt8]) -> JSONMember? { JSONScanner.member(named: name, of: object, in: text) }
        guard let pattern = member(SchemaKeys.pattern), pattern.kind == .string,
              let table = member(SchemaKeys.table), table.kind == .string,
              let line = member(SchemaKeys.line), line.kind == .number, let lineNumber = Int(String(decoding: text[line.value], as: UTF8.self))
        else { return nil }
        return matcher.route(table: String(decoding: JSONString.decoded(table.value, in: text), as: UTF8.self),
                             line: lineNumber,
                             pattern: String(decoding: JSONString.decoded(pattern.value, in: text), as: UTF8.self))
    }

    /// An upstream record's `route`: absent (no upstream routing), null (nothing matched), or
    /// the route it names with the raw JSON of its `args` and the block handler that runs too.
    public enum Upstream {
        case absent
        case unmatched
        case matched(Route, args: [UInt8], handler: Route?)
    }

    /// Reads the `route` field of `record`. A route object that names no route of the tables
    /// (another table, an edited pattern) is read as absent, so the link is routed again.
    public func upstream(of record: RecordView, matcher: Matcher) -> Upstream {
        guard record.isJSON, let route = record.member(SchemaKeys.route) else { return .absent }
        if route.kind == .null { return .unmatched }
        let text = record.text
        guard route.kind == .object, let top = self.route(named: route.value, in: text, of: matcher),
              let args = JSONScanner.member(named: SchemaKeys.args, of: route.value, in: text), args.kind == .object
        else { return .absent }
        let handler = JSONScanner.member(named: SchemaKeys.handler, of: route.value, in: text)
            .flatMap { $0.kind == .object ? self.route(named: $0.value, in: text, of: matcher) : nil }
        return .matched(top, args: Array(text[args.value]), handler: handler)
    }
}
