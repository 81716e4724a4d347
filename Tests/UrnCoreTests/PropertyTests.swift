import Testing
@testable import UrnCore

/// A small seeded generator, so that every run tests the same inputs.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Properties over generated inputs.
@Suite struct PropertyTests {
    static let alphabet = Array("abcXYZ09-._~!$&'()*+,;=:@é%20%41%2F%e2%82%ac/".utf8)

    static func word(_ rng: inout SplitMix64, _ maxLength: Int = 8) -> String {
        let pieces = ["a", "b", "Z", "0", "9", "-", ".", "_", "~", "!", "$", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@",
                      "é", "%20", "%41", "%2F", "%e2%82%ac", "ö"]
        return (0..<Int.random(in: 1...maxLength, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
    }

    static func link(_ rng: inout SplitMix64) -> String {
        let scheme = ["http", "https", "HTTP", "myapp", "ftp", "ws"].randomElement(using: &rng)!
        var text = scheme + "://"
        if Bool.random(using: &rng) { text += word(&rng, 4).replacingSlashes() + "@" }
        text += ["Example.COM", "h", "[::1]", "a.b-c", "ex%41mple.org", "[v1.a]"].randomElement(using: &rng)!
        if Bool.random(using: &rng) { text += ":" + ["80", "443", "8080", "21", ""].randomElement(using: &rng)! }
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            text += "/" + [word(&rng), ".", "..", ""].randomElement(using: &rng)!
        }
        if Bool.random(using: &rng) { text += "?" + (0..<Int.random(in: 1...3, using: &rng)).map { _ in word(&rng, 4) + "=" + word(&rng, 4) }.joined(separator: "&") }
        if Bool.random(using: &rng) { text += "#" + word(&rng) }
        return text
    }

    func decoded(_ link: Link, _ range: Range<Int>?) -> [UInt8]? {
        range.map { PercentCoding.decodedUTF8(link.text[$0]) ?? Array(link.text[$0]) }
    }

    /// urnparse, then urnfmt '{url}', then urnparse: the same link, and normalizing again changes nothing.
    @Test func normalizingRoundTrips() throws {
        var rng = SplitMix64(state: 1)
        for _ in 0..<2000 {
            let text = Self.link(&rng)
            guard let first = try? LinkParser().parse(text) else { continue }
            let normalized = LinkNormalizer.normalized(first)
            let second = try LinkParser().parse(normalized)
            #expect(LinkNormalizer.normalized(second) == normalized, "\(text)")
            #expect(decoded(first, first.host).map { $0.map(ByteClass.lowercased) } == decoded(second, second.host), "\(text)")
            #expect(decoded(first, first.user) == decoded(second, second.user), "\(text)")
            #expect(decoded(first, first.query) == decoded(second, second.query), "\(text)")
            #expect(decoded(first, first.fragment) == decoded(second, second.fragment), "\(text)")
            let scheme = first.scheme.map { first.text[$0].map(ByteClass.lowercased) } ?? []
            let defaultPort = LinkNormalizer.defaultPort(ofScheme: scheme)
            #expect((first.port == defaultPort ? nil : first.port) == second.port, "\(text)")
        }
    }

    /// A compiled pattern matches the link that reverse routing builds from it, with the same args.
    @Test func builtLinksMatchTheirPattern() throws {
        var rng = SplitMix64(state: 2)
        let parser = PatternParser()
        for _ in 0..<1000 {
            var segments: [String] = []
            var expected: [String: ArgValue] = [:]
            var values: [String: String] = [:]
            for index in 0..<Int.random(in: 1...5, using: &rng) {
                let name = "p\(index)"
                switch Int.random(in: 0...4, using: &rng) {
                case 0:
                    segments.append(["users", "v1", "a-b", "x.y"].randomElement(using: &rng)!)
                case 1:
                    segments.append("<int:\(name)>")
                    let value = Int.random(in: -99999...99999, using: &rng)
                    values[name] = String(value)
                    expected[name] = .int(value)
                case 2:
                    segments.append("{\(name):[a-z]+}")
                    let value = String((0..<Int.random(in: 1...6, using: &rng)).map { _ in "abcxyz".randomElement(using: &rng)! })
                    values[name] = value
                    expected[name] = .string(Array(value.utf8))
                default:
                    segments.append(":\(name)")
                    let value = String(decoding: PercentCoding.decodedUTF8(ArraySlice(Self.word(&rng).utf8)) ?? [], as: UTF8.self)
                    guard !value.isEmpty else { segments.removeLast(); segments.append("fixed"); continue }
                    values[name] = value
                    expected[name] = .string(Array(value.utf8))
                }
            }
            let text = "/" + segments.joined(separator: "/")
            let builder = try LinkBuilder(text, parser: parser)
            let built = try builder.build { values[$0] }
            let route = Route(pattern: try parser.parse(text), target: nil, table: "t", line: 1)
            let table = RouteTable(name: "t", dialect: .urn, scheme: nil, delimiter: ":", routes: [route])
            let link = try LinkParser().parse(built)
            let match = try #require(try Matcher(tables: [table]).match(link).first, "\(text) → \(String(decoding: built, as: UTF8.self))")
            var got: [String: ArgValue] = [:]
            for arg in match.args { got[String(decoding: arg.name, as: UTF8.self)] = arg.value }
            #expect(got == expected, "\(text) → \(String(decoding: built, as: UTF8.self))")
        }
    }
}

extension String {
    fileprivate func replacingSlashes() -> String { String(map { $0 == "/" || $0 == "@" ? "_" : $0 }) }
}
