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

extension Result where Failure == ServerURL.ExpansionError {
    /// The failure's reason, or nil.
    var failureReason: String? {
        if case let .failure(error) = self { return error.reason }
        return nil
    }
}
