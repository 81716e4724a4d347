@_spi(Records) import UrnCore

/// The `explain` field of urnmatch(1) RECORDS: the nearest routes, each
/// `{"pattern","target","table","line","reason"}`.
package struct ExplainSchema: Sendable {
    /// The route members of each explanation.
    package let routes: RouteSchema

    /// Writes the member `explain`.
    package func write(_ explanations: [Explanation], into json: inout JSONWriter) {
        json.key("explain")
        json.beginArray()
        for explanation in explanations {
            json.beginObject()
            routes.writeIdentityAndOrigin(of: explanation.route, into: &json)
            json.key("reason")
            json.string(explanation.reason)
            json.endObject()
        }
        json.endArray()
    }
}
