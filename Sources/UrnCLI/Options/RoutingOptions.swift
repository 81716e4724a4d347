import ArgumentParser
@_spi(Records) import UrnCore
import UrnAppLinks
@_spi(Records) import UrnDomains
import UrnOpenAPI

/// The options of the tools that route links (urnmatch, urnstack): tables and dialect.
package struct RoutingOptions: ParsableArguments {
    /// Command-line routes.
    @Option(name: .customShort("e"), help: ArgumentHelp("A route, 'PATTERN [TARGET] [key=value ...]' (repeatable).", valueName: "route"))
    package var expressions: [String] = []

    /// Route table files.
    @Option(name: .customShort("f"), help: ArgumentHelp("Read routes from a table file (repeatable; several act as a composite router).", valueName: "file"),
            completion: .file())
    package var tableFiles: [String] = []

    /// The format of the table files.
    @Option(help: ArgumentHelp("Read every -f file as this format (by default each file's @format, else its content says).", valueName: "format"))
    package var format: RouteFileFormat?

    /// The hosts of app-link tables.
    @Option(name: .customLong("host"), help: ArgumentHelp("Route through apple-app-site-association tables and OpenAPI documents only links of this host; '*.example.com' for its subdomains (repeatable; a table's @host adds to it).", valueName: "host"),
            transform: { (text: String) throws -> HostPattern in
                guard let host = HostPattern(text) else { throw ValidationError("--host '\(text)' is not a host (example.com or *.example.com)") }
                return host
            })
    package var hosts: [HostPattern] = []

    /// The largest table file read: an OpenAPI document or a table past it is refused before
    /// it is parsed, whatever it holds.
    @Option(help: ArgumentHelp("Largest table file read, in bytes (suffixes K, M, G); a larger -f file is an error.", valueName: "size"),
            transform: CommonOptions.byteSize)
    public var maxTableSize: Int = RoutingOptions.defaultMaxTableSize

    /// `--max-table-size` unless given.
    package static let defaultMaxTableSize = 32 << 20

    /// The dialect of tables without `@dialect`.
    @Option(help: ArgumentHelp("Matching semantics (a table's @dialect wins).", valueName: "dialect"))
    package var dialect: Dialect = .urn

    /// The base URL of URLPattern tables.
    @Option(name: .customLong("base"), help: ArgumentHelp("The base URL of urlpattern tables without @base: of their constructor strings and of the links they route.", valueName: "url"))
    package var baseURL: String?

    /// How urlpattern tables rank the routes that match a link.
    @Option(help: ArgumentHelp("How urlpattern tables without @precedence rank the routes that take a link: 'order' (the first in table order) or 'specific' (URLPattern's compareComponent, component by component).", valueName: "order|specific"))
    package var precedence: URLPatternPrecedence = .order

    /// Compass's app scheme.
    @Option(help: ArgumentHelp("Read 'S://name' as the Compass name 'name' (a table's @scheme wins).", valueName: "scheme"))
    package var scheme: String?

    /// The Compass delimiter.
    @Option(help: ArgumentHelp("Split names and patterns without '/' on this string (a table's @delimiter wins).", valueName: "string"))
    package var delimiter: String = ":"

    /// Custom placeholder types.
    @Option(name: .customLong("type"), help: ArgumentHelp("Declare a placeholder type for <NAME:x> (repeatable).", valueName: "NAME=REGEX"),
            transform: KeyValue.parser(form: "NAME=REGEX"))
    package var types: [KeyValue] = []

    /// Case-insensitive literals.
    @Flag(name: .customShort("i"), help: "Compare literal segments without regard to case.")
    package var ignoreCase = false

    /// Keep values as written.
    @Flag(help: "Keep argument values as written, without percent-decoding.")
    package var raw = false

    /// Add query parameters to the arguments.
    @Flag(help: "Add query parameters to the arguments (path arguments win over the query, the query over defaults).")
    package var mergeQuery = false

    package init() {}

    package func validate() throws {
        guard !delimiter.isEmpty else { throw ValidationError("--delimiter must not be empty") }
        if let baseURL, WebURL(baseURL, domainToASCII: IDNA.webASCII) == nil {
            throw ValidationError("--base '\(baseURL)' is not an absolute URL")
        }
    }

    /// Loads the tables: files in order, then the `--site` files (each read for its host), then
    /// the `-e` routes as one table. A file that `setAside` takes (an association file, given
    /// its bytes and its `--site` host) is no table. Problems are reported through
    /// `diagnostics`, and each table error also to `tableErrors`; nil means the tool must exit
    /// with status 2.
    package func loadTables(extraRoute: String? = nil, sites: [(host: String, path: String)] = [], diagnostics: Diagnostics,
                            tableErrors: ((TableError) -> Void)? = nil,
                            setAside: (String, [UInt8], String?) throws(TableError) -> Bool = { _, _, _ in false }) -> [RouteTable]? {
        var customTypes: [String: Regex] = [:]
        for declaration in types {
            do throws(Regex.CompileError) {
                customTypes[declaration.key] = try Regex(declaration.value, caseInsensitive: ignoreCase)
            } catch {
                diagnostics.error("--type \(declaration.key): invalid regex: \(error.message)")
                return nil
            }
        }
        var parser = RouteTableParser(dialect: dialect, scheme: scheme, delimiter: delimiter,
                                      customTypes: customTypes, caseInsensitive: ignoreCase, format: format, hosts: hosts,
                                      manifests: ManifestTables(), yaml: YAMLDocuments())
        parser.baseURL = baseURL
        parser.specificPrecedence = precedence == .specific
        parser.domainToASCII = IDNA.webASCII
        var tables: [RouteTable] = []
        var failed = false
        func add(_ read: () throws(TableError) -> RouteTable?) {
            do throws(TableError) {
                if let table = try read() { tables.append(table) }
            } catch {
                diagnostics.error(error.description)
                tableErrors?(error)
                failed = true
            }
        }
        var setAsideAny = false
        for (path, host) in tableFiles.map({ ($0, String?.none) }) + sites.map({ ($0.path, Optional($0.host)) }) {
            switch FileContents.read(path, limit: maxTableSize) {
            case let .failure(error):
                diagnostics.error("\(error.path): \(error.message)")
                failed = true
            case let .success(bytes):
                var siteParser = parser
                if let host { siteParser.hosts = HostPattern(host).map { [$0] } ?? [] }
                add { () throws(TableError) in
                    if try setAside(path, bytes, host) {
                        setAsideAny = true
                        return nil
                    }
                    let table = try siteParser.parse(bytes, name: path)
                    guard host == nil || table.format == .aasa else {
                        throw TableError(table: path, line: 1, column: nil, reason: "--site takes an apple-app-site-association file or an assetlinks.json")
                    }
                    return table
                }
            }
        }
        let lines = expressions + (extraRoute.map { [$0] } ?? [])
        if !lines.isEmpty { add { () throws(TableError) in try parser.parse(expressions: lines) } }
        guard !failed else { return nil }
        guard setAsideAny || tables.contains(where: { !$0.routes.isEmpty }) else {
            if tables.allSatisfy({ $0.name == "-e" && $0.unregistered.isEmpty }) {
                diagnostics.error("no routes: give a route table with -f or a route with -e")
            }
            for table in tables where table.name != "-e" || !table.unregistered.isEmpty {
                diagnostics.error("\(table.name): no routes: \(Self.whyEmpty(table))")
            }
            return nil
        }
        // --base means something only to a urlpattern table: given to none, it would do nothing
        if baseURL != nil, !tables.contains(where: { $0.dialect == .urlpattern }) {
            diagnostics.error("--base is the base URL of urlpattern tables, and no table is one: give --dialect urlpattern or @dialect urlpattern")
            return nil
        }
        if precedence == .specific, !tables.contains(where: { $0.dialect == .urlpattern }) {
            diagnostics.error("--precedence specific ranks the routes of urlpattern tables, and no table is one: each other dialect has its library's own precedence")
            return nil
        }
        return tables
    }

    /// Warns once, unless `-s`, when a table takes links of every host: a user who forgot
    /// `--host` otherwise sees other sites' links routed to the app without a word.
    package func warnOfTablesTakingAnyHost(_ tables: [RouteTable], diagnostics: Diagnostics) {
        let open = tables.filter(\.takesAnyHost).map(\.name)
        guard !open.isEmpty, !diagnostics.noMessages else { return }
        diagnostics.warning("\(open.joined(separator: ", ")): \(RouteTable.anyHostWarning)")
    }

    /// Whether some route of `tables` is for given HTTP methods (a method column, an OpenAPI
    /// operation): then a raw `METHOD target` line is a request (`RequestLine`).
    package static func haveMethods(_ tables: [RouteTable]) -> Bool {
        tables.contains { $0.routes.contains { $0.methods != nil } }
    }

    /// Why a table that was read has no route, in the words of its format.
    static func whyEmpty(_ table: RouteTable) -> String {
        switch table.format {
        case .routes:
            if let first = table.unregistered.first {
                return "line \(first.line): '\(first.chain)' registers nothing: WAAppRouting stops a chain at an empty part, a leading '/' or a '//' (urn-patterns(7))"
            }
            return "the file has only comments, directives and blank lines (a route is PATTERN [TARGET], urn-routes(5))"
        case .aasa:
            return "no 'applinks' details with 'paths' or 'components' (urn-routes(5), APP-LINK TABLES)"
        case .android:
            return "no <intent-filter> with action VIEW, category BROWSABLE and a <data> scheme (urn-routes(5), APP-LINK TABLES)"
        case .openapi:
            return "no operation under 'paths' (urn-routes(5), OPENAPI TABLES)"
        }
    }

    /// The matcher options.
    package var matcherOptions: Matcher.Options {
        Matcher.Options(raw: raw, mergeQuery: mergeQuery, caseInsensitive: ignoreCase)
    }

    /// A matcher over `tables` that lives until the process ends. The tools exit right after
    /// their run, and freeing a big table route by route would only delay the exit, so it is
    /// left to the system.
    package func matcherForProcess(_ tables: [RouteTable]) -> Matcher {
        let matcher = Matcher(tables: tables, options: matcherOptions)
        _ = Unmanaged.passRetained(matcher)
        return matcher
    }

    /// The link parser that reads links as `tables` read them (`LinkParser(readingFor:)`), with
    /// `--scheme` and `--delimiter`.
    package func linkParser(for tables: [RouteTable]) -> LinkParser {
        LinkParser(readingFor: tables, scheme: scheme, delimiter: delimiter)
    }
}
