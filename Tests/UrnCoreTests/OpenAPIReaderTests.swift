import Testing
@_spi(Records) @testable import UrnCore
import UrnOpenAPI

/// OpenAPI documents as route tables (urn-routes(5) OPENAPI TABLES): JSON and YAML alike,
/// servers and their variables, Swagger 2's host and basePath, `$ref`s, path templating,
/// precedence, methods, and typed arguments with the rules values break.
@Suite struct OpenAPIReaderTests {
    func table(_ text: String, hosts: [HostPattern] = []) throws(TableError) -> RouteTable {
        try RouteTableParser(hosts: hosts, yaml: YAMLDocuments()).parse(text, name: "api")
    }

    func failure(_ text: String) -> String {
        do {
            _ = try table(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// The route a request takes: `target args` (with ` invalid=param:rule` when a value breaks
    /// its schema), or `-`.
    func route(_ text: String, _ link: String, method: String? = nil, hosts: [HostPattern] = []) throws -> String {
        let matcher = Matcher(tables: [try table(text, hosts: hosts)])
        guard let match = try matcher.firstMatch(try LinkParser().parse(link), method: method) else { return "-" }
        var args: [String] = []
        for (name, value) in match.args {
            let shown: String = switch value {
            case let .string(bytes): "\"" + String(decoding: bytes, as: UTF8.self) + "\""
            case let .int(int): String(int)
            case let .double(double): String(double)
            case let .json(text): String(decoding: text, as: UTF8.self)
            case let .float(float): String(float)
            }
            args.append(String(decoding: name, as: UTF8.self) + "=" + shown)
        }
        let invalid = match.invalid.map { " invalid=\($0.param):\($0.rule)" }.joined()
        return ([match.route.target ?? "nil"] + args).joined(separator: " ") + invalid
    }

    /// An OpenAPI 3.0 document of `paths` (their lines, indented as under `paths:`).
    func document(_ paths: String) -> String {
        "openapi: 3.0.0\ninfo: {title: t, version: \"1\"}\npaths:\n" + paths
    }

    let pets = """
        openapi: 3.0.3
        info: {title: pets, version: "1"}
        servers: [{url: "https://api.example.com/v1"}]
        paths:
          /pets:
            get: {operationId: listPets}
          /pets/mine:
            get: {operationId: mine}
          /pets/{petId}:
            parameters:
              - $ref: '#/components/parameters/petId'
            get: {operationId: showPet}
            delete: {operationId: deletePet}
          /files/{name}.{ext}:
            get:
              operationId: file
              parameters:
                - {name: name, in: path, required: true, schema: {type: string}}
                - {name: ext, in: path, required: true, schema: {type: string, enum: [png, jpg]}}
        components:
          parameters:
            petId: {name: petId, in: path, required: true, schema: {type: integer}}
        """

    @Test func oneRoutePerPathAndMethodInDocumentOrder() throws {
        let routes = try table(pets).routes
        #expect(routes.map(\.target) == ["listPets", "mine", "showPet", "deletePet", "file"])
        #expect(routes.map(\.pattern.text) == ["/v1/pets", "/v1/pets/mine", "/v1/pets/{petId}", "/v1/pets/{petId}", "/v1/files/{name}.{ext}"])
        #expect(routes.map(\.line) == [6, 8, 12, 13, 15])
        #expect(routes[2].methods == ["GET"])
        #expect(try table(pets).format == .openapi)
    }

    @Test func jsonAndYAMLGiveTheSameRoutes() throws {
        let json = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/a/{id}": {"get": {"operationId": "getA",
               "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}]}}}}
            """
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            paths:
              /a/{id}:
                get:
                  operationId: getA
                  parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            """
        #expect(try route(json, "/a/42") == "getA id=42")
        #expect(try route(yaml, "/a/42") == "getA id=42")
    }

    @Test func templatesArgumentsAndInvalidValues() throws {
        #expect(try route(pets, "/v1/pets/42") == "showPet petId=42")
        #expect(try route(pets, "/v1/pets/42", method: "DELETE") == "deletePet petId=42")
        // the template alone picks the operation: a value that does not fit stays on it
        #expect(try route(pets, "/v1/pets/abc") == "showPet petId=\"abc\" invalid=petId:type: integer")
        #expect(try route(pets, "/v1/pets/+5") == "showPet petId=\"+5\" invalid=petId:type: integer")
        #expect(try route(pets, "/v1/pets/1e3") == "showPet petId=\"1e3\" invalid=petId:type: integer")
        #expect(try route(pets, "/v1/pets/mine") == "mine")  // concrete before templated
        #expect(try route(pets, "/v1/files/a%20b.png") == "file name=\"a b\" ext=\"png\"")
        #expect(try route(pets, "/v1/files/a.gif") == "file name=\"a\" ext=\"gif\" invalid=ext:enum: [png, jpg]")
        // a trailing slash is a segment (OpenAPI 3.1.0 §4.8.8.1: the path is appended to the
        // server URL as written): an empty petId, which its operation refuses (issue 56)
        #expect(try route(pets, "/v1/pets/") == "showPet petId=\"\" invalid=petId:required: true")
        #expect(try route(pets, "/v1/pets/42/") == "-")
        #expect(try route(pets, "/v1/files/.png") == "file name=\"\" ext=\"png\" invalid=name:required: true")
        // dot segments are removed first (RFC 3986 §5.2.4)
        #expect(try route(pets, "/v1/x/../pets/./42") == "showPet petId=42")
        #expect(try route(pets, "/v1/pets/42", method: "PUT") == "-")
        #expect(try route(pets, "/pets/42") == "-")  // the server's base path is part of every path
    }

    @Test func serversDecideHostsAndOriginFormTakesAnyHost() throws {
        #expect(try route(pets, "https://api.example.com/v1/pets") == "listPets")
        #expect(try route(pets, "https://API.example.com:443/v1/pets") == "listPets")
        #expect(try route(pets, "http://api.example.com/v1/pets") == "-")
        #expect(try route(pets, "https://other.example.com/v1/pets") == "-")
        #expect(try route(pets, "https://api.example.com:8443/v1/pets") == "-")
        #expect(try route(pets, "/v1/pets", hosts: [HostPattern("api.example.com")!]) == "listPets")
        #expect(try route(pets, "https://api.example.com/v1/pets", hosts: [HostPattern("*.example.org")!]) == "-")
    }

    @Test func serverVariablesAndOverridesAtPathAndOperation() throws {
        let text = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            servers:
              - url: https://{region}.example.com/{version}
                variables:
                  region: {default: eu}
                  version: {default: v2, enum: [v1, v2]}
            paths:
              /a:
                get: {operationId: a}
              /b:
                servers: [{url: /path-level}]
                get: {operationId: b}
                put:
                  operationId: bPut
                  servers: [{url: /operation-level}]
            """
        #expect(try table(text).routes.map(\.pattern.text) == ["/v1/a", "/v2/a", "/path-level/b", "/operation-level/b"])
        #expect(try route(text, "https://eu.example.com/v1/a") == "a")
        // OpenAPI 3.1.0 §4.8.6: a variable without `enum` (region) takes any value, one with
        // (version) its enum values only (issue 56)
        #expect(try route(text, "https://us.example.com/v1/a") == "a")
        #expect(try route(text, "https://example.com/v1/a") == "-")
        #expect(try route(text, "https://eu.example.com/v3/a") == "-")
        #expect(try route(text, "/path-level/b", method: "PUT") == "-")
        #expect(try route(text, "/operation-level/b", method: "PUT") == "bPut")
        #expect(failure(text.replacingFirst("region: {default: eu}", "other: {default: eu}"))
                    == "api:4:10: server variable 'region' is not declared under 'variables'")
    }

    @Test func swaggerHostBasePathAndSchemes() throws {
        let text = """
            swagger: "2.0"
            info: {title: t, version: "1"}
            host: api.example.com:8080
            basePath: /api
            schemes: [http]
            paths:
              /items/{id}:
                get:
                  operationId: item
                  parameters:
                    - {name: id, in: path, required: true, type: array, items: {type: integer}, collectionFormat: pipes}
            """
        #expect(try route(text, "http://api.example.com:8080/api/items/1%7C2%7C3") == "item id=[1,2,3]")
        #expect(try route(text, "/api/items/4") == "item id=[4]")
        #expect(try route(text, "https://api.example.com:8080/api/items/4") == "-")
    }

    @Test func stylesLabelMatrixAndExplode() throws {
        func doc(_ style: String, _ explode: Bool, _ type: String) -> String {
            document("""
              /x/{id}:
                get:
                  operationId: x
                  parameters:
                    - name: id
                      in: path
                      required: true
                      style: \(style)
                      explode: \(explode)
                      schema: {type: \(type), items: {type: integer}}
            """)
        }
        #expect(try route(doc("label", false, "integer"), "/x/.5") == "x id=5")
        #expect(try route(doc("label", false, "integer"), "/x/5") == "x id=\"5\" invalid=id:style: label")
        #expect(try route(doc("matrix", false, "integer"), "/x/;id=5") == "x id=5")
        #expect(try route(doc("matrix", false, "array"), "/x/;id=3,4") == "x id=[3,4]")
        #expect(try route(doc("matrix", true, "array"), "/x/;id=3;id=4") == "x id=[3,4]")
        #expect(try route(doc("label", true, "array"), "/x/.3.4") == "x id=[3,4]")
        #expect(try route(doc("simple", false, "array"), "/x/3,x") == "x id=[3,\"x\"] invalid=id:items: type: integer")
        #expect(try route(doc("simple", true, "object"), "/x/a=1,b=2") == "x id={\"a\":\"1\",\"b\":\"2\"}")
        #expect(try route(doc("simple", false, "boolean"), "/x/true") == "x id=true")
        #expect(try route(doc("simple", false, "boolean"), "/x/True") == "x id=\"True\" invalid=id:type: boolean")
        #expect(try route(doc("simple", false, "number"), "/x/1.5") == "x id=1.5")
    }

    @Test func precedenceIsFewerExpressionsThenDocumentOrder() throws {
        let text = document("""
              /b/{x}/c:
                get: {operationId: first}
              /b/y/{z}:
                get: {operationId: second}
              /b/y/c:
                get: {operationId: concrete}
              /h/{id}:
                get: {operationId: getH}
                head: {operationId: headH}
              /g/{id}:
                get: {operationId: getG}
            """)
        #expect(try route(text, "/b/y/c") == "concrete")
        #expect(try route(text, "/b/y/d") == "second z=\"d\"")
        #expect(try route(text, "/b/q/c") == "first x=\"q\"")
        #expect(try route(text, "/b/y/c2") == "second z=\"c2\"")
        // OpenAPI 3.1.0 §4.8.8.2 leaves ambiguous matches to the tool: fewer expressions win,
        // as in openapi-core, whatever the document order; alone, {name}.{ext} splits greedily
        let files = document("""
              /files/{name}.{ext}:
                get: {operationId: dotted}
              /files/{name}:
                get: {operationId: whole}
            """)
        #expect(try route(files, "/files/a.b.json") == "whole name=\"a.b.json\"")
        let dotted = document("""
              /files/{name}.{ext}:
                get: {operationId: dotted}
            """)
        #expect(try route(dotted, "/files/a.b.json") == "dotted name=\"a.b\" ext=\"json\"")
        // an explicit head wins; without one, HEAD is served by GET
        #expect(try route(text, "/h/1", method: "HEAD") == "headH id=\"1\"")
        #expect(try route(text, "/g/1", method: "HEAD") == "getG id=\"1\"")
    }

    @Test func referencesAreResolvedWithinTheDocumentOnly() {
        let base = document("""
              /a/{id}:
                get:
                  parameters: [{$ref: 'REF'}]
            components:
              parameters:
                loop: {$ref: '#/components/parameters/back'}
                back: {$ref: '#/components/parameters/loop'}
                self: {$ref: '#/components/parameters/self'}
            """)
        func with(_ reference: String) -> String { failure(base.replacingFirst("REF", reference)) }
        #expect(with("common.yaml#/components/parameters/id")
                    == "api:6:27: '$ref' to another document ('common.yaml#/components/parameters/id') is not followed: urn reads one document; bundle it into one first")
        #expect(with("#/components/parameters/loop").hasSuffix("'$ref' cycle: #/components/parameters/loop -> #/components/parameters/back -> #/components/parameters/loop"))
        #expect(with("#/components/parameters/self").hasSuffix("'$ref' cycle: #/components/parameters/self -> #/components/parameters/self"))
        #expect(with("#/components/parameters/none").hasSuffix("'$ref' '#/components/parameters/none' points to nothing: no 'none'"))
    }

    @Test func documentErrorsNameTheirPlace() {
        #expect(failure("openapi: 2.0\npaths: {}\n") == "api:1:10: 'openapi' must be a 3.x version (urn reads OpenAPI 3.0 to 3.2 and Swagger 2.0)")
        #expect(failure("openapi: 3.0.0\npaths:\n  pets: {}\n") == "api:3:3: path 'pets' must begin with '/'")
        #expect(failure("openapi: 3.0.0\npaths:\n  '/a/{b:c}':\n    get: {}\n") == "api:4:5: path '/a/{b:c}': a template expression's name may not hold ':'")
        #expect(failure("openapi: 3.0.0\npaths:\n  /a/{x}:\n    get:\n      parameters: [{name: x, in: path, required: true, schema: {type: int}}]\n")
                    == "api:5:71: type 'int' is not one of string, integer, number, boolean, array, object")
        #expect(failure("{\"openapi\": \"3.0.0\", \"paths\": [}") == "api:1:32: invalid JSON: expected a value, found '}'")
    }

    @Test func urnSyntaxInAPathIsLiteral() throws {
        let text = document("""
              /v1/{name}:cancel:
                post: {operationId: cancel}
              /files/*:
                get: {operationId: star}
            """)
        #expect(try route(text, "/v1/jobs%2F7:cancel") == "cancel name=\"jobs/7\"")
        #expect(try route(text, "/files/*") == "star")
        #expect(try route(text, "/files/x") == "-")
    }
}

extension String {
    /// The text with the first `old` replaced by `new`.
    func replacingFirst(_ old: String, _ new: String) -> String {
        guard let range = ranges(of: old).first else { return self }
        var replaced = self
        replaced.replaceSubrange(range, with: new)
        return replaced
    }
}
