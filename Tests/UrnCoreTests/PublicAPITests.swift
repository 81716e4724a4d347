import Testing
import UrnAppLinks
import UrnCore
import UrnDomains
import UrnOpenAPI

/// The public API as a library user sees it (no SPI, no @testable): links, tables, the router,
/// link building, templates, app-link tables and domains.
@Suite struct PublicAPITests {
    @Test func parsedLinkGivesDecodedParts() throws {
        let link = try ParsedLink("https://Alice@Example.com:8080/a/b%20c?x=1&x=2&flag#top")
        #expect(link.kind == .url)
        #expect(link.scheme == "https" && link.user == "Alice" && link.host == "example.com" && link.port == 8080)
        #expect(link.path == "/a/b c" && link.segments == ["a", "b c"] && link.fragment == "top")
        #expect(link.queryItems.map(\.key) == ["x", "x", "flag"] && link.queryItems.map(\.value) == ["1", "2", ""])
        #expect(try ParsedLink("post:BYOkwgXnwr3").segments == ["post", "BYOkwgXnwr3"])
        #expect(try ParsedLink("urn:isbn:0451450523").namespace == "isbn")
        #expect(try ParsedLink("HTTP://Example.COM:80/a/./b/../c").normalized == "http://example.com/a/c")
        #expect(try ParsedLink("../d").resolved(against: "http://a/b/c/").description == "http://a/b/d")
    }

    @Test func badLinksAndTablesThrowCodedErrors() {
        #expect { try ParsedLink("http://a.b:x/") } throws: { ($0 as? UrnError)?.code == "invalid-port" && ($0 as? UrnError)?.offset == 11 }
        do {
            _ = try RouteTable(parsing: "/ok\n/a/{id", name: "t.routes")
            Issue.record("an unbalanced brace was accepted")
        } catch {
            #expect(error.code == "invalid-table" && error.table == "t.routes" && error.line == 2)
            #expect(error.description.hasPrefix("t.routes:2:"))
        }
    }

    @Test func routerAnswersTypedArguments() throws {
        let router = try Router(routes: "myapp://user/<int:id> UserViewController\nmyapp://post/<title> PostViewController",
                                dialect: .navigator)
        let match = try #require(try router.route("myapp://user/42"))
        #expect(match.route.target == "UserViewController" && match.route.line == 1)
        #expect(match.arguments["id"] == .integer(42))
        #expect(try router.route(bytes: Array("myapp://post/a%20b".utf8))?.arguments["title"] == .string("a%20b"))
        #expect(try router.route("myapp://user/devxoul") == nil)
        #expect(try router.explain("myapp://user/devxoul").first?.reason == "type of placeholder 'id' at segment 2: 'devxoul' is not an int")
        #expect(try Router(sharingTablesOf: router).route("myapp://user/7")?.arguments["id"] == .integer(7))
    }

    @Test func stacksAndMethods() throws {
        let router = try Router(routes: "list\nlist/:id\nlist/:id/extra", dialect: .urn)
        #expect(try router.stack("app://list/3/extra").map(\.link) == ["app://list", "app://list/3", "app://list/3/extra"])
        let web = try Router(routes: "GET /repos/:owner/:repo Repo\nDELETE /repos/:owner/:repo Gone", dialect: .express)
        #expect(try web.route("/repos/a/b", method: "delete")?.route.target == "Gone")
        #expect(try web.routes("/repos/a/b").count == 2)
    }

    @Test func linkTemplateBuildsAndChecks() throws {
        let user = try LinkTemplate("/user/{id:[0-9]+}/{name}")
        #expect(user.placeholders == ["id", "name"])
        #expect(try user.link(["id": "7", "name": "a b"]) == "/user/7/a%20b")
        #expect(throws: UrnError.self) { try user.link(["id": "x", "name": "a"]) }
    }

    @Test func recordTemplatesRenderRecordsAndLinks() throws {
        let template = try RecordTemplate(#"{route.target}\t{host}\t{query:page}"#)
        #expect(try template.render(record: #"{"link":"https://h.example/x?page=2","route":{"target":"T"}}"#) == "T\th.example\t2")
        #expect(try template.render(link: "https://a.example/?page=9") == "\ta.example\t9")
        #expect(throws: UrnError.self) { try RecordTemplate("{unknown-part").render(link: "x:y") }
        let domains = try RecordTemplate("{domain} {puny:host}", domains: SystemDomains())
        #expect(try domains.render(link: "https://www.bücher.example.co.uk/") == "example.co.uk www.xn--bcher-kva.example.co.uk")
        #expect(throws: UrnError.self) { try RecordTemplate("{puny:host}").render(link: "https://bücher.example/") }
        // without UrnDomains a domain field or host form is refused at once, not rendered empty
        for text in ["{domain}", "{host} {tld}", "{subdomain}", "{puny:host}", "{idn:url}"] {
            #expect(throws: UrnError(code: "invalid-template", message: "'\(text.split(separator: " ").last!)' needs the UrnDomains product: RecordTemplate(_:domains:)")) {
                try RecordTemplate(text)
            }
        }
        #expect(try RecordTemplate("{ext} {file} {host}").render(link: "https://a.example/x.tar.gz") == "gz x.tar.gz a.example")
    }

    @Test func domainsAndManifests() throws {
        let host = HostDomain(host: "a.b.Example.co.uk")
        #expect(host.domain == "example.co.uk" && host.subdomain == "a.b" && host.suffix == "co.uk")
        #expect(try SystemDomains().punycode("räksmörgås.se") == "xn--rksmrgs-5wao1o.se")
        #expect(try SystemDomains().unicodeForm("xn--rksmrgs-5wao1o.se") == "räksmörgås.se")
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app"><application>
            <activity android:name=".Item"><intent-filter><action android:name="android.intent.action.VIEW"/>
            <category android:name="android.intent.category.DEFAULT"/><category android:name="android.intent.category.BROWSABLE"/>
            <data android:scheme="https" android:host="example.com" android:pathPrefix="/item"/></intent-filter></activity>
            </application></manifest>
            """
        #expect(throws: UrnError.self) { try RouteTable(parsing: manifest) }
        let table = try RouteTable(parsingAppLinks: manifest, name: "AndroidManifest.xml")
        #expect(try Router(tables: [table]).route("https://example.com/item/3")?.route.target == "com.example.app.Item")
    }

    @Test func openAPIDocumentsInJSONAndYAML() throws {
        let yaml = """
            openapi: 3.0.3
            servers: [{url: "https://api.example.com/v1"}]
            paths:
              /pets/{petId}:
                get:
                  operationId: showPet
                  parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
            """
        let table = try RouteTable(parsingOpenAPI: yaml, name: "api.yaml")
        let match = try #require(try Router(tables: [table]).route("https://api.example.com/v1/pets/7", method: "GET"))
        #expect(match.route.target == "showPet" && match.arguments["petId"] == .integer(7))
        #expect { try RouteTable(parsing: yaml) } throws: { ($0 as? UrnError)?.message.contains("UrnOpenAPI") == true }
        let json = #"{"openapi":"3.0.3","paths":{"/pets":{"get":{"operationId":"listPets"}}}}"#
        #expect(try Router(tables: [RouteTable(parsing: json)]).route("/pets", method: "GET")?.route.target == "listPets")
    }
}
