import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnAppLinks

/// App-link tables (urn-routes(5) APP-LINK TABLES): Android's path globs, apple-app-site-association
/// wildcard patterns and substitution variables, hosts, and reading the two file formats.
@Suite struct AppLinksTests {
    func units(_ text: String) -> [UInt16] { Array(text.utf16) }

    func glob(_ pattern: String, _ path: String) -> Bool {
        AndroidPathMatcher.globMatches(units(pattern), units(path))
    }

    func advanced(_ pattern: String, _ path: String) throws -> Bool {
        try AndroidPathMatcher(.pathAdvancedPattern, pattern).matches(units(path))
    }

    /// `pathPattern`, as PatternMatcher.matchGlobPattern (core/java/android/os/PatternMatcher.java
    /// at aosp-mirror/platform_frameworks_base ff2ffe4) runs it: `x*` takes every `x` there is,
    /// `.` any character (escaped or not), `.*` everything up to the first occurrence of the next
    /// pattern character and never backtracks, a trailing `.*` takes the rest (or nothing).
    @Test func simpleGlobFollowsPatternMatcher() {
        let rows: [(String, String, Bool)] = [
            ("/a/.*", "/a/b/c", true),
            ("/a/.*", "/a/", true),  // the subject ran out with only '.*' left
            ("/a/.*", "/a", false),  // ... but here '/' is left too
            ("/p/.*/full", "/p/x/full", true),
            ("/p/.*/full", "/p/x/y/full", false),  // '.*' stopped at the first '/'
            ("/lo*ng", "/lng", true),
            ("/lo*ng", "/looong", true),
            ("/a.c", "/abc", true),
            ("/a\\.c", "/abc", true),  // an escaped '.' still takes any character
            ("/star/\\*", "/star/*", true),
            ("/star/\\*", "/star/x", false),
            ("/x", "/x/", false),
            ("", "", true),
            ("", "/", false),
        ]
        for (pattern, path, expected) in rows {
            #expect(glob(pattern, path) == expected, "pathPattern '\(pattern)' against '\(path)'")
        }
    }

    /// `pathAdvancedPattern` (PatternMatcher.parseAndVerifyAdvancedPattern and
    /// matchAdvancedPattern): each token takes as many characters as it can, up to its maximum,
    /// with no backtracking, so `.*x` never matches.
    @Test func advancedGlobIsGreedyWithoutBacktracking() throws {
        #expect(try advanced("/track/[0-9]{2,4}", "/track/123"))
        #expect(try !advanced("/track/[0-9]{2,4}", "/track/1"))
        #expect(try !advanced("/track/[0-9]{2,4}", "/track/12345"))
        #expect(try advanced("/[^0-9]+", "/abc"))
        #expect(try !advanced("/[^0-9]+", "/a1"))
        #expect(try advanced("/a{2,}", "/aaaa"))
        #expect(try !advanced("/t/.*x", "/t/abcx"))
        #expect(try advanced("/t/[a-c]*x", "/t/abcx"))
        #expect(try advanced("/a\\.b", "/a.b"))
        #expect(try !advanced("/a\\.b", "/axb"))
        for broken in ["*a", "/a**", "/a{3", "/[a", "/[]", "/a{5,2}", "/a\\", "/a{99999999999}", "/a{}", "/["] {
            #expect(throws: AndroidPathMatcher.Failure.self, "'\(broken)' is refused") { try AndroidPathMatcher(.pathAdvancedPattern, broken) }
        }
    }

    /// What PatternMatcher.java:314 accepts, Android installs: a backwards set range (it matches
    /// nothing), a `}` outside a range (dropped), `{-1}` (Integer.parseInt reads it; the token
    /// then takes nothing), syntax characters inside a set (literal).
    @Test func advancedGlobAcceptsWhatAndroidAccepts() throws {
        #expect(try !advanced("/[z-a]", "/a"))
        #expect(try !advanced("/[z-a]", "/z"))
        #expect(try advanced("/a}", "/a"))
        #expect(try advanced("/a{-1}b", "/b"))
        #expect(try advanced("/[.*{]+", "/.*{"))
        #expect(try advanced("/a{+2}", "/aa"))
    }

    /// Both globs compare UTF-16 units (PatternMatcher.java:229, :584): `.` takes half of an
    /// emoji, and a set of one emoji holds its two surrogates.
    @Test func globsCountUTF16Units() throws {
        #expect(!glob("/a.b", "/a😀b"))
        #expect(glob("/a..b", "/a😀b"))
        #expect(try advanced("/[😀]{2}", "/😀"))
        #expect(try !advanced("/[😀]", "/😀"))
        #expect(try !advanced("/[😀-😂]", "/😀"))
        #expect(try advanced("/.{2}", "/😀"))
    }

    @Test func literalPrefixAndSuffix() throws {
        #expect(try AndroidPathMatcher(.path, "/album").matches(units("/album")))
        #expect(try !AndroidPathMatcher(.path, "/album").matches(units("/album/")))
        #expect(try AndroidPathMatcher(.pathPrefix, "/artist").matches(units("/artistic")))
        #expect(try AndroidPathMatcher(.pathSuffix, ".mp3").matches(units("/a/b.mp3")))
        #expect(try !AndroidPathMatcher(.pathSuffix, ".mp3").matches(units("/a/b.mp4")))
    }

    /// A manifest's attribute values are resource strings: aapt reads `\\` as `\` (Android,
    /// data-element: "a literal '*' would be written as \"\\\\*\""), and as aapt2's
    /// StringBuilder::AppendText reads them (tools/aapt2/ResourceUtils.cpp): a trailing `\` is
    /// dropped, a short `\u41` at the end is `A`, a non-hex digit after `\u` fails the build.
    @Test func attributeEscapes() {
        #expect(ManifestReader.unescaped("/star/\\\\*") == "/star/\\*")
        #expect(ManifestReader.unescaped("/a\\u0041b") == "/aAb")
        #expect(ManifestReader.unescaped("/a\\'b") == "/a'b")
        #expect(ManifestReader.unescaped("plain") == "plain")
        #expect(ManifestReader.unescaped("/a\\") == "/a")
        #expect(ManifestReader.unescaped("/\\u41") == "/A")
        #expect(ManifestReader.unescaped("/\\u4g") == nil)
        #expect(ManifestReader.unescaped("/\\u0041x") == "/Ax")
        #expect(ManifestReader.qualified(".Main", package: "com.example") == "com.example.Main")
        #expect(ManifestReader.qualified("Main", package: "com.example") == "com.example.Main")
        #expect(ManifestReader.qualified("org.other.Main", package: "com.example") == "org.other.Main")
    }

    func wildcard(_ text: String, caseSensitive: Bool = true, variables: [String: [String]] = [:]) throws -> WildcardPattern {
        try WildcardPattern(text, caseSensitive: caseSensitive, variables: SubstitutionVariables(custom: variables))
    }

    /// apple-app-site-association patterns (Apple, applinks.Details.Components and
    /// applinks.SubstitutionVariables): `*` any run, `/` included; `?` one character; a
    /// variable's strings may hold wildcards; everything else is literal.
    @Test func wildcardPatterns() throws {
        #expect(try wildcard("/buy/*").matches(ArraySlice("/buy/a/b".utf8)))
        #expect(try wildcard("/help/????").matches(ArraySlice("/help/1234".utf8)))
        #expect(try !wildcard("/help/????").matches(ArraySlice("/help/12345".utf8)))
        #expect(try wildcard("/é?").matches(ArraySlice("/éü".utf8)))  // one character, not one byte
        #expect(try !wildcard("/[a-z]*").matches(ArraySlice("/abc".utf8)))  // '[' is literal
        #expect(try wildcard("/[a-z]*").matches(ArraySlice("/[a-z]/x".utf8)))
        #expect(try wildcard("/a.b+c").matches(ArraySlice("/a.b+c".utf8)))
        #expect(try !wildcard("/a.b").matches(ArraySlice("/axb".utf8)))
        #expect(try wildcard("/Deals", caseSensitive: false).matches(ArraySlice("/DEALS".utf8)))
        #expect(try !wildcard("/Deals").matches(ArraySlice("/DEALS".utf8)))
        let food = try wildcard("/$(food)/x", variables: ["food": ["burrito", "taco*"]])
        #expect(try food.matches(ArraySlice("/tacos/x".utf8)))
        #expect(try !food.matches(ArraySlice("/sushi/x".utf8)))
        #expect(try wildcard("/$(digit)$(alpha)").matches(ArraySlice("/7q".utf8)))
        #expect(try wildcard("/$(lang)_$(region)").matches(ArraySlice("/en_US".utf8)))
        #expect(try !wildcard("/$(lang)_$(region)").matches(ArraySlice("/EN_us".utf8)))
        #expect(throws: WildcardPattern.Failure.self) { try wildcard("/$(nope)") }
        #expect(throws: WildcardPattern.Failure.self) { try wildcard("/$(x", variables: ["x": ["a"]]) }
        #expect(throws: WildcardPattern.Failure.self) { try wildcard("/$(x)", variables: ["x": ["$(y)"], "y": ["a"]]) }
    }

    /// A path's pattern as `swcd` reads it, over every word and slash arrangement: the pattern's
    /// leading `/` optional and a run of them one, trailing slashes on either side ignored, and a
    /// final `/*` taking the path without it; `?` still one character.
    @Test func pathPatternsIgnoreLeadingAndTrailingSlashes() throws {
        for word in ["buy", "a/b", "id/????"] {
            let concrete = word.replacingOccurrences(of: "?", with: "7")
            for written in [word, "/" + word, "//" + word, "/" + word + "/", word + "//"] {
                let pattern = try WildcardPattern(written, caseSensitive: true, variables: SubstitutionVariables(), path: true)
                for path in ["/" + concrete, "/" + concrete + "/", "/" + concrete + "///"] {
                    #expect(try pattern.matches(WildcardPattern.pathValue(ArraySlice(path.utf8))), "\(written) \(path)")
                }
                #expect(try !pattern.matches(WildcardPattern.pathValue(ArraySlice(("/" + concrete + "x").utf8))))
            }
            let star = try WildcardPattern("/" + word + "/*", caseSensitive: true, variables: SubstitutionVariables(), path: true)
            for path in ["/" + concrete, "/" + concrete + "/", "/" + concrete + "/x/y"] {
                #expect(try star.matches(WildcardPattern.pathValue(ArraySlice(path.utf8))), "\(path)")
            }
            #expect(try !star.matches(WildcardPattern.pathValue(ArraySlice(("/" + concrete + "x").utf8))))
        }
        let four = try WildcardPattern("/id/????", caseSensitive: true, variables: SubstitutionVariables(), path: true)
        #expect(try !four.matches(WildcardPattern.pathValue(ArraySlice("/id/481".utf8))))
    }

    /// Query items as `swcd` reads them: one the link lacks is empty, and one given several times
    /// must match each time.
    @Test func queryItemsMissingAreEmptyAndRepeatedMustAllMatch() throws {
        func takes(_ items: String, _ link: String) throws -> Bool {
            let file = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"?":"# + items + "}]}]}}"
            let table = try RouteTableParser(format: .aasa).parse(file, name: "t")
            return try !Matcher(tables: [table]).match(LinkParser().parse(Array(("https://example.com" + link).utf8))).isEmpty
        }
        for (pattern, empty) in [("*", true), ("?*", false), ("1", false), ("", true)] {
            #expect(try takes(#"{"b":"\#(pattern)"}"#, "/x?a=1") == empty, "\(pattern)")
            #expect(try takes(#"{"b":"\#(pattern)"}"#, "/x") == empty, "\(pattern)")
        }
        #expect(try !takes(#"{"id":"42"}"#, "/x?id=7&id=42"))
        #expect(try !takes(#"{"id":"42"}"#, "/x?id=42&id=7"))
        #expect(try takes(#"{"id":"42"}"#, "/x?id=42&id=42"))
        #expect(try takes(#"{"a":"1","flag":true}"#, "/x?a=2"))
        #expect(try takes(#"{"flag":7}"#, "/x"))
    }

    /// `$(region)` and `$(lang)` are the system's ISO 3166-1 and ISO 639-1 lists.
    @Test func isoCodeVariables() throws {
        let regions = try SubstitutionVariables().values(of: "region")
        let languages = try SubstitutionVariables().values(of: "lang")
        #expect(regions.contains("US") && regions.contains("JP") && regions.count > 240)
        #expect(languages.contains("en") && languages.contains("ja") && languages.count > 150)
    }

    /// Hosts as the Associated Domains entitlement writes them.
    @Test func hostPatterns() throws {
        let exact = try #require(HostPattern("example.com"))
        let wild = try #require(HostPattern("*.example.com"))
        #expect(exact.accepts(ArraySlice("EXAMPLE.com".utf8)))
        #expect(!exact.accepts(ArraySlice("www.example.com".utf8)))
        #expect(wild.accepts(ArraySlice("a.b.example.com".utf8)))
        #expect(!wild.accepts(ArraySlice("example.com".utf8)))
        #expect(!wild.accepts(ArraySlice("badexample.com".utf8)))
        for bad in ["", "*.", "https://x", "x/y", "x:443", "a*b"] { #expect(HostPattern(bad) == nil, "'\(bad)'") }
    }

    /// A file's format comes from its content; a JSON Lines route table is not an AASA file.
    @Test func formatDetection() {
        #expect(RouteFileFormat.detect(ArraySlice(#"  {"applinks": {"details": []}}"#.utf8)) == .aasa)
        #expect(RouteFileFormat.detect(ArraySlice(#"{"pattern":"/x","target":"X"}"#.utf8)) == .routes)
        #expect(RouteFileFormat.detect(ArraySlice("<?xml version=\"1.0\"?>\n<manifest/>".utf8)) == .android)
        #expect(RouteFileFormat.detect(ArraySlice("/user/{id} User\n".utf8)) == .routes)
    }

    /// Routes of an AASA file name the line of their entry; JSON values keep their offsets.
    @Test func aasaRoutesKnowTheirLines() throws {
        let text = "@host example.com\n{\"applinks\": {\"details\": [{\"appID\": \"T.a\",\n \"components\": [\n  {\"/\": \"/a/*\"},\n  {\"#\": \"x\", \"exclude\": true}]}]}}"
        let table = try RouteTableParser().parse(text, name: "t")
        #expect(table.format == .aasa)
        #expect(table.hosts.map(\.text) == ["example.com"])
        #expect(table.routes.map(\.line) == [4, 5])
        #expect(table.routes.map(\.pattern.text) == ["/a/*", "NOT *#x"])
        #expect(table.routes.map(\.target) == ["T.a", "T.a"])
        let position = TextPosition(Array("ab\ncd\n".utf8))
        #expect(position.line(of: 4) == 2 && position.column(of: 4) == 2)
    }
}
