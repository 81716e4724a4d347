@_spi(Records) import UrnCore

/// The members of a route that stands for an OpenAPI operation (urnmatch(1) RECORDS), written
/// after `"table","line"`: `"operationId"` (null when the document gives none), `"tags"` and
/// `"deprecated"`; and a match's `"invalid"`, the path parameters whose values break their
/// schema, each `{"param","rule"}`.
enum OperationSchema {
    /// Writes the operation's members of `route`; nothing for other routes.
    static func writeOrigin(of route: Route, into json: inout JSONWriter) {
        guard let operation = route.operation else { return }
        json.key("operationId")
        if let operationId = operation.operationId { json.string(operationId) } else { json.null() }
        json.key("tags")
        json.beginArray()
        for tag in operation.tags { json.string(tag) }
        json.endArray()
        json.key("deprecated")
        json.bool(operation.deprecated)
    }

    /// Writes `"invalid"` when some parameter of `match` breaks its schema.
    static func writeInvalid(of match: Match, into json: inout JSONWriter) {
        guard !match.invalid.isEmpty else { return }
        json.key("invalid")
        json.beginArray()
        for invalid in match.invalid {
            json.beginObject()
            json.key("param")
            json.string(invalid.param)
            json.key("rule")
            json.string(invalid.rule)
            json.endObject()
        }
        json.endArray()
    }
}
