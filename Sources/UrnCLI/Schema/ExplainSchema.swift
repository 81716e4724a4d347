import UrnCore

/// The `explain` field of urnmatch(1) RECORDS: the nearest routes, each
/// `{"pattern","target","table","line","reason"}`.
public struct ExplainSchema: Sendable {
    /// The route members of each explanation.
    public let routes: RouteSchema

    /// The schema writing route members through `routes`.
    public init(routes: RouteSchema) {
        self.routes = routes
    }

    /// Writes the member `explain`.
    public func write(_ explanations: [Explanation], into json: inout JSONWriter) {
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
