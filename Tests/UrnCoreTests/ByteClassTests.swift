import Testing
@_spi(Records) @testable import UrnCore

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

    /// The pointer reading of a slice (the matcher's) says what the generic one says, for every
    /// byte in every place of each name, and for slices that start inside a larger array.
    @Test func sliceReadingAgreesWithTheGenericOne() {
        for name in ["http", "https", "ws", "wss", "ftp", "file", "a", "abcdef"] {
            for place in 0..<name.utf8.count {
                for byte in 0...255 {
                    var bytes = Array(name.utf8)
                    bytes[place] = UInt8(byte)
                    let framed = [UInt8(ascii: "x")] + bytes + [UInt8(ascii: ":")]
                    let slice = framed[1..<(framed.count - 1)]
                    #expect(WebScheme.contains(slice) == WebScheme.contains(bytes as [UInt8]), "\(name) \(place) \(byte)")
                }
            }
        }
    }
}

@Suite struct EscapeFreeRunTests {
    /// The eight-byte test agrees with the byte-by-byte definition for every byte in every lane.
    @Test func swarAgreesWithBytes() {
        for special in 0...255 {
            for lane in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[lane] = UInt8(special)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let expected = special < 0x20 || special >= 0x80 || special == 0x22 || special == 0x5C
                let mask = EscapeFreeRun.specialBytes(word)
                #expect((mask != 0) == expected, "byte \(special) in lane \(lane)")
                if expected { #expect(SWAR.firstFlagged(mask) == lane, "byte \(special) in lane \(lane)") }
            }
        }
    }

    /// In words of random bytes, the lowest flagged lane is the first special byte, and no
    /// word without one is flagged.
    @Test func swarFindsTheFirstSpecialByteInRandomWords() {
        var generator = SplitMix64(state: 41)
        for round in 0..<200_000 {
            // mostly plain bytes, so that words without a special one are common
            let word = (0..<8).reduce(UInt64(0)) { word, lane in
                let random = generator.next()
                let byte = round % 3 == 0 || random % 9 == 0 ? UInt8(truncatingIfNeeded: random >> 8)
                    : UInt8(0x20 + (random >> 8) % 0x60)
                return word | UInt64(byte) << UInt64(lane * 8)
            }
            let lanes = (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64($0 * 8)) }
            let first = lanes.firstIndex { $0 < 0x20 || $0 >= 0x80 || $0 == 0x22 || $0 == 0x5C }
            let mask = EscapeFreeRun.specialBytes(word)
            #expect((mask == 0 ? nil : SWAR.firstFlagged(mask)) == first, "\(String(word, radix: 16))")
        }
    }

    /// With two special bytes, the first flagged lane is the lower one (borrows only flag lanes
    /// above a real hit).
    @Test func firstFlaggedIsTheLowestSpecialByte() {
        let specials: [UInt8] = [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xFF]
        for low in 0..<8 {
            for high in (low + 1)..<8 {
                for a in specials {
                    for b in specials {
                        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                        bytes[low] = a
                        bytes[high] = b
                        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                        #expect(SWAR.firstFlagged(EscapeFreeRun.specialBytes(word)) == low)
                        let equal = SWAR.equal(word, a) & SWAR.high
                        #expect(SWAR.firstFlagged(equal) == low)
                    }
                }
            }
        }
    }

    /// The block test flags exactly the bytes a JSON string cannot hold as they are, every byte
    /// value in every lane, and answers the lowest when a block holds several.
    @Test func blockTestAgreesWithBytes() {
        func isSpecial(_ byte: UInt8) -> Bool { byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
        for byte in 0...255 {
            for lane in 0..<16 {
                var block = [UInt8](repeating: UInt8(ascii: "a"), count: 16)
                block[lane] = UInt8(byte)
                let first = block.withUnsafeBufferPointer { EscapeFreeRun.firstSpecial(inBlockAt: $0.baseAddress!) }
                #expect(first == (isSpecial(UInt8(byte)) ? lane : 16), "byte \(byte) in lane \(lane)")
                // a special byte above the lane does not hide it
                block[15] = 0x00
                let withLater = block.withUnsafeBufferPointer { EscapeFreeRun.firstSpecial(inBlockAt: $0.baseAddress!) }
                #expect(withLater == (isSpecial(UInt8(byte)) ? lane : 15), "byte \(byte) in lane \(lane), then 0")
            }
        }
    }

    /// Ranges of sixteen bytes or more go a block at a time, ranges of eight or more end with
    /// one word that overlaps bytes already tested, and ranges of four to seven are tested in
    /// one word of two overlapping halves: the answer is the byte-by-byte one for every start,
    /// length, special byte and place of it.
    @Test func overlappingTailAgreesWithBytes() {
        for length in 0...48 {
            for special in [-1] + Array(0..<length) {
                for specialByte: UInt8 in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x1F, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if special >= 0 { bytes[special] = specialByte }
                    for start in 0...length {
                        let expected = special >= start ? special : length
                        bytes.withUnsafeBufferPointer { buffer in
                            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 8)!
                            #expect(EscapeFreeRun.end(base, from: start, to: length) == expected,
                                    "length \(length), \(specialByte) at \(special), from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test func findsTheEndOfARun() {
        let text = Array("abcdefghijklmnop\"rest".utf8)
        text.withUnsafeBufferPointer { #expect(EscapeFreeRun.end($0.baseAddress!, from: 0, to: $0.count) == 16) }
        text.withUnsafeBufferPointer { #expect(EscapeFreeRun.end($0.baseAddress!, from: 17, to: $0.count) == 21) }
    }

    /// A text is verbatim unless it holds a byte JSON escapes or decoding changes, wherever it
    /// is, for texts of every length up to three words (whole words, a tail of four to seven
    /// bytes, a shorter tail).
    @Test func verbatimTextHasNoSpecialByteAnywhere() {
        let specials: [UInt8] = [0x00, 0x1F, 0x7F, 0x80, 0xFF, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: "+")]
        for count in 0...24 {
            let plain = [UInt8]((0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) })
            #expect(plain.withUnsafeBufferPointer { EscapeFreeRun.isVerbatim($0) }, "\(count) plain bytes")
            for position in 0..<count {
                for special in specials where special != 0x7F {
                    var text = plain
                    text[position] = special
                    #expect(!text.withUnsafeBufferPointer { EscapeFreeRun.isVerbatim($0) }, "\(special) at \(position) of \(count)")
                }
                var text = plain
                text[position] = 0x7F  // DEL is printable for JSON (no escape) and not decoded
                #expect(text.withUnsafeBufferPointer { EscapeFreeRun.isVerbatim($0) })
            }
        }
    }
}

@Suite struct CharacterRuleTests {
    /// The table says what the byte classes say, and lets every non-ASCII byte through.
    @Test func tableAgreesWithTheClasses() {
        for rule in CharacterRule.allCases {
            for byte in 0...255 {
                let allowed = CharacterRule.table[byte] & rule.rawValue != 0
                #expect(allowed == (byte >= 0x80 || ByteClass.test(UInt8(byte), rule.byteClass)), "\(rule) \(byte)")
            }
        }
        #expect(CharacterRule.allCases.allSatisfy { CharacterRule.table[Int(UInt8(ascii: "%"))] & $0.rawValue == 0 })
    }
}

@Suite struct SWARSearchTests {
    /// `firstIndex` finds the first flagged byte in whole words and in the tail, or the end.
    @Test(arguments: [0, 3, 7, 8, 12, 15, 16, 18])
    func findsTheFirstFlaggedByte(_ position: Int) {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
        bytes[position] = UInt8(ascii: "#")
        if position + 1 < bytes.count { bytes[position + 1] = UInt8(ascii: "#") }
        let hash: (UInt64) -> UInt64 = { SWAR.equal($0, UInt8(ascii: "#")) & SWAR.high }
        bytes.withUnsafeBytes { raw in
            #expect(SWAR.firstIndex(raw.baseAddress!, from: 0, to: raw.count, where: hash) == position)
            #expect(SWAR.firstIndex(raw.baseAddress!, from: 0, to: position, where: hash) == position)
        }
    }
}
