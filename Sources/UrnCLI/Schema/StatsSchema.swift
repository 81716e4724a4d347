@_spi(Records) import UrnCore

/// The lines of `urnmatch --stats` (urnmatch(1)): one `{"pattern","target","table","line","hits"}`
/// a route, with `byMethod` when records have a method and `invalid` for an OpenAPI operation,
/// then `{"unmatched":N}`, with OpenAPI tables `{"invalid":N}`, and `{"errors":N}`.
package struct StatsSchema: Sendable {
    /// The route members of each line.
    package let routes: RouteSchema

    /// The schema writing route members through `routes`.
    package init(routes: RouteSchema) {
        self.routes = routes
    }

    /// Writes a route's line as one object; `byMethod` (in name order) and `invalid` (the
    /// requests it took with a value that breaks its schema) when given.
    package func write(route: Route, hits: Int, byMethod: [String: Int]?, invalid: Int? = nil, into json: inout JSONWriter) {
        json.beginObject()
        routes.writeIdentityAndOrigin(of: route, into: &json)
        json.key("hits")
        json.int(hits)
        if let byMethod {
            json.key("byMethod")
            json.beginObject()
            for (name, count) in byMethod.sorted(by: { $0.key < $1.key }) {
                json.key(name.utf8)
                json.int(count)
            }
            json.endObject()
        }
        if let invalid {
            json.key("invalid")
            json.int(invalid)
        }
        json.endObject()
    }

    /// Writes the line `{"invalid":N}`: the records an OpenAPI operation took with a value that
    /// breaks its schema, neither hits nor unmatched.
    public func write(invalid: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("invalid")
        json.int(invalid)
        json.endObject()
    }

    /// Writes the line `{"unmatched":N}`.
    package func write(unmatched: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("unmatched")
        json.int(unmatched)
        json.endObject()
    }

    /// Writes the last line, `{"errors":N}`: the records that could not be routed, so that the
    /// hits, the unmatched and the errors add up to the records read.
    package func write(errors: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key("errors")
        json.int(errors)
        json.endObject()
    }
}
