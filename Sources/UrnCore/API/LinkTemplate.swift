/// Builds links from a route's pattern and arguments (reverse routing, `urnfmt --link`): each
/// value percent-encoded for its place, typed and regex placeholders checked.
public struct LinkTemplate: Sendable {
    private let builder: LinkBuilder

    /// The template of `pattern` in `dialect` (`/user/{id:[0-9]+}`, `myapp://user/<int:id>`).
    public init(_ pattern: String, dialect: Dialect = .urn, delimiter: String = ":") throws(UrnError) {
        do throws(PatternError) {
            builder = try LinkBuilder(pattern, parser: PatternParser(delimiter: delimiter, dialect: dialect))
        } catch {
            throw UrnError(error)
        }
    }

    /// The names of the placeholders, in pattern order.
    public var placeholders: [String] { builder.names }

    /// The link with `arguments` put in; throws `missing-value` for a placeholder without one and
    /// `invalid-value` for a value its type or regex refuses.
    public func link(_ arguments: [String: String]) throws(UrnError) -> String {
        do throws(LinkBuilder.BuildError) {
            return String(decoding: try builder.build { arguments[$0] }, as: UTF8.self)
        } catch {
            throw UrnError(error)
        }
    }
}
