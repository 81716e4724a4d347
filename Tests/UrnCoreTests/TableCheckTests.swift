import Testing
@_spi(Records) @testable import UrnCore

@Suite struct TableCheckTests {
    /// The findings `--check` gives for a table written in urn's dialect.
    func findings(_ text: String, caseInsensitive: Bool = false) throws -> [String] {
        let table = try RouteTable(parsing: text, name: "t", dialect: .urn)
        return TableCheck.findings([table], caseInsensitive: caseInsensitive).map(\.message)
    }

    /// Two segments that each mix a placeholder with literal text share no component when the
    /// text before their first placeholder, or after their last, cannot agree: `a.{format}` and
    /// `b.{format}` take no link in common, so they are no overlap, however a catch-all before
    /// them lets the rest of the links line up.
    @Test func compositesWhoseLiteralEndsDisagreeDoNotOverlap() throws {
        #expect(try findings("""
            /g/<*group>/-/reports_a.{format}
            /g/<*group>/-/reports_b.{format}
            /f/{name}.png
            /f/{name}.jpg
            /u/user-{id}
            /u/team-{id}
            """) == [])
    }

    /// Where one segment's literal start or end is a start or end of the other's, some
    /// component fits both, and the pair still overlaps.
    @Test func compositesWhoseLiteralEndsCanAgreeStillOverlap() throws {
        #expect(try findings("""
            /d/{name}.tar.gz
            /d/{name}.gz
            /u/x{id}.png
            /u/{id}.png
            """).count == 2)
        // under -i, literal text compares without case
        #expect(try findings("""
            /r/A.{format}
            /r/a.{format}
            """, caseInsensitive: true).count == 1)
    }
}
