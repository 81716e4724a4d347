import Testing
@testable import UrnCore

@Suite struct ValueSetPositionsTests {
    let sellers: [[UInt8]: Int] = Dictionary(uniqueKeysWithValues: (0..<20).map { (Array("seller-\($0)".utf8), 400 / ($0 + 1)) })

    @Test func aSetPopularAlikeAtAnotherPlaceIsSeenElsewhere() {
        var positions = ValueSetPositions()
        positions.note(sellers, at: [.literal(Array("s".utf8))])
        let api = sellers.mapValues { max(1, $0 / 3) }
        #expect(positions.seenElsewhere(api, at: [.literal(Array("api".utf8)), .literal(Array("sellers".utf8))]))
    }

    @Test func sharedTextsWithUnrelatedPopularityAreNot() {
        var positions = ValueSetPositions()
        positions.note(sellers, at: [.literal(Array("web".utf8))])
        // the same words, their popularity reversed: routes of their own at each place
        let reversed = Dictionary(uniqueKeysWithValues: sellers.map { ($0.key, 420 - $0.value) })
        #expect(!positions.seenElsewhere(reversed, at: [.literal(Array("api".utf8))]))
    }

    @Test func thePlaceOfTheSameLiteralsThroughOtherValuesIsNoOtherPlace() {
        var positions = ValueSetPositions()
        positions.note(sellers, at: [.placeholder(nil), .literal(Array("-".utf8))])
        #expect(!positions.seenElsewhere(sellers, at: [.placeholder(nil), .placeholder(nil), .literal(Array("-".utf8))]))
    }

    @Test func aFewPlacesWithFewTextsAreNotNoted() {
        var positions = ValueSetPositions()
        let few = Dictionary(uniqueKeysWithValues: sellers.prefix(10).map { ($0.key, $0.value) })
        positions.note(few, at: [.literal(Array("s".utf8))])
        #expect(!positions.seenElsewhere(few, at: [.literal(Array("api".utf8))]))
        #expect(ValueSetPositions.correlation([1, 2, 3], [2, 4, 6]) > 0.99)
        #expect(ValueSetPositions.correlation([1, 1, 1], [2, 4, 6]) == 0)
    }
}
