/// A route as its table declares it: the pattern, the target (the screen, view controller or
/// handler it names) and where it was declared.
public struct RouteDeclaration: Sendable, Equatable {
    /// The pattern as written (`user/<int:id>`, `/repos/:owner/:repo`).
    public let pattern: String
    /// The target the table gives, if any.
    public let target: String?
    /// The HTTP methods of an Express route's method column (nil: any method).
    public let methods: [String]?
    /// Whether the screen is presented modally (a WAAppRouting `!`).
    public let modal: Bool
    /// The name of the table that declares it.
    public let table: String
    /// The 1-based line that declares it.
    public let line: Int

    package init(_ route: Route) {
        pattern = route.pattern.text
        target = route.target
        methods = route.methods
        modal = route.modal
        table = route.table
        line = route.line
    }
}
