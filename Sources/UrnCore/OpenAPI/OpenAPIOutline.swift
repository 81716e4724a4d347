/// Where a value sits in an OpenAPI document, as far as routing reads it. Most of a document's
/// bytes are descriptions, responses, request bodies and examples, which no route needs, so the
/// document readers leave those values out of the tree (`JSONDocument.Node.Value.omitted`)
/// rather than build strings and nodes for them. A `$ref` or a YAML alias that leads into a part
/// left out makes the reader read the document again, whole (`OpenAPIReader.routes()`), so what
/// is left out never changes an answer.
package enum OpenAPIOutline: JSONOutline, Equatable {
    /// The document itself.
    case root
    /// `paths`.
    case paths
    /// A path item under `paths`.
    case pathItem
    /// An operation of a path item (`get`, `post`, …).
    case operation
    /// `components`.
    case components
    /// A part read, or that a `$ref` may point into: everything under it is kept.
    case kept
    /// A part routing never reads: left out.
    case omitted

    /// The part a member named `key` of a mapping in this part is.
    package func member(_ key: String) -> OpenAPIOutline {
        switch self {
        case .root:
            switch key {
            case "paths": return .paths
            case "components": return .components
            case "info", "tags", "externalDocs", "security", "securityDefinitions", "webhooks", "responses": return .omitted
            default: return .kept
            }
        case .paths:
            return key.hasPrefix("/") ? .pathItem : .kept
        case .pathItem:
            if OpenAPIReader.methods.contains(key) { return .operation }
            return key == "summary" || key == "description" ? .omitted : .kept
        case .operation:
            switch key {
            case "summary", "description", "responses", "requestBody", "callbacks", "externalDocs", "security": return .omitted
            default: return .kept
            }
        case .components:
            switch key {
            case "responses", "requestBodies", "examples", "headers", "securitySchemes", "links", "callbacks": return .omitted
            default: return .kept
            }
        case .kept, .omitted:
            return self
        }
    }

    /// The part an element of a sequence in this part is.
    package var element: OpenAPIOutline {
        isOmitted ? .omitted : .kept
    }

    /// Whether this part is left out.
    package var isOmitted: Bool {
        if case .omitted = self { return true }
        return false
    }
}
