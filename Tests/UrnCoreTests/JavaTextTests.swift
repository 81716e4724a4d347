import Testing
@_spi(Records) @testable import UrnCore

/// The Java rules Android's link matching leans on (JavaText): Integer.parseInt,
/// String.compareToIgnoreCase and the UTF-8 decoder's replacements.
@Suite struct JavaTextTests {
    @Test func parseIntTakesWhatJavaTakes() {
        #expect(JavaText.parseInt("42") == 42)
        #expect(JavaText.parseInt("-1") == -1)
        #expect(JavaText.parseInt("+8") == 8)
        #expect(JavaText.parseInt("2147483647") == Int32.max)
        #expect(JavaText.parseInt("-2147483648") == Int32.min)
        #expect(JavaText.parseInt("٣") == 3)  // Character.digit takes any decimal digit
        for refused in ["", "-", "+", "2147483648", "99999999999", "1a", " 1", "1.0"] {
            #expect(JavaText.parseInt(refused) == nil, "'\(refused)'")
        }
    }

    /// compareToIgnoreCase: upper-cased, then lower-cased, code point by code point, with the
    /// single-character mappings (IntentFilter.java AuthorityEntry.match compares hosts so).
    @Test func equalIgnoringCaseFollowsCompareToIgnoreCase() {
        func same(_ a: String, _ b: String) -> Bool { JavaText.equalIgnoringCase(Array(a.utf16)[...], Array(b.utf16)[...]) }
        #expect(same("MÜNCHEN.example", "münchen.example"))
        #expect(same("Σ", "ς"))
        #expect(same("Σ", "σ"))
        #expect(same("\u{212A}", "k"))  // KELVIN SIGN lowers to k
        #expect(same("ı", "I"))
        #expect(same("İ", "i"))
        #expect(same("ᾳ", "ᾼ"))
        #expect(!same("ß", "SS"))  // lengths differ: no full mapping
        #expect(!same("a", "b"))
        #expect(!same("a", "ab"))
    }

    /// sun.nio.cs.UTF_8 with REPLACE: one U+FFFD per malformed sequence as Java measures it.
    @Test func utf8ReplacementsAsJavaMeasuresThem() {
        func decoded(_ bytes: [UInt8]) -> [UInt16] {
            var out: [UInt16] = []
            JavaText.decodeUTF8(bytes[...], into: &out)
            return out
        }
        #expect(decoded([0x41, 0xC3, 0xA9]) == [0x41, 0xE9])
        #expect(decoded([0xFF]) == [0xFFFD])
        #expect(decoded([0xC3]) == [0xFFFD])
        #expect(decoded([0xE2, 0x82]) == [0xFFFD])  // incomplete at the end: one
        #expect(decoded([0xED, 0xA0, 0x80]) == [0xFFFD])  // an encoded surrogate: one
        #expect(decoded([0xE0, 0x80, 0x80]) == [0xFFFD, 0xFFFD, 0xFFFD])  // overlong: byte by byte
        #expect(decoded([0xE2, 0x82, 0x41]) == [0xFFFD, 0x41])
        #expect(decoded([0xF0, 0x9F, 0x98, 0x80]) == [0xD83D, 0xDE00])
        #expect(decoded([0xF0, 0x9F, 0x41]) == [0xFFFD, 0x41])
        #expect(decoded([0xF5, 0x80, 0x80, 0x80]) == [0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD])
    }
}
