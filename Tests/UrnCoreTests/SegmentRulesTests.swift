import Testing
@_spi(Records) @testable import UrnCore

/// What a segment accepts, per dialect.
@Suite struct SegmentRulesTests {
    let nfc = Array("caf\u{E9}".utf8), nfd = Array("cafe\u{301}".utf8)

    /// URLNavigator compares literals with Swift's `String ==`, canonical equivalence
    /// (URLMatcher.swift:155 at b881f23); the other dialects compare bytes.
    @Test func navigatorLiteralsCompareByCanonicalEquivalence() {
        let navigator = SegmentRules(.navigator, caseInsensitive: false)
        #expect(navigator.literal(nfc, equals: nfd))
        #expect(navigator.literal(nfd, equals: nfc))
        #expect(navigator.literal(Array("K".utf8), equals: Array("\u{212A}".utf8)))  // KELVIN SIGN
        #expect(!navigator.literal(nfc, equals: Array("cafe".utf8)))
        #expect(navigator.literalKey(nfd) == nfc)
        #expect(navigator.literalKey(Array("abc".utf8)) == Array("abc".utf8))
        let urn = SegmentRules(.urn, caseInsensitive: false)
        #expect(!urn.literal(nfc, equals: nfd))
        #expect(urn.literalKey(nfd) == nfd)
    }

    /// Under `-i` the key is lower-cased before it is normalized, as a component is.
    @Test func caselessCanonicalKeysAgree() {
        let rules = SegmentRules(.navigator, caseInsensitive: true)
        #expect(rules.literalKey(Array("E\u{301}".utf8)) == rules.literalKey(Array("\u{E9}".utf8)))
        #expect(rules.literal(Array("CAFE\u{301}".utf8), equals: Array("caf\u{E9}".utf8)))
    }

    /// The trie files an NFD literal under its NFC form and finds it for either spelling.
    @Test func theTrieFindsEitherSpelling() throws {
        let trie = SegmentTrie(rules: SegmentRules(.navigator, caseInsensitive: false))
        trie.insert([.literal(Array("x".utf8)), .literal(nfd)], id: 0)
        trie.freeze()
        for spelling in [nfc, nfd] {
            var components = Components()
            components.append(Array("x".utf8))
            components.append(spelling)
            var found: [Int] = []
            try trie.search(&components, into: &found)
            #expect(found == [0])
        }
    }
}
