import Foundation
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnDomains

/// A urlpattern table finds its routes by a segment trie and reads plain links from their bytes
/// (issue 60's speed); both must give exactly what each route's `exec()` gives.
@Suite struct URLPatternIndexTests {
    /// The segments a pathname pattern is filed under, or nil.
    static func segments(_ pathname: String, ignoreCase: Bool = false) throws -> String? {
        var input = URLPatternInit()
        input[.pathname] = pathname
        let pattern = try URLPattern(input, ignoreCase: ignoreCase)
        return pattern.pathnameSegments.map { segments in
            segments.map { segment -> String in
                switch segment {
                case let .literal(text): String(decoding: text, as: UTF8.self)
                case let .placeholder(placeholder): "{\(placeholder.name)}"
                default: "?"
                }
            }.joined(separator: "|")
        }
    }

    @Test func wholeSegmentPathnamesAreFiled() throws {
        #expect(try Self.segments("/repos/:owner/:repo") == "repos|{owner}|{repo}")
        #expect(try Self.segments("/a/{:id}") == "a|{id}")
        #expect(try Self.segments("/") == "")
        #expect(try Self.segments("/a/") == "a|")
        #expect(try Self.segments("/a//b") == "a||b")
        #expect(try Self.segments("/caf\u{E9}/x y") == "caf%C3%A9|x%20y")  // fixed text as the pathname encodes it
        // a group that shares its segment, a regexp, a wildcard, a modifier, case ignored: the expression decides
        for pathname in ["/files/:name.png", "/a-:id", "/a/:id(\\d+)", "/a/*", "/a/:id?", "/a/:id+", "{/a}?", ":id", "/a{b}?"] {
            #expect(try Self.segments(pathname) == nil, "\(pathname)")
        }
        #expect(try Self.segments("/a/:id", ignoreCase: true) == nil)
    }

    /// The texts the WHATWG URL parser gives `input`, or nil.
    static func parsed(_ input: String) -> [String]? {
        WebURL(input, domainToASCII: IDNA.webASCII).map(URLPattern.texts(of:))
    }

    /// The texts `PlainWebURL` reads from `input`, or nil.
    static func plain(_ input: String) -> [String]? {
        let bytes = Array(input.utf8)
        guard let parts = bytes.withUnsafeBufferPointer(PlainWebURL.parts) else { return nil }
        let text = { (range: Range<Int>) in String(decoding: bytes[range], as: UTF8.self) }
        return [text(parts.scheme), "", "", text(parts.host), "", parts.path.isEmpty ? "/" : text(parts.path), text(parts.query), text(parts.fragment)]
    }

    @Test func plainLinksReadAsTheParserReadsThem() throws {
        for input in ["https://api.github.com/repos/a/b", "http://a.b/x?y=1&z=%27#f'", "https://h.example", "https://h?q#", "https://h/a%zz/a%2e",
                      "https://a-b.c.d./x//y/", "https://h#a#b?c", "https://h/.env", "https://h/a/.../%2e%2e%2e/b", "https://h/%41"] {
            #expect(Self.plain(input) != nil, "\(input)")
            #expect(Self.plain(input) == Self.parsed(input), "\(input)")
        }
        // what the parser would change or refuse: left to it
        for input in ["HTTPS://h/", "https://H/", "https://h:443/", "https://u@h/", "https://1.2.3/", "https://h.0x1/", "https://xn--a.com/",
                      "https://h/./a", "https://h/a/..", "https://h/%2e/", "https://h/.%2E/a", "https://h/%2e.", "https://h/a b", "https://h/a\\b", "https://h/^", "https://h/?a'b",
                      "https://h/#a`", " https://h/", "ftp://h/", "https:h", "https:/h", "https://", "https://[::1]/", "https://h/é"] {
            #expect(Self.plain(input) == nil, "\(input)")
        }
    }

    /// The byte classes of the plain reading, written as literals, are the URL Standard's sets.
    @Test func plainByteClassesAreTheStandardsSets() {
        for byte in UInt8(0)..<128 {
            if ByteClass.test(byte, PlainWebURL.pathBytes) {
                #expect(!PercentEncodeSet.path.contains(byte) && byte != UInt8(ascii: "\\"), "\(byte)")
            }
            if byte != UInt8(ascii: "#") {
                #expect(ByteClass.test(byte, PlainWebURL.queryBytes) == !PercentEncodeSet.specialQuery.contains(byte), "\(byte)")
            }
            #expect(ByteClass.test(byte, PlainWebURL.fragmentBytes) == !PercentEncodeSet.fragment.contains(byte), "\(byte)")
        }
        #expect(ByteClass.pathSegments.rawValue | 1 << 0x25 == PlainWebURL.pathBytes.rawValue)
    }

    /// Every link `PlainWebURL` answers for, among the URL parser data's inputs and random
    /// links built from the bytes that tell its cases apart, has the parser's texts.
    @Test func plainReadingAgreesWithTheParser() throws {
        var inputs = try WebURLTests.cases().compactMap { $0["input"] as? String }
        var rng = SplitMix64(state: 60)
        let alphabet = Array("aahhxn-0119..://@%2eE?#'\"<>`\\^ Hx")
        for _ in 0..<20_000 {
            let tail = String((0..<Int.random(in: 0...14, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            inputs.append((Bool.random(using: &rng) ? "https://" : "http://") + tail)
        }
        var answered = 0
        for input in inputs {
            guard let plain = Self.plain(input) else { continue }
            answered += 1
            #expect(plain == Self.parsed(input), "\(input)")
        }
        print("plain reading: \(answered) of \(inputs.count) links read from their bytes, as the parser reads them")
        #expect(answered > 500, "the plain reading answers for \(answered) links")
    }

    /// Over the Node oracle's route sets of constructor strings, a urlpattern table's matcher
    /// (trie, plain reading, other routes in order) gives each link the route and groups that
    /// trying each route's `exec()` in turn gives.
    @Test func matcherAgreesWithExecInTurn() throws {
        let text = URLPatternWPTTests.usvText(try String(contentsOf: URLPatternOracleTests.fixture, encoding: .utf8))
        var compared = 0, indexed = 0
        for line in text.split(separator: "\n") {
            let group = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let objects = group["routes"] as? [[String: Any]] ?? []
            // one table's routes: constructor strings sharing one base URL and one ignoreCase
            let base = objects.first?["baseURL"] as? String
            let ignoreCase = objects.first.flatMap { ($0["options"] as? [String: Any])?["ignoreCase"] as? Bool } ?? false
            guard group["refused"] as? Bool != true, objects.allSatisfy({
                $0["pattern"] is String && $0["baseURL"] as? String == base
                    && (($0["options"] as? [String: Any])?["ignoreCase"] as? Bool ?? false) == ignoreCase
            }) else { continue }
            var parser = PatternParser(dialect: .urlpattern, caseInsensitive: ignoreCase)
            parser.domainToASCII = IDNA.webASCII
            parser.baseURL = base
            var routes: [Route] = []
            var patterns: [URLPattern] = []
            for (index, object) in objects.enumerated() {
                guard let pattern = try? parser.parse(object["pattern"] as! String) else { break }
                routes.append(Route(pattern: pattern, target: "r\(index)", table: "t", line: index + 1))
                patterns.append(pattern.urlPattern!)
            }
            guard routes.count == objects.count, !routes.isEmpty else { continue }
            indexed += patterns.filter { $0.pathnameSegments != nil }.count
            var table = RouteTable(name: "t", dialect: .urlpattern, scheme: nil, delimiter: ":", routes: routes)
            table.baseURL = base
            let matcher = Matcher(tables: [table])
            let linkParser = LinkParser(readingFor: [table])
            for object in group["links"] as? [[String: Any]] ?? [] {
                guard let input = object["link"] as? String, object["base"] as? String == base, let link = try? linkParser.parse(input) else { continue }
                compared += 1
                let first = patterns.indices.first { (try? patterns[$0].exec(input, baseURL: base)) != nil }
                let match = try matcher.match(link).first
                #expect(match?.route.line == first.map { $0 + 1 }, "\(input) in \(group["id"]!)")
                if let first, let match, let result = try patterns[first].exec(input, baseURL: base) {
                    var groups: [String: String?] = [:]
                    for (component, part) in zip(URLPattern.Component.allCases, result) where patterns[first].tested.contains(component) {
                        for group in part.groups { groups[group.name] = group.value }
                    }
                    var args: [String: String?] = [:]
                    for (name, value) in match.args {
                        switch value {
                        case let .string(bytes): args[String(decoding: name, as: UTF8.self)] = String(decoding: bytes, as: UTF8.self)
                        default: args[String(decoding: name, as: UTF8.self)] = .some(nil)
                        }
                    }
                    #expect(args == groups, "\(input) in \(group["id"]!)")
                }
            }
        }
        print("urlpattern matcher: \(compared) links routed as exec() in turn routes them, \(indexed) routes filed by segments")
        #expect(compared > 1_000 && indexed > 100, "\(compared) links compared, \(indexed) routes filed by segments")
    }
}
