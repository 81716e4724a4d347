@_spi(Records) import UrnCore

/// The `route` field (urnmatch(1) RECORDS): a match written as
/// `{"pattern","target","args","table","line"}` with `block` and `handler` for WAAppRouting
/// block handlers, and an OpenAPI operation's members and `invalid` (`OperationSchema`). `UpstreamRoute` reads it back.
package struct RouteSchema: Sendable {
    let encodings: RouteEncodings

    /// The schema, with no route encoded yet.
    package init() {
        encodings = RouteEncodings()
    }

    private init(encodings: RouteEncodings) {
        self.encodings = encodings
    }

    /// The schema for another thread: the encodings are made as routes are written, in the
    /// thread that writes them.
    package func copyForThread() -> RouteSchema {
        RouteSchema(encodings: encodings.copyForThread())
    }

    /// Writes the identity, then the origin members (`"table"`, `"line"`) of `route` into the open object.
    package func writeIdentityAndOrigin(of route: Route, into json: inout JSONWriter) {
        let members = encodings.members(of: route)
        json.rawMembers(members.identity)
        json.rawMembers(members.origin)
    }

    /// Writes `route` as where it is declared, `{"table","line","pattern"}`: how `--check
    /// --json` names the routes of a finding and `--examples` the route of an example; with
    /// `target`, its target after the pattern (the app an exclusion took the link from).
    package static func writeDeclaration(of route: Route, target: Bool = false, into json: inout JSONWriter) {
        json.beginObject()
        json.key("table")
        json.string(route.table)
        json.key("line")
        json.int(route.line)
        json.key("pattern")
        json.string(route.pattern.text)
        if target {
            json.key("target")
            if let target = route.target { json.string(target) } else { json.null() }
        }
        json.endObject()
    }

    /// Writes `match` as a route object.
    package func write(_ match: Match, into json: inout JSONWriter) {
        json.beginObject()
        writeOpened(match, into: &json)
    }

    /// Writes `match` as a route object whose `{` is written already: urnmatch writes
    /// `"route":{` in one go, rather than a key and an opening, a call each, on every record.
    package func writeOpened(_ match: Match, into json: inout JSONWriter) {
        // the route read counting no reference (the tables hold it)
        match.withRoute { route in
            let members = encodings.members(of: route)
            json.rawMembersAndKey(members.identityThenArgsOpened)
            ArgumentsSchema.writeOpened(match.args, into: &json)
            json.rawMembers(members.origin)
            OperationSchema.writeInvalid(of: match, into: &json)
            if route.isBlock {
                json.key("block")
                json.bool(true)
            }
        }
        if let handler = match.handler {
            json.key("handler")
            json.beginObject()
            writeIdentityAndOrigin(of: handler, into: &json)
            json.endObject()
        }
        json.endObject()
    }
}
