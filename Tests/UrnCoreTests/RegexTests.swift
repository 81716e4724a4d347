import Testing
@_spi(Records) @testable import UrnCore

@Suite struct RegexTests {
    @Test func matchesWholeValuesOnly() throws {
        let regex = try Regex("[0-9]+")
        #expect(try regex.matches(Array("123".utf8)))
        #expect(try !regex.matches(Array("123a".utf8)))
        #expect(try !regex.matches(Array("a123".utf8)))
        #expect(try !regex.matches([]))
        let alternation = try Regex("png|jpg")
        #expect(try alternation.matches(Array("jpg".utf8)))
        #expect(try !alternation.matches(Array("pngx".utf8)))
    }

    @Test func usesUTF8Mode() throws {
        let regex = try Regex(".{3}")
        #expect(try regex.matches(Array("åäö".utf8)))
    }

    @Test func reportsCompileErrorsWithOffset() {
        #expect(throws: Regex.CompileError.self) { try Regex("a(b") }
        do { _ = try Regex("ab)") } catch { #expect(error.offset == 2) }
    }

    @Test func capturesGroups() throws {
        let regex = try Regex("(.+?)\\.(png|jpg)(x)?")
        let captures = try #require(try regex.captures(Array("a.b.png".utf8)))
        #expect(captures == [0..<3, 4..<7, nil])
        #expect(try regex.captures(Array("a.gif".utf8)) == nil)
    }

    @Test func catastrophicBacktrackingFailsOneMatch() throws {
        let regex = try Regex("(a+)+$")
        let subject = Array(String(repeating: "a", count: 5000).utf8) + [UInt8(ascii: "b")]
        #expect(throws: Regex.MatchError.self) { try regex.matches(subject) }
        #expect(try regex.matches(Array("aaa".utf8)))
    }

    @Test func caseInsensitive() throws {
        #expect(try Regex("abc", caseInsensitive: true).matches(Array("ABC".utf8)))
    }

    /// `.source` anchoring reads `^` and `$` as JavaScript's RegExp#exec does: a search, with
    /// `$` at the very end only (path-to-regexp 0.1.12 writes its anchors into the text).
    @Test func sourceAnchoringSearchesLikeJavaScript() throws {
        let regex = try Regex("^/x|y/?$", anchoring: .source)
        #expect(try regex.matches(Array("/qy".utf8)))
        #expect(try regex.matches(Array("/xq".utf8)))
        #expect(try !regex.matches(Array("/qx".utf8)))
        #expect(try !Regex("^a$", anchoring: .source).matches(Array("a\n".utf8)))
        #expect(try Regex("^a(b)?", anchoring: .source).captures(Array("abz".utf8)) == [1..<2])
    }
}
