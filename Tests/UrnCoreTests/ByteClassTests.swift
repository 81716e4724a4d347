import Testing
@testable import UrnCore

/// The bit masks of `ByteClass` are literals; these tests hold them to the RFC 3986 grammar.
@Suite struct ByteClassTests {
    func members(_ cls: ByteClass) -> String {
        String((0..<128).filter { ByteClass.test(UInt8($0), cls) }.map { Character(Unicode.Scalar(UInt8($0))) })
    }

    @Test func classesMatchTheGrammar() {
        #expect(members(.alpha) == "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        #expect(members(.digit) == "0123456789")
        #expect(members(.hex) == "0123456789ABCDEFabcdef")
        #expect(members(.mark) == "-._~")
        #expect(members(.subDelim) == "!$&'()*+,;=")
        #expect(members(.pcharExtra) == ":@")
        let forbidden = (0..<0x21).map { Character(Unicode.Scalar(UInt8($0))) }
        #expect(members(.forbidden) == String(forbidden) + "\"<>\\^`{|}\u{7F}")
    }

    @Test func nonASCIIIsInNoClass() {
        for byte in UInt8(128)...UInt8(255) {
            #expect(!ByteClass.test(byte, [.alpha, .digit, .hex, .mark, .subDelim, .pcharExtra, .forbidden]))
        }
    }

    @Test func hexValuesAndLowercase() {
        #expect(ByteClass.hexValue(UInt8(ascii: "f")) == 15)
        #expect(ByteClass.hexValue(UInt8(ascii: "A")) == 10)
        #expect(ByteClass.hexValue(UInt8(ascii: "g")) == nil)
        #expect(ByteClass.lowercased(UInt8(ascii: "Q")) == UInt8(ascii: "q"))
        #expect(ByteClass.lowercased(UInt8(ascii: "[")) == UInt8(ascii: "["))
    }
}

@Suite struct WebSchemeTests {
    @Test func knowsTheWebSchemesInAnyCase() {
        for scheme in ["http", "HTTPS", "ws", "wss", "ftp", "File"] { #expect(WebScheme.contains(Array(scheme.utf8))) }
        for scheme in ["myapp", "htt", "httpss", "photofeed", "", "urn"] { #expect(!WebScheme.contains(Array(scheme.utf8))) }
    }
}
