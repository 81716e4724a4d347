import Testing
@_spi(Records) @testable import UrnCore

@Suite struct CommonURLScanTests {
    /// Every part of a link that a reader can see, to compare two readings of one text.
    private func parts(_ link: Link) -> String {
        let ranges: [Range<Int>?] = [link.scheme, link.reference.authority, link.reference.path, link.reference.query,
                                     link.reference.fragment, link.user, link.password, link.host, link.path, link.query,
                                     link.fragment, link.nid, link.nss, link.urnR, link.urnQ, link.urnF, link.name]
        return "\(link.kind) \(ranges.map { $0.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "nil" }) port \(link.port.map(String.init) ?? "nil")"
    }

    /// The one-pass scan and the general parser agree on `text`: where the scan reads it, the
    /// general parser gives the same link, and the scan's says its text needs no JSON escape,
    /// which it does not, and whether its path holds a `%`; where the general parser refuses
    /// it, the scan does not read it.
    /// Returns whether the scan read it.
    @discardableResult
    private func agree(_ text: [UInt8], _ comment: Comment? = nil) -> Bool {
        let general = try? LinkParser().parse(text: text)
        guard let fast = CommonURLScan.link(text) else { return false }
        #expect(general != nil, "the scan read what the parser refuses: \(String(decoding: text, as: UTF8.self))")
        if let general { #expect(parts(fast) == parts(general), "\(String(decoding: text, as: UTF8.self))") }
        // what the scan reads a JSON string holds as it is: writers copy its slices unscanned
        let plain = text.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        #expect(fast.textNeedsNoEscape && plain, "\(String(decoding: text, as: UTF8.self))")
        #expect(fast.pathHasNoPercent == !text[fast.path].contains(UInt8(ascii: "%")), "\(String(decoding: text, as: UTF8.self))")
        return true
    }

    /// The links of the benchmark and the README, all common URLs, read the same both ways.
    @Test func readsCommonURLsAsTheParserDoes() {
        let links = [
            "https://api.github.com/legacy/user/email/demo%40example.com",
            "https://api.github.com/applications/db61/tokens/bd91?sort=d4x9m605w&q=infra+language%3Aswift&access_token=3bol9lf9",
            "https://example.com", "https://example.com/", "http://Example.COM:8080/a/b%20c?x=1&x=2&flag#top",
            "myapp://user/42", "file:///etc/hosts", "HTTP://h:/x", "h+t.t-p://h/?#",
            "https://h?q", "https://h#f", "https://h:65535", "https://h:0080/x", "urn://x/y", "a://b",
            "https://h/a?b?c/d:e@f#g?h/i", "https://h/%2F%2f%aB",
        ]
        for link in links { #expect(agree(Array(link.utf8)), "\(link)") }
    }

    /// What the scan leaves to the general parser: userinfo, IP literals, non-ASCII, a `%` in
    /// the host, bad ports, bad escapes, forbidden characters, links without `//`.
    @Test func leavesTheRestToTheParser() {
        let links = [
            "https://user@h/x", "https://u:p@h/x", "https://[::1]/x", "https://h/é", "https://h%41/x",
            "https://h:65536/x", "https://h:8a/x", "https://h:1:2/x", "https://h/%4", "https://h/%zz", "https://h/a b",
            "https://h/a#b#c", "https://h/a?b#c d", "1http://h/x", "http:/h/x", "post:BYOkwgXnwr3", "/user/42", "//h/x",
            "urn:isbn:0451450523", "http", "ht tp://h", "https://h/a\\b", "https://h/%", "photofeed://user:self",
        ]
        for link in links { #expect(!agree(Array(link.utf8)), "\(link)") }
    }

    /// Random texts from the bytes that decide the split and the checks, after prefixes that
    /// lead to the scan: the two readings never disagree.
    @Test func agreesOnRandomTexts() {
        let alphabet = Array("aZ09:/?#@[]%.+-_~!$&'()*=,; \"<>\\^`{|}\u{7F}\u{01}".utf8) + [0xC3, 0xA9]
        let prefixes = ["https://", "h://", "a+b.c-d://", "x://h:", "https://h/", "https://h?", "https://h#", ""].map { Array($0.utf8) }
        var generator = SplitMix64(state: 17)
        var read = 0
        for round in 0..<40_000 {
            var text = prefixes[round % prefixes.count]
            for _ in 0..<Int(generator.next() % 12) { text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            if agree(text) { read += 1 }
        }
        #expect(read > 1_000, "the random texts hardly reach the scan: \(read)")
    }
}

@Suite struct ParseIntoLinkTests {
    /// What a reader of a link can see of it, text included; with `flags`, the hints a
    /// writer takes from it too.
    private func seen(_ link: Link, flags: Bool = true) -> String {
        let ranges: [Range<Int>?] = [link.scheme, link.reference.authority, link.reference.path, link.reference.query,
                                     link.reference.fragment, link.user, link.password, link.host, link.path, link.query,
                                     link.fragment, link.nid, link.nss, link.urnR, link.urnQ, link.urnF, link.name]
        return "\(String(decoding: link.text, as: UTF8.self)) \(link.kind) \(ranges) port \(link.port.map(String.init) ?? "nil") "
            + (flags ? "plain \(link.textNeedsNoEscape) no-percent \(link.pathHasNoPercent)" : "")
    }

    /// Whether the hints `link` gives hold: its text needs no JSON escape, its path has no `%`.
    private func hintsHold(_ link: Link) -> Bool {
        let plain = link.text.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return (!link.textNeedsNoEscape || plain) && (!link.pathHasNoPercent || !link.text[link.path].contains(UInt8(ascii: "%")))
    }

    /// Parsing into a link that held any other kind of link (every component of a URN set,
    /// userinfo, a port, a Compass name, a longer text) gives the link a fresh parse gives;
    /// a link that cannot be parsed leaves an empty one.
    @Test(arguments: [Leniency.strict, .queryAndFragment, .everywhere])
    func parsingIntoAnyPreviousLinkGivesTheFreshReading(leniency: Leniency) throws {
        let parser = LinkParser(compassSchemes: ["photofeed"], leniency: leniency)
        let before = ["urn:example:a123?+r?=q#f", "https://u:p@h:8080/a?b#c", "photofeed://user:self", "/relative/x?y",
                      "https://example.com/a/very/long/path/" + String(repeating: "x", count: 300), "https://h/%41"]
        let after = ["https://api.github.com/repos/a/b?page=2#top", "https://h", "http://Example.COM:8080/a/b%20c?x=1",
                     "https://u@h/x", "urn:isbn:0451450523", "photofeed://user:self", "/user/42", "https://h/é",
                     "HTTP://h:/x", "https://h:65536/x", "https://h/a b", "1http://h/x"]
        for previous in before {
            for text in after {
                var link = try parser.parse(previous)
                let fresh = Result { () throws(LinkError) in try parser.parse(text) }
                let into = Result { () throws(LinkError) in
                    try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(LinkError) in try parser.parse(buffer, into: &link) }
                }
                switch (fresh, into) {
                case let (.success(expected), .success):
                    // under --lenient a fresh parse repairs first and leaves the hints unset,
                    // where a link read as it is has them: both are true of the link
                    #expect(seen(link, flags: leniency != .everywhere) == seen(expected, flags: leniency != .everywhere),
                            "\(previous) then \(text)")
                    #expect(hintsHold(link), "\(previous) then \(text)")
                case let (.failure(expected), .failure(error)):
                    #expect("\(error)" == "\(expected)", "\(previous) then \(text)")
                    #expect(link.text.isEmpty && link.path == 0..<0 && link.host == nil, "\(previous) then \(text)")
                default:
                    Issue.record("\(previous) then \(text): \(fresh) but \(into)")
                }
            }
        }
    }
}
