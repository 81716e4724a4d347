import Testing
@_spi(Records) @testable import UrnCore

@Suite struct PatternParserTests {
    func kinds(_ pattern: Pattern) -> [String] {
        pattern.segments.map { segment in
            switch segment {
            case let .literal(text): return "lit:" + String(decoding: text, as: UTF8.self)
            case let .placeholder(p): return "ph:\(p.name):\(p.type.identity)"
            case let .composite(c): return "comp:" + c.placeholders.map(\.name).joined(separator: ",")
            case .wildcard: return "*"
            case let .catchAll(name): return "all:" + (name ?? "")
            }
        }
    }

    func parse(_ text: String, dialect: Dialect = .urn, delimiter: String = ":") throws -> Pattern {
        try PatternParser(delimiter: delimiter, dialect: dialect).parse(text)
    }

    func error(_ text: String) -> PatternError? {
        do { _ = try PatternParser().parse(text); return nil } catch { return error }
    }

    @Test func compassSplitsOnTheDelimiter() throws {
        #expect(kinds(try parse("post:{postId}:comments")) == ["lit:post", "ph:postId:string", "lit:comments"])
        #expect(kinds(try parse("a/b/c", delimiter: "/")) == ["lit:a", "lit:b", "lit:c"])
        #expect(kinds(try parse("logout")) == ["lit:logout"])
    }

    /// Compass tests `hasPrefix("{")` on Swift Characters (Navigator.swift:100): a `{` that a
    /// combining mark follows is another Character, so the part is a literal.
    @Test func compassBraceWithACombiningMarkIsALiteral() throws {
        #expect(kinds(try parse("{\u{301}x}/y", dialect: .compass, delimiter: "/")) == ["lit:{\u{301}x}", "lit:y"])
        #expect(kinds(try parse("a:{\u{20DD}}", dialect: .compass)) == ["lit:a", "lit:{\u{20DD}}"])
        #expect(kinds(try parse("{a}/y", dialect: .compass, delimiter: "/")) == ["ph:a:string", "lit:y"])
    }

    @Test func urlNavigatorTypes() throws {
        let pattern = try parse("myapp://user/<int:id>/<name>/<uuid:u>/<float:f>/<path:rest>")
        #expect(pattern.scheme == Array("myapp".utf8))
        #expect(pattern.host == nil)
        #expect(kinds(pattern) == ["lit:user", "ph:id:int", "ph:name:string", "ph:u:uuid", "ph:f:float", "all:rest"])
    }

    @Test func webPatternsRequireTheirHost() throws {
        let pattern = try parse("https://Example.com/u/{id}")
        #expect(pattern.host == Array("example.com".utf8))
        #expect(kinds(pattern) == ["lit:u", "ph:id:string"])
    }

    @Test func expressPlaceholdersOnlyAtSegmentStart() throws {
        #expect(kinds(try parse("/repos/:owner/:repo")) == ["lit:repos", "ph:owner:string", "ph:repo:string"])
        #expect(kinds(try parse("/a/b:c")) == ["lit:a", "lit:b:c"])
        #expect(kinds(try parse("/a/*/c/*rest")) == ["lit:a", "*", "lit:c", "all:rest"])
        #expect(kinds(try parse("/a/*")) == ["lit:a", "all:"])
    }

    @Test func regexConstraintsWithBalancedBraces() throws {
        let pattern = try parse("post:{postId:[A-Za-z0-9_-]{11}}")
        #expect(kinds(pattern) == ["lit:post", "ph:postId:regex:[A-Za-z0-9_-]{11}"])
        #expect(kinds(try parse("/user/{id:[0-9]+}")) == ["lit:user", "ph:id:regex:[0-9]+"])
        #expect(kinds(try parse("/a/{x:a\\}b}")) == ["lit:a", "ph:x:regex:a\\}b"])
    }

    @Test func placeholdersShareSegmentsWithText() throws {
        #expect(kinds(try parse("/files/{name}.{ext:png|jpg}")) == ["lit:files", "comp:name,ext"])
        #expect(kinds(try parse("/u/user-<int:id>")) == ["lit:u", "comp:id"])
    }

    @Test func literalsArePercentDecoded() throws {
        #expect(kinds(try parse("/a%20b/c")) == ["lit:a b", "lit:c"])
        // Compass splits on its delimiter only and compares text as written
        #expect(kinds(try parse("/a%20b", dialect: .compass)) == ["lit:/a%20b"])
    }

    @Test func catchAllsAnywhere() throws {
        #expect(kinds(try parse("/a/*rest/b")) == ["lit:a", "all:rest", "lit:b"])
        #expect(kinds(try parse("/-/jira/<*namespace_id>/<project_id>")) == ["lit:-", "lit:jira", "all:namespace_id", "ph:project_id:string"])
        #expect(kinds(try parse("/a/<path:p>/b")) == ["lit:a", "all:p", "lit:b"])
    }

    @Test func trailingSlashIsIgnored() throws {
        #expect(kinds(try parse("/a/b/")) == ["lit:a", "lit:b"])
    }

    @Test func customTypes() throws {
        let parser = PatternParser(customTypes: ["slug": try Regex("[a-z-]+")])
        #expect(kinds(try parser.parse("/p/<slug:s>")) == ["lit:p", "ph:s:regex:[a-z-]+"])
    }

    @Test(arguments: [
        ("/a/{id", "unbalanced '{'", 3),
        ("/a/id}", "unbalanced '}'", 5),
        ("/a/<id", "unbalanced '<'", 3),
        ("/a/{}", "empty placeholder name", 3),
        ("/a/<nope:x>", "unknown type 'nope'", 4),
        ("/a/{id}/{id}", "duplicate placeholder name 'id'", 8),
        // within one composite, a composite after a placeholder, a catch-all, a placeholder after
        // a composite (offsets as before the names were looked up in the earlier segments)
        ("/a/{x}-{x}", "duplicate placeholder name 'x'", 3),
        ("/a/{x}/{y}.{x}", "duplicate placeholder name 'x'", 7),
        ("/{p}/*p", "duplicate placeholder name 'p'", 5),
        ("/a/{x}-{y}/{y}", "duplicate placeholder name 'y'", 11),
        ("/a/x<path:p>", "a path placeholder must be a whole segment", 4),
        ("https://{h}.example.com/x", "the host of a web pattern must be literal", 8),
    ])
    func reportsErrorsWithOffsets(text: String, reason: String, offset: Int) {
        #expect(error(text) == PatternError(reason, at: offset))
    }

    @Test func emptyPatternHasNoSegments() throws {
        #expect(kinds(try parse("")) == [])
    }

    @Test func reportsRegexErrors() {
        let failure = error("/x/{v:(a+}")
        #expect(failure?.reason.hasPrefix("invalid regex for 'v'") == true)
    }
}
