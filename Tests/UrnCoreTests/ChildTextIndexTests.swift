import Testing
@testable import UrnCore

@Suite struct ChildTextIndexTests {
    @Test func aChildIsFoundByItsParentAndItsWholeText() {
        var index = ChildTextIndex()
        let texts = ["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefgh\u{0}", "users", "repos"].map { Array($0.utf8) }
        var next: Int32 = 1
        var filed: [(parent: Int32, text: [UInt8], child: Int32)] = []
        // enough entries to make the table grow several times
        for parent in Int32(0)..<40 {
            for text in texts {
                index.insert(next, of: parent, text: text)
                filed.append((parent, text, next))
                next += 1
            }
        }
        for entry in filed {
            #expect(index.child(of: entry.parent, text: entry.text) == entry.child)
            // a slice of a longer buffer is looked up by its bytes alone
            let padded = [UInt8(ascii: "x")] + entry.text + [UInt8(ascii: "y")]
            #expect(index.child(of: entry.parent, text: padded[1..<(padded.count - 1)]) == entry.child)
        }
        #expect(index.child(of: 40, text: Array("a".utf8)) == nil)
        #expect(index.child(of: 3, text: Array("abcdefg".utf8)) == nil)
        #expect(index.child(of: 3, text: Array("usersx".utf8)) == nil)
    }
}
