/// Routes links through route tables with urnmatch's semantics: the tables' dialect (urn,
/// compass, navigator, waap, express) decides how links are read, which route wins and the form
/// of the arguments. Several tables act as Compass's composite router, in order.
///
/// A router keeps scratch state from link to link, so one router serves one thread at a time;
/// make one per thread (the compiled tables are shared through `init(sharingTablesOf:)`).
public final class Router {
    package let matcher: Matcher
    private let parser: LinkParser

    /// A router over `tables`. `caseInsensitive` compares path literals ignoring case (`-i`);
    /// `mergeQuery` adds query parameters to the arguments (`--merge-query`); `raw` keeps
    /// arguments percent-encoded (`--raw`).
    public init(tables: [RouteTable], caseInsensitive: Bool = false, mergeQuery: Bool = false, raw: Bool = false) {
        matcher = Matcher(tables: tables, options: Matcher.Options(raw: raw, mergeQuery: mergeQuery, caseInsensitive: caseInsensitive))
        parser = LinkParser(readingFor: tables)
    }

    /// A router over the routes of `text` (one route a line, urn-routes(5)) in `dialect`.
    public convenience init(routes text: String, dialect: Dialect = .urn) throws(UrnError) {
        self.init(tables: [try RouteTable(parsing: text, name: "routes", dialect: dialect)])
    }

    /// A router for another thread, sharing `other`'s compiled tables.
    public init(sharingTablesOf other: Router) {
        matcher = Matcher(sharingTablesOf: other.matcher)
        parser = other.parser
    }

    /// The route that takes `link`, or nil when none does. `method` is the request's HTTP method,
    /// for Express routes with a method column. Throws for a link the tables' library cannot
    /// read, or when a regex placeholder gives up (its match limit).
    public func route(_ link: String, method: String? = nil) throws(UrnError) -> RouteMatch? {
        try route(parsed: try parse(Array(link.utf8)), method: method)
    }

    /// The route that takes the link whose UTF-8 bytes are `bytes`.
    public func route(bytes: some Collection<UInt8>, method: String? = nil) throws(UrnError) -> RouteMatch? {
        try route(parsed: try parse(Array(bytes)), method: method)
    }

    /// Every route that takes `link`, in precedence order (urnmatch `--all-matches`).
    public func routes(_ link: String, method: String? = nil) throws(UrnError) -> [RouteMatch] {
        let parsed = try parse(Array(link.utf8))
        do throws(Regex.MatchError) {
            return try matcher.match(parsed, all: true, method: method).map(RouteMatch.init)
        } catch {
            throw UrnError(error)
        }
    }

    /// Why no route takes `link`: the nearest routes (at most `limit`) and, for each, the first
    /// reason it failed (urnmatch `--explain`).
    public func explain(_ link: String, limit: Int = 3) throws(UrnError) -> [RouteExplanation] {
        let parsed = try parse(Array(link.utf8))
        do throws(Regex.MatchError) {
            return try matcher.explain(parsed, limit: limit).map { RouteExplanation(route: RouteDeclaration($0.route), reason: $0.reason) }
        } catch {
            throw UrnError(error)
        }
    }

    /// The navigation stack `link` opens, from the root screen to the matched route (urnstack):
    /// registration chains where the table has them, else each prefix a route takes. Empty when
    /// no route takes the link.
    public func stack(_ link: String) throws(UrnError) -> [StackFrame] {
        let parsed = try parse(Array(link.utf8))
        do throws(Regex.MatchError) {
            return try StackBuilder(matcher: matcher).stack(for: parsed).map(StackFrame.init)
        } catch {
            throw UrnError(error)
        }
    }

    private func parse(_ bytes: [UInt8]) throws(UrnError) -> Link {
        do throws(LinkError) { return try parser.parse(bytes) } catch { throw UrnError(error) }
    }

    private func route(parsed: Link, method: String?) throws(UrnError) -> RouteMatch? {
        let winner: Match?
        do throws(Regex.MatchError) { winner = try matcher.firstMatch(parsed, method: method?.uppercased()) } catch { throw UrnError(error) }
        // Express answers 400 to a value decodeURIComponent refuses, not 404
        if winner == nil, let refusal = matcher.refusal { throw UrnError(refusal) }
        // a urlpattern table's exec() reads no URL from the link
        if winner == nil, let unreadable = matcher.unreadableURL { throw UrnError(unreadable) }
        return winner.map(RouteMatch.init)
    }
}

extension StackFrame {
    package init(_ frame: Frame) {
        route = RouteDeclaration(frame.route)
        link = String(decoding: frame.link, as: UTF8.self)
        switch frame.args {
        case let .values(arguments): self.arguments = [RouteArgument](arguments)
        case .json: arguments = []
        }
    }
}
