/// A link made for a route of a table (`RouteTable.exampleLinks(for:)`), routed back through
/// the table: the route takes it, or another route that shadows it does.
public struct ExampleLink: Sendable, Equatable {
    /// The link; nil when none could be made (`none` says why).
    public let link: String?
    /// The HTTP method it is sent with, for a route with a method column.
    public let method: String?
    /// The argument values the link was built from, by placeholder name, in pattern order.
    public let arguments: [String]
    /// The values of `arguments`, in the same order.
    public let values: [String]
    /// Whether the route it was made for takes it.
    public let landed: Bool
    /// The route that takes it, if any: the route itself, or the route that shadows it.
    public let takenBy: RouteDeclaration?
    /// Why no link could be made.
    public let none: String?

    init(_ example: RouteExample) {
        link = example.link
        method = example.method
        arguments = example.values.map(\.name)
        values = example.values.map(\.value)
        landed = example.landed
        takenBy = example.winner.map(RouteDeclaration.init)
        none = example.none
    }
}
