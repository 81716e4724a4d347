import Testing
@_spi(Records) @testable import UrnCore

/// The escapes nginx and Apache write into log values, undone.
@Suite struct LogEscapesTests {
    func unescaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { LogEscapes.appendUnescaped($0, to: &out) }
        return out
    }

    @Test func nginx() {
        #expect(unescaped(#"a\x22b\x5C"#) == Array(#"a"b\"#.utf8))
        #expect(unescaped(#"caf\xC3\xA9"#) == Array("café".utf8))
        #expect(unescaped(#"\x16\x03"#) == [0x16, 0x03])
    }

    @Test func apache() {
        #expect(unescaped(#"say \"hi\" \\ \n\t"#) == Array("say \"hi\" \\ \n\t".utf8))
    }

    /// A backslash before anything else, or a short `\x`, stays as written.
    @Test func keepsTheRest() {
        #expect(unescaped(#"\q \x4 \xZZ \"#) == Array(#"\q \x4 \xZZ \"#.utf8))
    }
}
