extension RouteTable {
    /// Reads a route table from its text, as `urnmatch -f` reads a file (urn-routes(5)): route
    /// lines with `@dialect`, `@scheme`, `@delimiter` and `@type` directives, a JSON Lines table,
    /// or an apple-app-site-association file. An AndroidManifest.xml needs the UrnAppLinks
    /// product. `name` is what matches and errors name the table by.
    public init(parsing text: String, name: String = "routes", dialect: Dialect = .urn, scheme: String? = nil,
                delimiter: String = ":", caseInsensitive: Bool = false) throws(UrnError) {
        let parser = RouteTableParser(dialect: dialect, scheme: scheme, delimiter: delimiter, caseInsensitive: caseInsensitive)
        do throws(TableError) { self = try parser.parse(text, name: name) } catch { throw UrnError(error) }
    }

    /// Reads the route table in the file at `path` (named by its path), as `urnmatch -f` does.
    public init(contentsOfFile path: String, dialect: Dialect = .urn, scheme: String? = nil,
                delimiter: String = ":", caseInsensitive: Bool = false) throws(UrnError) {
        switch FileContents.read(path) {
        case let .failure(error):
            throw UrnError(error)
        case let .success(bytes):
            try self.init(parsing: String(decoding: bytes, as: UTF8.self), name: path, dialect: dialect, scheme: scheme,
                          delimiter: delimiter, caseInsensitive: caseInsensitive)
        }
    }

    /// The table's routes, in the order they were declared.
    public var declarations: [RouteDeclaration] { routes.map(RouteDeclaration.init) }
}
