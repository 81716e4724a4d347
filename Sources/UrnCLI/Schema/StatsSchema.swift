@_spi(Records) import UrnCore

/// The lines of `urnmatch --stats` (urnmatch(1)): one `{"pattern","target","table","line","hits"}`
/// a route, with `byMethod` when records have a method and `invalid` for an OpenAPI operation,
/// then `{"unmatched":N}`, with OpenAPI tables `{"invalid":N}`, `{"noLink":N}` and `{"errors":N}`.
package struct StatsSchema: Sendable {
    /// The route members of each line.
    package let routes: RouteSchema

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

    /// Writes a count's line, `{"KEY":N}`: `unmatched`; with OpenAPI tables `invalid`, the
    /// records an operation took with a value that breaks its schema; `noLink`, the records whose
    /// link is `null`; last `errors`, the records that could not be routed. So the hits, the
    /// invalid, the unmatched, the records without a link and the errors add up to the records read.
    package func write(count key: StaticString, _ count: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.key(key)
        json.int(count)
        json.endObject()
    }
}
