import Testing
@_spi(Records) @testable import UrnCore

/// path-to-regexp 0.1.12 as Express 4.22 compiles paths (index.js at 640e694c).
@Suite struct ExpressSyntaxTests {
    /// index.js:146-155: `^` + text + `/?$` as one regex, so a top-level `|` anchors only the
    /// first alternative at the start and the last at the end (issue 37: route `/x|y`, `/qy`).
    @Test func topLevelAlternationAnchorsOnlyTheEnds() throws {
        let pattern = try ExpressSyntax.pattern("/x|y")
        let regex = try #require(pattern.express).regex
        for (path, matches) in [("/qy", true), ("/x", true), ("/y", true), ("/xq", true), ("/y/", true), ("/qx", false)] {
            #expect(try regex.matches(Array(path.utf8)) == matches, "\(path)")
        }
    }
}
