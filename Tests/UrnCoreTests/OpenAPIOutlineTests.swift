import Testing
@_spi(Records) @testable import UrnCore
import UrnOpenAPI

/// The parts of an OpenAPI document routing never reads are left out of the tree
/// (`OpenAPIOutline`), and a `$ref` or YAML alias into one has the document read whole: the
/// routes are always those of the whole document.
extension OpenAPIReaderTests {
    @Test func theOutlineLeavesOutDescriptionsResponsesAndBodies() {
        #expect(OpenAPIOutline.root.member("info") == .omitted)
        #expect(OpenAPIOutline.root.member("x-anything") == .kept)
        #expect(OpenAPIOutline.root.member("paths").member("/a").member("get") == .operation)
        #expect(OpenAPIOutline.root.member("paths").member("/a").member("get").member("responses") == .omitted)
        #expect(OpenAPIOutline.root.member("paths").member("/a").member("get").member("parameters") == .kept)
        #expect(OpenAPIOutline.root.member("paths").member("/a").member("description") == .omitted)
        #expect(OpenAPIOutline.root.member("components").member("schemas") == .kept)
        #expect(OpenAPIOutline.root.member("components").member("examples") == .omitted)
        // a server variable may be called `description`: only an operation's or path item's is left out
        #expect(OpenAPIOutline.root.member("servers").element.member("variables").member("description") == .kept)
        #expect(OpenAPIOutline.omitted.element == .omitted)
    }

    @Test func yamlAndJSONTreesLeaveTheOutlinedPartsOut() throws {
        let yaml = Array("openapi: 3.0.0\ninfo: {title: t}\npaths:\n  /a:\n    get: {operationId: a, responses: {'200': {description: OK}}}\n".utf8)
        let tree = try YAMLEventReader(table: "t", bytes: yaml, start: 0, position: TextPosition(yaml))
            .document(limits: DocumentLimits(byteCount: yaml.count), outline: .root)
        let json = try JSONDocument(Array(#"{"openapi": "3.0.0", "info": {"title": "t"}, "paths": {"/a": {"get": {"operationId": "a", "responses": {}}}}}"#.utf8),
                                    outline: OpenAPIOutline.root).root
        for root in [tree, json] {
            #expect(root["info"]?.kindName == "a value left unread")
            #expect(root["paths"]?["/a"]?["get"]?["operationId"]?.string == "a")
            #expect(root["paths"]?["/a"]?["get"]?["responses"]?.kindName == "a value left unread")
        }
    }

    /// A parameter whose `$ref` points into `info` (left out), in YAML and in JSON.
    @Test func aReferenceIntoAPartLeftOutReadsTheDocumentWhole() throws {
        let yaml = """
            openapi: 3.0.0
            info:
              title: t
              x-shared: {name: id, in: path, required: true, schema: {type: integer}}
            paths:
              /a/{id}:
                get:
                  operationId: getA
                  parameters: [{$ref: '#/info/x-shared'}]
                  responses: {'200': {description: OK}}
            """
        let json = """
            {"openapi": "3.0.0", "info": {"title": "t", "x-shared": {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}},
             "paths": {"/a/{id}": {"get": {"operationId": "getA", "parameters": [{"$ref": "#/info/x-shared"}]}}}}
            """
        #expect(try route(yaml, "/a/42") == "getA id=42")
        #expect(try route(yaml, "/a/x") == "getA id=\"x\" invalid=id:type: integer")
        #expect(try route(json, "/a/42") == "getA id=42")
        // and a reference that points to nothing there still says so
        #expect(failure(yaml.replacingFirst("x-shared'", "x-none'")).hasSuffix("'$ref' '#/info/x-none' points to nothing: no 'x-none'"))
    }

    /// A parameter that is an alias of an anchor written inside a response (left out).
    @Test func anAliasOfAnAnchorLeftOutReadsTheDocumentWhole() throws {
        let yaml = """
            openapi: 3.0.0
            paths:
              /a/{id}:
                get:
                  operationId: getA
                  responses:
                    '200':
                      description: OK
                      headers:
                        X-Id: &id {name: id, in: path, required: true, schema: {type: integer}}
              /b/{id}:
                get:
                  operationId: getB
                  parameters: [*id]
            """
        #expect(try route(yaml, "/a/42") == "getA id=\"42\"")
        #expect(try route(yaml, "/b/42") == "getB id=42")
    }

    /// What a hostile document asks for is refused in the parts left out too.
    @Test func refusalsHoldInThePartsLeftOut() {
        let head = "openapi: 3.0.0\npaths:\n  /a:\n    get:\n      operationId: a\n"
        #expect(failure(head + "      description: !!binary aGk=\n").hasSuffix("the YAML tag '!!binary' asks for a type: an OpenAPI document needs none"))
        #expect(failure(head + "      description: !!int x\n").hasSuffix("'x' is not what its tag !!int says"))
        #expect(failure(head + "      responses: {[a]: b}\n").hasSuffix("a mapping key must be a scalar"))
        #expect(failure(head + "      responses: {a: *nowhere}\n").hasSuffix("alias '*nowhere' names no anchor before it"))
        var bomb = "openapi: 3.0.0\ninfo:\n  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 { bomb += "  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(failure(bomb + "paths: {}\n").contains("(an alias bomb?)"))
    }
}
