/// Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document, JSON or YAML, into routes (urn-routes(5)
/// OPENAPI TABLES): one a path × method (× base path, when servers give several), in document
/// order, each carrying its `OpenAPIOperation`. YAML goes through libyaml's events
/// (`YAMLReading`: UrnOpenAPI's `YAMLEventReader`), JSON through urn's own reader; both give the same tree.
package struct OpenAPIReader {
    /// The table's name, for routes and errors.
    let table: String
    /// The whole file.
    let bytes: [UInt8]
    /// Where the document starts in `bytes` (after `@` directives).
    let start: Int
    /// The hosts of `--host` and `@host`.
    let hosts: [HostPattern]
    /// Compare literals without regard to case (`-i`).
    let caseInsensitive: Bool
    /// What reads a YAML document (UrnOpenAPI's `YAMLDocuments`); without it only JSON is read.
    let yaml: (any YAMLReading)?
    private let position: TextPosition

    /// A reader of the document at `start` of `bytes`.
    package init(table: String, bytes: [UInt8], start: Int, hosts: [HostPattern], caseInsensitive: Bool,
                 yaml: (any YAMLReading)? = nil) {
        self.table = table
        self.yaml = yaml
        self.bytes = bytes
        self.start = start
        self.hosts = hosts
        self.caseInsensitive = caseInsensitive
        position = TextPosition(bytes)
    }

    /// The methods an operation may be declared under, as a path item's keys.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// What the document says besides its routes, for `--check`: the line of each note.
    package typealias Note = (line: Int, detail: String)

    /// The routes of the document, what `--check` should say of lines that make none, and the
    /// document's tree, which the table keeps (see `RouteTable.document`).
    package func routes() throws(TableError) -> (routes: [Route], notes: [Note], document: JSONDocument.Node) {
        // the tree leaves out what routing never reads; a `$ref` into such a part has the
        // document read again, whole (rare: references point at components)
        var reachedOmitted = false
        do {
            return try routes(of: try document(outline: .root), reachedOmitted: &reachedOmitted)
        } catch where reachedOmitted {
            return try routes(of: try document(outline: .kept), reachedOmitted: &reachedOmitted)
        }
    }

    /// The routes, notes and tree of the document whose tree is `root`; `reachedOmitted` says
    /// whether a failure came from a `$ref` into a value the tree left out.
    private func routes(of root: JSONDocument.Node, reachedOmitted: inout Bool) throws(TableError)
        -> (routes: [Route], notes: [Note], document: JSONDocument.Node) {
        guard root.members != nil else { throw failure("an OpenAPI document is a mapping, not \(root.kindName)", at: root) }
        let swagger: Bool
        if let version = root["openapi"] {
            guard let text = version.string ?? (version.value.number), text.hasPrefix("3.") else {
                throw failure("'openapi' must be a 3.x version (urn reads OpenAPI 3.0 to 3.2 and Swagger 2.0)", at: version)
            }
            swagger = false
        } else if let version = root["swagger"] {
            guard let text = version.string ?? version.value.number, text == "2.0" || text == "2" else {
                throw failure("'swagger' must be \"2.0\"", at: version)
            }
            swagger = true
        } else {
            throw failure("no 'openapi' or 'swagger' version: not an OpenAPI document", at: root)
        }
        var context = Context(reader: self, resolver: ReferenceResolver(root: root, fail: { failure($0, at: $1) }))
        defer { reachedOmitted = context.resolver.reachedOmitted }
        let servers = swagger ? try context.swaggerServers(root) : try context.servers(root["servers"]) ?? [ServerURL("/")]
        guard let paths = root["paths"] else { return ([], [(line(of: root), "the document has no 'paths': it declares no operation")], root) }
        guard let items = paths.members else { throw failure("'paths' must be a mapping, not \(paths.kindName)", at: paths) }
        var routes: [Route] = []
        var notes: [Note] = []
        for (path, written) in items where !path.hasPrefix("x-") {
            guard path.hasPrefix("/") else { throw failure("path '\(path)' must begin with '/'", at: written) }
            let item = try context.resolve(written)
            guard item.members != nil else { throw failure("path '\(path)' must map to a path item, not \(item.kindName)", at: written) }
            let pathServers = swagger ? nil : try context.servers(item["servers"])
            let pathParameters = try context.parameters(item["parameters"], swagger: swagger)
            var declared = 0
            // an explicit `head` goes first, so that a HEAD request never falls back to the path's `get`
            let order = item.members!.filter { Self.methods.contains($0.key) }.sorted { ($0.key == "head" ? 0 : 1) < ($1.key == "head" ? 0 : 1) }
            for (key, operationNode) in order {
                let operation = try context.resolve(operationNode)
                guard operation.members != nil else { throw failure("'\(key)' must be an operation object, not \(operation.kindName)", at: operationNode) }
                declared += 1
                let operationServers = swagger ? try context.swaggerOperationServers(operation, servers) : try context.servers(operation["servers"])
                let own = try context.parameters(operation["parameters"], swagger: swagger)
                let parameters = Context.merged(pathParameters, own)
                routes += try context.routes(path: path, method: key.uppercased(), operation: operation, at: operationNode,
                                             parameters: parameters, servers: operationServers ?? pathServers ?? servers)
            }
            if declared == 0 { notes.append((line(of: written), "path '\(path)' declares no operation")) }
        }
        return (routes, notes + context.notes, root)
    }

    /// The document's tree, read as JSON when it starts with `{`, else as YAML, without what
    /// `outline` leaves out.
    private func document(outline: OpenAPIOutline) throws(TableError) -> JSONDocument.Node {
        let first = bytes[start...].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard first == UInt8(ascii: "{") else {
            guard let yaml else {
                throw TableError(table: table, line: position.line(of: start), column: nil,
                                 reason: "an OpenAPI document in YAML needs libyaml: read it through the UrnOpenAPI product (YAMLDocuments), or write it as JSON")
            }
            return try yaml.document(table: table, bytes: bytes, start: start, position: position,
                                     limits: DocumentLimits(byteCount: bytes.count - start), outline: outline)
        }
        do throws(JSONError) {
            return try JSONDocument(Array(bytes[start...]), outline: outline).root
        } catch {
            var message = Substring(error.message)
            if let cut = message.ranges(of: " at column ").last { message = message[..<cut.lowerBound] }
            throw TableError(table: table, line: position.line(of: start + error.at), column: position.column(of: start + error.at),
                             reason: String(message))
        }
    }

    /// The 1-based line of `node`.
    func line(of node: JSONDocument.Node) -> Int {
        position.line(of: start + node.offset)
    }

    /// An error at `node`.
    func failure(_ reason: String, at node: JSONDocument.Node) -> TableError {
        TableError(table: table, line: line(of: node), column: position.column(of: start + node.offset), reason: reason)
    }

    /// The reading of one document: its references, its patterns (each path's compiled once
    /// per base path) and the notes it gathers.
    private struct Context: ~Copyable {
        let reader: OpenAPIReader
        var resolver: ReferenceResolver
        var notes: [Note] = []
        var patterns: [String: Pattern] = [:]
        var pool = SegmentPool()
        /// The parameters read through each `$ref`, and the `pattern` regexes by source: most
        /// operations share their parameters, each read and compiled once.
        var referencedParameters: [String: PathParameter] = [:]
        var regexes: [String: Regex] = [:]

        init(reader: OpenAPIReader, resolver: ReferenceResolver) {
            self.reader = reader
            self.resolver = resolver
        }

        mutating func resolve(_ node: JSONDocument.Node) throws(TableError) -> JSONDocument.Node {
            try resolver.resolve(node)
        }

        func failure(_ reason: String, at node: JSONDocument.Node) -> TableError {
            reader.failure(reason, at: node)
        }

        /// The routes of one operation: one for each base path its servers give.
        mutating func routes(path: String, method: String, operation: JSONDocument.Node, at place: JSONDocument.Node,
                             parameters: [PathParameter], servers: [ServerURL]) throws(TableError) -> [Route] {
            let operationId = try string(operation["operationId"], "operationId")
            var tags: [String] = []
            if let node = operation["tags"] {
                guard let elements = node.array else { throw failure("'tags' must be a list, not \(node.kindName)", at: node) }
                for element in elements { if let tag = try string(element, "a tag") { tags.append(tag) } }
            }
            let deprecated = try bool(operation["deprecated"], "deprecated") ?? false
            // servers with one base path share a route, which takes the hosts of all of them
            var basePaths: [String] = []
            var origins: [String: [ServerOrigin]] = [:]
            for server in servers {
                for basePath in server.basePaths {
                    if origins[basePath] == nil { basePaths.append(basePath) }
                    origins[basePath, default: []].append(server.origin)
                }
            }
            var routes: [Route] = []
            for basePath in basePaths {
                let pattern = try self.pattern(path, basePath: basePath, at: place)
                let described = OpenAPIOperation(method: method, path: path, operationId: operationId, tags: tags, deprecated: deprecated,
                                                 parameters: parameters, origins: ServerOrigins(servers: origins[basePath]!, hosts: reader.hosts),
                                                 pattern: pattern)
                routes.append(Route(pattern: pattern, target: described.target, table: reader.table, line: reader.line(of: place),
                                    methods: [method], operation: described))
            }
            return routes
        }

        /// The pattern of `path` under `basePath`, compiled once.
        private mutating func pattern(_ path: String, basePath: String, at place: JSONDocument.Node) throws(TableError) -> Pattern {
            let key = basePath + path
            if let known = patterns[key] { return known }
            let parser = PatternParser(delimiter: "/", dialect: .urn, caseInsensitive: reader.caseInsensitive)
            do throws(PathTemplate.Failure) {
                let pattern = try PathTemplate.pattern(path, basePath: basePath, parser: parser, pool: &pool)
                patterns[key] = pattern
                return pattern
            } catch {
                throw failure("path '\(path)': \(error.reason)", at: place)
            }
        }

        // MARK: servers

        /// The servers of an OpenAPI 3 `servers` list; nil when there is none (the level above
        /// decides), the root `/` for an empty one.
        mutating func servers(_ node: JSONDocument.Node?) throws(TableError) -> [ServerURL]? {
            guard let node else { return nil }
            guard let elements = node.array else { throw failure("'servers' must be a list, not \(node.kindName)", at: node) }
            guard !elements.isEmpty else { return nil }
            var servers: [ServerURL] = []
            for written in elements {
                let server = try resolve(written)
                guard let url = try string(server["url"], "url") else { throw failure("a server needs a 'url'", at: server) }
                var values: [String: [String]] = [:]
                var anyValue: Set<String> = []
                if let variables = server["variables"] {
                    guard let members = variables.members else { throw failure("'variables' must be a mapping, not \(variables.kindName)", at: variables) }
                    for (name, variable) in members {
                        let defaultValue = try scalarText(variable["default"], "default")
                        var choices: [String] = []
                        if let list = variable["enum"] {
                            guard let items = list.array else { throw failure("'enum' must be a list, not \(list.kindName)", at: list) }
                            for item in items { if let choice = try scalarText(item, "an enum value") { choices.append(choice) } }
                        }
                        if let defaultValue, !choices.isEmpty, !choices.contains(defaultValue) {
                            notes.append((reader.line(of: variable), "server variable '\(name)': its default '\(defaultValue)' is not one of its enum values; urn serves both"))
                            choices.append(defaultValue)
                        }
                        guard !choices.isEmpty || defaultValue != nil else { throw failure("server variable '\(name)' needs a 'default'", at: variable) }
                        if choices.isEmpty, let defaultValue {
                            // OpenAPI 3.1.0 §4.8.6: `enum` limits the values; without it any value
                            // is one, and `default` only what a client sends when it has no other
                            if Self.standsForAnyValue(defaultValue) { anyValue.insert(name) } else { choices = [defaultValue] }
                        }
                        values[name] = choices
                    }
                }
                switch ServerURL.expanded(url, values: values, anyValue: anyValue) {
                case let .success(urls): servers += urls.map(ServerURL.init)
                case let .failure(error): throw failure(error.reason, at: server["url"] ?? server)
                }
            }
            return servers
        }

        /// Whether a server variable without `enum` whose default is `value` takes any value:
        /// yes where the default is one piece of a URL, a scheme, host, port or segment (or part
        /// of one). A default that is empty or holds `/`, `?`, `#`, `@` or braces spans or ends
        /// the URL's parts (`https://host{basePath}` with `/api/v1`): it is taken alone.
        static func standsForAnyValue(_ value: String) -> Bool {
            !value.isEmpty && !value.utf8.contains { "/?#@{}".utf8.contains($0) }
        }

        /// Swagger 2's servers: `schemes`, `host` and `basePath` of the document.
        func swaggerServers(_ root: JSONDocument.Node) throws(TableError) -> [ServerURL] {
            let host = try string(root["host"], "host")
            let basePath = try string(root["basePath"], "basePath")
            return ServerURL.swagger(schemes: try strings(root["schemes"], "schemes"), host: host, basePath: basePath)
        }

        /// A Swagger 2 operation's servers: the document's under its own `schemes`, if any.
        func swaggerOperationServers(_ operation: JSONDocument.Node, _ servers: [ServerURL]) throws(TableError) -> [ServerURL]? {
            guard operation["schemes"] != nil else { return nil }
            let schemes = try strings(operation["schemes"], "schemes")
            return servers.flatMap { server in
                schemes.map { scheme in
                    let lower = Array(scheme.utf8).map(ByteClass.lowercased)
                    return ServerURL(origin: ServerOrigin(scheme: lower, host: server.origin.host,
                                                          port: server.origin.host == nil ? nil : ServerOrigin.defaultPort(lower)),
                                     basePath: server.basePath, slashBasePath: server.slashBasePath)
                }
            }
        }

        // MARK: parameters

        /// The path parameters of a `parameters` list (others are no part of routing), with
        /// each one's `in` for merging.
        mutating func parameters(_ node: JSONDocument.Node?, swagger: Bool) throws(TableError) -> [(PathParameter, line: Int)] {
            guard let node else { return [] }
            guard let elements = node.array else { throw failure("'parameters' must be a list, not \(node.kindName)", at: node) }
            var found: [(PathParameter, line: Int)] = []
            for written in elements {
                let reference = written["$ref"]?.string
                if let reference, let known = referencedParameters[reference] {
                    found.append((known, reader.line(of: written)))
                    continue
                }
                let parameter = try resolve(written)
                guard try string(parameter["in"], "in") == "path" else { continue }
                guard let name = try string(parameter["name"], "name") else { throw failure("a parameter needs a 'name'", at: parameter) }
                if try bool(parameter["required"], "required") != true {
                    notes.append((reader.line(of: written), "path parameter '\(name)' must be 'required: true' (a path always has its value)"))
                }
                let read = try pathParameter(name, parameter, swagger: swagger)
                if let reference { referencedParameters[reference] = read }
                found.append((read, reader.line(of: written)))
            }
            return found
        }

        /// The path's parameters with the operation's, which replace those of the same name.
        static func merged(_ path: [(PathParameter, line: Int)], _ operation: [(PathParameter, line: Int)]) -> [PathParameter] {
            path.filter { inherited in !operation.contains { $0.0.name == inherited.0.name } }.map(\.0) + operation.map(\.0)
        }

        private mutating func pathParameter(_ name: String, _ node: JSONDocument.Node, swagger: Bool) throws(TableError) -> PathParameter {
            if swagger {
                // Swagger 2 writes the schema's keywords on the parameter itself
                let separator: UInt8 = switch try string(node["collectionFormat"], "collectionFormat") {
                case "ssv": UInt8(ascii: " ")
                case "tsv": UInt8(ascii: "\t")
                case "pipes": UInt8(ascii: "|")
                default: UInt8(ascii: ",")
                }
                return PathParameter(name: name, schema: try schema(node, depth: 0), separator: separator)
            }
            var style = PathParameter.Style.simple
            if let written = try string(node["style"], "style") {
                guard let known = PathParameter.Style(rawValue: written) else {
                    throw failure("style '\(written)' is not one of a path parameter's: simple, label, matrix", at: node["style"]!)
                }
                style = known
            }
            let explode = try bool(node["explode"], "explode") ?? false
            if let content = node["content"], node["schema"] == nil {
                _ = content  // a media type's text: taken as it is
                return PathParameter(name: name, style: style, explode: explode, schema: .any, isContent: true)
            }
            let schema = try node["schema"].map { (written) throws(TableError) in try self.schema(written, depth: 0) } ?? .any
            return PathParameter(name: name, style: style, explode: explode, schema: schema)
        }

        /// The most levels of `items` and `properties` a parameter's schema is read to.
        private static let schemaDepth = 4

        /// The schema at `node`: what a path value can be checked against.
        private mutating func schema(_ written: JSONDocument.Node, depth: Int) throws(TableError) -> ParameterSchema {
            let node = try resolve(written)
            guard node.members != nil else { throw failure("a schema must be a mapping, not \(node.kindName)", at: node) }
            var type: ParameterSchema.Kind?
            if let typeNode = node["type"] {
                // OpenAPI 3.1 may list types, `[integer, "null"]`: a path value is never null
                let names = typeNode.array.map { $0.compactMap(\.string).filter { $0 != "null" } } ?? typeNode.string.map { [$0] } ?? []
                guard names.count <= 1, let name = names.first ?? (typeNode.array != nil ? "string" : nil) else {
                    throw failure("'type' must be one type name", at: typeNode)
                }
                guard let kind = ParameterSchema.Kind(rawValue: name) else {
                    throw failure("type '\(name)' is not one of string, integer, number, boolean, array, object", at: typeNode)
                }
                type = kind
            }
            var pattern: Regex?
            if let source = try string(node["pattern"], "pattern") {
                do throws(Regex.CompileError) {
                    if regexes[source] == nil { regexes[source] = try Regex(source, anchoring: .source) }
                    pattern = regexes[source]
                } catch {
                    throw failure("invalid pattern: \(error.message)", at: node["pattern"]!)
                }
            }
            var items: ParameterSchema?
            var properties: [(name: String, schema: ParameterSchema)] = []
            if depth < Self.schemaDepth {
                if let itemsNode = node["items"] { items = try schema(itemsNode, depth: depth + 1) }
                if let propertiesNode = node["properties"], let members = propertiesNode.members {
                    for (name, property) in members { properties.append((name, try schema(property, depth: depth + 1))) }
                }
            }
            return ParameterSchema(type: type, format: try string(node["format"], "format"), allowed: node["enum"]?.array?.map(\.value),
                                   pattern: pattern, minimum: try bound(node, "minimum", "exclusiveMinimum"),
                                   maximum: try bound(node, "maximum", "exclusiveMaximum"),
                                   minLength: try int(node["minLength"], "minLength"), maxLength: try int(node["maxLength"], "maxLength"),
                                   items: items, properties: properties)
        }

        /// A bound: OpenAPI 3.0's `minimum` with a boolean `exclusiveMinimum`, or 3.1's numeric
        /// `exclusiveMinimum`.
        private func bound(_ node: JSONDocument.Node, _ inclusive: String, _ exclusive: String) throws(TableError) -> ParameterSchema.Bound? {
            if let written = node[exclusive], case let .number(text) = written.value, let value = Double(text) {
                return ParameterSchema.Bound(value: value, exclusive: true)
            }
            guard let written = node[inclusive] else { return nil }
            guard case let .number(text) = written.value, let value = Double(text) else {
                throw failure("'\(inclusive)' must be a number, not \(written.kindName)", at: written)
            }
            return ParameterSchema.Bound(value: value, exclusive: node[exclusive]?.bool == true)
        }

        // MARK: scalars

        func string(_ node: JSONDocument.Node?, _ what: String) throws(TableError) -> String? {
            guard let node else { return nil }
            guard let text = node.string else { throw failure("'\(what)' must be a string, not \(node.kindName)", at: node) }
            return text
        }

        func strings(_ node: JSONDocument.Node?, _ what: String) throws(TableError) -> [String] {
            guard let node else { return [] }
            guard let elements = node.array else { throw failure("'\(what)' must be a list, not \(node.kindName)", at: node) }
            var texts: [String] = []
            for element in elements { if let text = try string(element, what) { texts.append(text) } }
            return texts
        }

        /// A string, number or boolean as text (a server variable's value).
        func scalarText(_ node: JSONDocument.Node?, _ what: String) throws(TableError) -> String? {
            guard let node else { return nil }
            switch node.value {
            case let .string(text), let .number(text): return text
            case let .bool(flag): return flag ? "true" : "false"
            default: throw failure("\(what) must be a string, not \(node.kindName)", at: node)
            }
        }

        func bool(_ node: JSONDocument.Node?, _ what: String) throws(TableError) -> Bool? {
            guard let node else { return nil }
            guard let flag = node.bool else { throw failure("'\(what)' must be true or false, not \(node.kindName)", at: node) }
            return flag
        }

        func int(_ node: JSONDocument.Node?, _ what: String) throws(TableError) -> Int? {
            guard let node else { return nil }
            guard case let .number(text) = node.value, let value = Int(text) ?? Double(text).flatMap({ Int(exactly: $0) }) else {
                throw failure("'\(what)' must be a whole number, not \(node.kindName)", at: node)
            }
            return value
        }
    }
}

extension JSONDocument.Node.Value {
    /// A number's text.
    fileprivate var number: String? {
        if case let .number(text) = self { return text }
        return nil
    }
}
