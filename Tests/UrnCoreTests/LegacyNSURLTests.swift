import Testing
@_spi(Records) @testable import UrnCore

/// `--strict-nsurl` (issue 13): what `URL(string:)` refused before iOS 17, after CoreFoundation's
/// `_CFStringIsLegalURLString` (swift-corelibs-foundation Sources/CoreFoundation/CFURL.c:1925 and
/// its table at CFURL.c:361, commit e55e1d8).
@Suite struct LegacyNSURLTests {
    func refusal(_ text: String) -> LegacyNSURL.Refusal? {
        Array(text.utf8).withUnsafeBufferPointer { LegacyNSURL.firstRefusal($0)?.refusal }
    }

    @Test func everyByteInAPathAgreesWithTheTable() {
        // the bytes CFURL.c's table marks VALID, plus '[' ']' (RFC 2732), '#' once, '%' before hex
        let legal = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/?[]#".utf8)
        for byte in UInt8(0)...UInt8(255) {
            let link = Array("https://ex.com/a".utf8) + [byte] + Array("zz".utf8)
            let got = link.withUnsafeBufferPointer { LegacyNSURL.firstRefusal($0) }
            if byte == UInt8(ascii: "%") {
                #expect(got?.refusal == .percent && got?.offset == 16)
            } else if legal.contains(byte) {
                #expect(got == nil, "byte \(byte)")
            } else {
                #expect(got?.refusal == .character(byte) && got?.offset == 16, "byte \(byte)")
            }
        }
    }

    @Test func examplesFromTheIssue() {
        #expect(refusal("https://ex.com/companies/Big Corp") == .character(0x20))
        #expect(refusal("https://ex.com/caf\u{E9}") == .character(0xC3))
        #expect(refusal("https://b\u{FC}cher.de/") == .character(0xC3))
        #expect(refusal("https://ex.com/tags?tag[]=java") == nil)
        #expect(refusal("myapp://user/42?ref=home#top") == nil)
        #expect(refusal("https://ex.com/a#b#c") == .secondHash)
        #expect(refusal("https://ex.com/%41") == nil)
        #expect(refusal("https://ex.com/%4") == .percent)
        #expect(refusal("https://ex.com/%zz") == .percent)
    }

    @Test func theParserRefusesBeforeRepairing() throws {
        var parser = LinkParser(leniency: .everywhere)
        parser.legacyNSURL = true
        #expect(throws: LinkError.refusedByLegacyNSURL(.character(0x20), at: 16)) { try parser.parse("https://ex.com/a b") }
        #expect(try parser.parse("https://ex.com/a?b=c").query != nil)
    }
}
