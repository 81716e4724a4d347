import Testing
@_spi(Records) @testable import UrnCore

@Suite struct RegexSpellingTests {
    func codes(_ line: String, dialect: Dialect) throws -> [String] {
        let table = try RouteTableParser(dialect: dialect).parse(line, name: "t")
        return table.routes.flatMap { RegexSpelling.warnings($0.pattern).map(\.code) }
    }

    /// A doubled backslash before a class letter in a regex placeholder is JavaScript's spelling.
    @Test func warnsOnADoubledClassEscape() throws {
        #expect(try codes(#"/users/:id(\\d+) U"#, dialect: .express) == ["doubled-backslash"])
        #expect(try codes(#"/user/{id:\\w+} U"#, dialect: .urn) == ["doubled-backslash"])
    }

    /// The right spellings: one backslash in a table line, two in a JSON route line's string.
    @Test func acceptsTheRightSpellings() throws {
        #expect(try codes(#"/users/:id(\d+) U"#, dialect: .express).isEmpty)
        #expect(try codes(#"{"pattern":"/users/:id(\\d+)","target":"U"}"#, dialect: .express).isEmpty)
        // an escaped backslash before a letter that is no class
        #expect(try codes(#"/f/{name:a\\q} U"#, dialect: .urn).isEmpty)
    }
}

@Suite struct UnclosedPlaceholderTests {
    /// A blank ends the pattern in the libraries' own syntaxes: the target is never swallowed,
    /// and each library's reading of the unclosed placeholder is kept, with a warning.
    @Test func exactDialectsEndThePatternAtABlank() throws {
        let compass = try RouteTableParser(dialect: .compass).parse("profile:{userId   ProfileRoute", name: "t")
        #expect(compass.routes[0].pattern.text == "profile:{userId")
        #expect(compass.routes[0].target == "ProfileRoute")
        #expect(compass.routes[0].pattern.warnings.map(\.code) == ["unclosed-placeholder"])
        let navigator = try RouteTableParser(dialect: .navigator).parse("myapp://user/<int:id   UserVC", name: "t")
        #expect(navigator.routes[0].target == "UserVC")
        #expect(navigator.routes[0].pattern.segments.allSatisfy { $0.isLiteral })
        #expect(navigator.routes[0].pattern.warnings.map(\.code) == ["unclosed-placeholder"])
        let waap = try RouteTableParser(dialect: .waap).parse("list{ListVC/:id{DetailVC}", name: "t")
        #expect(waap.routes[0].pattern.warnings.map(\.code) == ["unclosed-class"])
    }

    /// In the urn dialect blanks inside braces still belong to the regex.
    @Test func urnKeepsBlanksInBraces() throws {
        let urn = try RouteTableParser().parse("/q/{text:[a b]+} Search", name: "t")
        #expect(urn.routes[0].pattern.text == "/q/{text:[a b]+}")
        #expect(urn.routes[0].target == "Search")
    }
}
