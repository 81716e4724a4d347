import Testing
@_spi(Records) @testable import UrnCore

@Suite struct RegexExampleTests {
    /// Regexes of every construct the maker reads, each with the string its first variant
    /// makes: literals, classes, escapes, quantifiers, groups, alternation, back-references.
    static let firstStrings: [(regex: String, made: String)] = [
        ("[0-9]+", "42"),
        ("[a-z]+", "alice"),
        ("\\d{4}-\\d{2}-\\d{2}", "2024-42-42"),
        ("[A-Za-z0-9_-]{11}", "hello-world"),
        ("png|jpg|gif", "png"),
        ("(?:v|version)[0-9]+", "v42"),
        ("colou?r", "colour"),
        ("[^/]+", "alice"),
        ("\\Qa.b\\E", "a.b"),
        ("(ab)\\1", "abab"),
        ("(?<word>[a-c])-\\k<word>", "a-a"),
        ("[[:digit:]]{2}", "42"),
        ("\\x41\\x{42}", "AB"),
        ("a{2,3}b*", "aab"),
        ("(?i)item[0-9]", "item5"),
        ("^[a-f0-9]{8}$", "abcdef12"),
    ]

    @Test(arguments: firstStrings)
    func makesTheFirstStringAPersonWouldWrite(regex: String, made: String) throws {
        var random = SplitMix64(seed: 1)
        #expect(RegexExample(regex).string(variant: 0, random: &random) == made)
        #expect(ExampleValues.accepts(try Regex(regex), made))
    }

    /// What the maker cannot follow (look-around, properties) costs tries, never a string
    /// PCRE2 refuses: every value `matching` gives, PCRE2 takes.
    @Test(arguments: ["(?=.*[0-9])[a-z0-9]{6}", "(?!admin)[a-z]+", "\\p{L}+", "(?<=a)b|c", "[a-z]+(?<!x)",
                      "\\w+@\\w+\\.com", "(\\d)(\\d)\\2\\1", "\\bfoo\\b", "(?P<y>\\d{4})-(?P=y)", "[\\]a]+", "x{,3}"])
    func keepsOnlyWhatPCRE2Accepts(regex: String) throws {
        let compiled = try Regex(regex)
        for variant in 0..<4 {
            var random = SplitMix64(seed: 7, stream: UInt64(variant))
            let value = try #require(ExampleValues.matching(compiled, variant: variant, random: &random), "\(regex)")
            #expect(ExampleValues.accepts(compiled, value), "\(regex): \(value)")
        }
    }

    /// Later variants differ, and the same seed gives the same strings.
    @Test func variesByVariantAndRepeatsBySeed() {
        let made = RegexExample("[a-z]{3}[0-9]{2}")
        var first = SplitMix64(seed: 3), second = SplitMix64(seed: 3)
        let a = (1..<6).map { made.string(variant: $0, random: &first) }
        let b = (1..<6).map { made.string(variant: $0, random: &second) }
        #expect(a == b)
        #expect(Set(a).count > 1)
    }

    /// Nested counted repeats make no string longer than a link can sensibly be, and quickly.
    @Test func nestedRepeatsStopAtTheLimit() {
        var random = SplitMix64(seed: 1)
        let made = RegexExample("((a{1000}){1000}){1000}").string(variant: 0, random: &random)
        #expect(made.unicodeScalars.count <= 2048 + 1000)
    }

    /// No regex, however broken or hostile its text, makes the reader crash or loop.
    @Test(arguments: ["(", ")", "[", "\\", "a{", "{1,2}", "(?", "(?<", "[a-", "\\x{", "\\p", "\\k<", "(*UTF)a", "a**", "[]]", "(?#x"])
    func readsBrokenTextWithoutFailing(regex: String) {
        var random = SplitMix64(seed: 1)
        _ = RegexExample(regex).string(variant: 0, random: &random)
    }
}
