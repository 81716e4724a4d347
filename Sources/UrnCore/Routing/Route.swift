/// One route of a table: a compiled pattern, its target and defaults, and where it was declared.
/// A class, so that a match refers to its route instead of copying it (and the JSON schema can
/// cache its encoding by identity).
@_spi(Records) public final class Route: Sendable {
    /// The compiled pattern.
    @_spi(Records) public let pattern: Pattern
    /// The target (screen, controller, handler), if the table names one.
    @_spi(Records) public let target: String?
    /// Default arguments, in the order written.
    @_spi(Records) public let defaults: [(key: String, value: ArgValue)]
    /// The table's name (its file, or `-e`).
    @_spi(Records) public let table: String
    /// The 1-based line (or `-e` ordinal) that declared it.
    @_spi(Records) public let line: Int
    /// Presented modally (WAAppRouting `!`).
    @_spi(Records) public let modal: Bool
    /// A WAAppRouting block handler (`^name`): it runs, and a screen route that also takes the
    /// link is still presented (WAAppRouter.m:48–78).
    @_spi(Records) public let isBlock: Bool
    /// The HTTP methods of the table's method column (`GET,HEAD /x`); nil takes any.
    @_spi(Records) public let methods: [String]?
    /// What the route tests when it comes from an app-link table (an apple-app-site-association
    /// entry or an Android intent filter) instead of a pattern.
    @_spi(Records) public let appLink: AppLinkRule?
    /// In a WAAppRouting chain, the class of the part before this one (the entity's
    /// `sourceControllerClass`, WAAppRouteRegistrar.m:84-91): its stack's parent is found by it.
    @_spi(Records) public let parentClass: String?
    /// The operation of an OpenAPI document the route stands for: its servers test the link's
    /// origin and its parameters type the arguments.
    @_spi(Records) public let operation: OpenAPIOperation?

    /// A route.
    @_spi(Records) public init(pattern: Pattern, target: String?, defaults: [(key: String, value: ArgValue)] = [],
                table: String, line: Int, modal: Bool = false, isBlock: Bool = false, methods: [String]? = nil,
                appLink: AppLinkRule? = nil, parentClass: String? = nil, operation: OpenAPIOperation? = nil) {
        self.pattern = pattern
        self.target = target
        self.defaults = defaults
        self.table = table
        self.line = line
        self.modal = modal
        self.isBlock = isBlock
        self.methods = methods
        self.appLink = appLink
        self.parentClass = parentClass
        self.operation = operation
    }
}

/// A route table: routes in declaration order with the settings they were read under.
public struct RouteTable: Sendable {
    /// The table's name: its file, or `-e` for command-line routes.
    public let name: String
    /// The dialect of its routes.
    public package(set) var dialect: Dialect
    /// Compass's app scheme for its links (`@scheme`).
    @_spi(Records) public var scheme: String?
    /// The segment delimiter (`@delimiter`).
    @_spi(Records) public var delimiter: String
    /// The routes, in declaration order.
    @_spi(Records) public var routes: [Route]
    /// Routes that a later line registered again, each with the route that replaced it.
    @_spi(Records) public var replaced: [(earlier: Route, by: Route)] = []
    /// WAAppRouting chain parts written without a `{Class}`, by line: 0.0.5 asserts on them.
    @_spi(Records) public var bareChainParts: [(line: Int, part: String)] = []
    /// WAAppRouting chains that register nothing (an empty first part: a leading `/`), by line.
    @_spi(Records) public var unregistered: [(line: Int, chain: String)] = []
    /// The file's format: a route table, or an app-link table whose routes test links themselves.
    @_spi(Records) public var format: RouteFileFormat = .routes
    /// The hosts an apple-app-site-association table is for (`--host`, `@host`); empty takes any.
    @_spi(Records) public var hosts: [HostPattern] = []
    /// A URLPattern table's base URL (`@base`, `--base`): of its constructor strings, and of
    /// the links it routes.
    @_spi(Records) public var baseURL: String?
    /// A URLPattern table's `ignoreCase` option (`@ignore-case`; `-i` sets it for every table).
    @_spi(Records) public var ignoreCase = false
    /// A URLPattern table ranks matching routes by specificity (`@precedence specific`,
    /// `--precedence specific`) rather than by declaration order.
    @_spi(Records) public var specificPrecedence = false

    /// Whether the table takes links of every host: an apple-app-site-association file read
    /// without `--host` or `@host`, which names no host of its own.
    @_spi(Records) public var takesAnyHost: Bool { format == .aasa && hosts.isEmpty }

    /// What `--check` and a routing run say of a table that `takesAnyHost`.
    @_spi(Records) public static let anyHostWarning = "the file names no host, so it takes links of every host, where the app gets only those of the domains its Associated Domains entitlement lists: give --host example.com, or @host example.com on the file's first line"
    /// What `--check` should say of lines that declare no route (an OpenAPI path without
    /// operations, a path parameter not marked required), by line.
    @_spi(Records) public var notes: [(line: Int, detail: String)] = []
    /// An OpenAPI document's tree, kept as long as its table: freeing it node by node is long,
    /// and a tool that exits after its run never frees its tables.
    package var document: JSONDocument.Node?

    /// A table.
    @_spi(Records) public init(name: String, dialect: Dialect, scheme: String?, delimiter: String, routes: [Route]) {
        self.name = name
        self.dialect = dialect
        self.scheme = scheme
        self.delimiter = delimiter
        self.routes = routes
    }
}

extension RouteTable {
    /// Which of two matching routes wins: the dialect's rule, in an OpenAPI document fewer
    /// template expressions and then document order (urn-routes(5) OPENAPI TABLES), in a
    /// urlpattern table under `specificPrecedence` the more specific pattern.
    package var ranking: DialectRules.Ranking {
        if format == .openapi { return .fewestExpressions }
        return specificPrecedence && dialect == .urlpattern ? .urlPatternSpecificity : dialect.rules.ranking
    }


    /// WAAppRouting's screen for each class: the index of the first route in table order with
    /// that target that is no block handler, the parent a stack walk finds by class
    /// (WAAppRouteRegistrar.m:181-195, where the library takes its dictionary's first).
    func firstScreenByClass() -> [String: Int] {
        var screens: [String: Int] = [:]
        for (id, route) in routes.enumerated() where !route.isBlock {
            if let target = route.target, screens[target] == nil { screens[target] = id }
        }
        return screens
    }

    /// Keeps one route for each pattern registered more than once: the last registration's
    /// target and defaults, as the libraries' dictionaries keyed by pattern keep them (Compass
    /// `Router.routes`, URLNavigator `viewControllerFactories`, WAAppRouting
    /// `WAAppRouteRegistrar.entities`), in the place of the first registration; the earlier
    /// ones go to `replaced`.
    mutating func keepLastRegistrations() {
        // WAAppRouting ignores a registration equal to the one it has (the same class and
        // presentation: WAAppRouteRegistrar.m:42-49), which keeps the first one's defaults
        let ignoresEqual = dialect.rules.registrationChains
        var first: [String: Int] = [:]
        var winner: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            let text = route.pattern.text
            if first[text] == nil { first[text] = index }
            if let kept = winner[text], ignoresEqual, routes[kept].target == route.target, routes[kept].modal == route.modal {
                continue
            }
            winner[text] = index
        }
        var kept: [Route] = []
        for (index, route) in routes.enumerated() {
            let last = winner[route.pattern.text]!
            if last != index { replaced.append((route, routes[last])) }
            // the pattern keeps its first place (Compass's Navigator.routes is an Array that ties
            // go to); what it opens is the last registration's (the router's dictionary)
            if first[route.pattern.text] == index { kept.append(routes[last]) }
        }
        routes = kept
    }
}

/// Why a route table could not be read: `routes.txt:3:12: unbalanced '{'`.
@_spi(Records) public struct TableError: CodedError, Equatable {
    /// The table's name.
    @_spi(Records) public let table: String
    /// The 1-based line.
    @_spi(Records) public let line: Int
    /// The 1-based column, if known.
    @_spi(Records) public let column: Int?
    /// The reason.
    @_spi(Records) public let reason: String

    /// The error at `line` (and `column`) of `table`.
    @_spi(Records) public init(table: String, line: Int, column: Int?, reason: String) {
        self.table = table
        self.line = line
        self.column = column
        self.reason = reason
    }

    @_spi(Records) public var code: String { "invalid-table" }
    @_spi(Records) public var message: String { reason }
    /// The 0-based byte offset in the line.
    @_spi(Records) public var offset: Int? { column.map { $0 - 1 } }

    /// The GNU-style text: `table:line:column: reason`.
    @_spi(Records) public var description: String {
        "\(table):\(line):" + (column.map { "\($0):" } ?? "") + " \(reason)"
    }
}
