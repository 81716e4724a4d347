import Testing
@_spi(Records) @testable import UrnCore

/// Server URLs as routing reads them (`ServerURL`): origin and base path, variables expanded.
@Suite struct ServerURLTests {
    func shown(_ url: String) -> String {
        let server = ServerURL(url)
        return server.origin.description + " " + (server.basePath.isEmpty ? "(root)" : server.basePath)
    }

    @Test func originsAndBasePaths() {
        #expect(shown("https://API.example.com/v1/") == "https://api.example.com /v1")
        #expect(shown("http://localhost:8080") == "http://localhost:8080 (root)")
        #expect(shown("//cdn.example.com/assets") == "//cdn.example.com /assets")
        #expect(shown("/v2") == "//* /v2")
        #expect(shown("v2/api") == "//* /v2/api")
        #expect(shown("./") == "//* (root)")
        #expect(shown("https://user@[::1]:8443/x?debug=1") == "https://[::1]:8443 /x")
    }

    @Test func variablesExpandToEachValue() throws {
        let values = ["region": ["eu", "us"], "version": ["v1"]]
        #expect(try ServerURL.expanded("https://{region}.example.com/{version}", values: values).get()
                    == ["https://eu.example.com/v1", "https://us.example.com/v1"])
        #expect(ServerURL.expanded("https://{zone}.example.com", values: values).failureReason == "server variable 'zone' is not declared under 'variables'")
        #expect(ServerURL.expanded("https://{region.example.com", values: values).failureReason == "unbalanced '{' in the server URL")
        let many = Dictionary(uniqueKeysWithValues: (0..<5).map { ("v\($0)", (0..<4).map(String.init)) })
        #expect(ServerURL.expanded("/{v0}/{v1}/{v2}/{v3}/{v4}", values: many).failureReason == "the server's variables expand to more than 256 URLs")
    }
}

/// Server variables without `enum`, which take any value (OpenAPI 3.1.0 §4.8.6), and server
/// URLs that end in `/` (§4.8.8.1: a path is appended to the URL as written). Issue 56.
@Suite struct ServerVariableTests {
    @Test func aVariableWithoutEnumStaysInTheURL() throws {
        #expect(try ServerURL.expanded("{scheme}://api.example.com:{port}/{base}", values: ["scheme": [], "port": [], "base": []],
                                       anyValue: ["scheme", "port", "base"]).get() == ["{scheme}://api.example.com:{port}/{base}"])
        #expect(try ServerURL.expanded("https://{region}.example.com/{v}", values: ["v": ["v1", "v2"]], anyValue: ["region"]).get()
                    == ["https://{region}.example.com/v1", "https://{region}.example.com/v2"])
    }

    @Test func anySchemePortAndHost() throws {
        let server = ServerURL("{scheme}://api.example.com:{port}/{base}")
        #expect(server.origin.scheme == nil && server.origin.port == nil)
        #expect(server.basePath == "/{base}")
        let link = { (text: String) in try LinkParser().parse(text) }
        #expect(server.origin.accepts(try link("http://api.example.com:8080/x")))
        #expect(!server.origin.accepts(try link("https://other.example.com/x")))
        let region = ServerURL("https://{region}.example.com")
        #expect(region.origin.port == 443)
        #expect(region.origin.accepts(try link("https://eu-west.example.com/x")))
        #expect(!region.origin.accepts(try link("https://example.com/x")))
        #expect(!region.origin.accepts(try link("https://eu.example.org/x")))
        // a whole-host variable may carry a port: any port
        #expect(ServerURL("http://{host}/api").origin.port == nil)
    }

    @Test func hostPiecesFitLeftmostFirst() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array(".".utf8), Array(".com".utf8)]
        #expect(ServerOrigin.fits(Array("ax.y.com".utf8), pieces))
        #expect(ServerOrigin.fits(Array("ax.y.z.com".utf8), pieces))
        #expect(!ServerOrigin.fits(Array("a.y.com".utf8), pieces))  // each variable takes a byte at least
        #expect(!ServerOrigin.fits(Array("ax.com".utf8), pieces))
    }

    @Test func aURLEndingInSlashIsTwoBasePaths() {
        #expect(ServerURL("https://api.example.com/v2/").basePaths == ["/v2", "/v2/"])
        #expect(ServerURL("https://api.example.com/v2").basePaths == ["/v2"])
        #expect(ServerURL("/").basePaths == [""])  // `//items` would name a host
        #expect(ServerURL("v2/").basePaths == ["/v2", "/v2/"])
    }
}

extension Result where Failure == ServerURL.ExpansionError {
    /// The failure's reason, or nil.
    var failureReason: String? {
        if case let .failure(error) = self { return error.reason }
        return nil
    }
}
