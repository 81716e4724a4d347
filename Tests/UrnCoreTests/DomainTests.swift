import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnDomains

/// Domains through libpsl and international names through libidn2 (urnfmt(1) DOMAINS).
@Suite struct DomainTests {
    func parts(_ host: String) -> [String] {
        let parts = SystemDomains().parts(ofHost: Array(host.utf8))
        return [parts.domain, parts.subdomain, parts.suffix].map { String(decoding: $0, as: UTF8.self) }
    }

    /// [host, registrable domain, subdomain, public suffix]. The rules are the Public Suffix
    /// List's (https://publicsuffix.org/list/, "Format"): the longest matching rule wins, a
    /// wildcard `*.kawasaki.jp` makes every label below it a suffix, an exception
    /// `!city.kawasaki.jp` takes one label back, and an unlisted TLD is a suffix by the
    /// implicit `*` rule.
    @Test(arguments: [
        ["a.b.example.co.uk", "example.co.uk", "a.b", "co.uk"],
        ["www.example.com", "example.com", "www", "com"],
        ["example.com", "example.com", "", "com"],
        // a fully qualified name keeps its trailing dot in every part
        ["www.example.com.", "example.com.", "www", "com."],
        // a private suffix (the list's PRIVATE section) counts: each user's site is a domain
        ["user.github.io", "user.github.io", "", "github.io"],
        ["a.user.github.io", "user.github.io", "a", "github.io"],
        // wildcard and exception rules
        ["foo.kawasaki.jp", "", "", "foo.kawasaki.jp"],
        ["a.foo.kawasaki.jp", "a.foo.kawasaki.jp", "", "foo.kawasaki.jp"],
        ["city.kawasaki.jp", "city.kawasaki.jp", "", "kawasaki.jp"],
        ["www.city.kawasaki.jp", "city.kawasaki.jp", "www", "kawasaki.jp"],
        // a host that is itself a suffix has no registrable domain
        ["co.uk", "", "", "co.uk"],
        ["com", "", "", "com"],
        // single-label hosts: an unlisted TLD by the implicit rule
        ["localhost", "", "", "localhost"],
        ["intranet", "", "", "intranet"],
        // IDN hosts, Unicode or ASCII
        ["www.bücher.de", "bücher.de", "www", "de"],
        ["www.xn--bcher-kva.de", "xn--bcher-kva.de", "www", "de"],
        // IP addresses and broken names have none
        ["192.168.1.1", "", "", ""],
        ["[::1]", "", "", ""],
        ["a..b", "", "", ""],
        [".example.com", "", "", ""],
        ["", "", "", ""],
    ])
    func splitsHostsByThePublicSuffixList(_ row: [String]) {
        #expect(parts(row[0]) == Array(row[1...]))
    }

    /// trurl's punycode cases (tests.json #114–116, #141–142, #189) and the round trip.
    @Test func convertsHostsToAndFromPunycode() throws {
        #expect(String(decoding: try IDNA.ascii(Array("räksmörgås.se".utf8)), as: UTF8.self) == "xn--rksmrgs-5wao1o.se")
        #expect(String(decoding: try IDNA.ascii(Array("åäö".utf8)), as: UTF8.self) == "xn--4cab6c")
        #expect(String(decoding: try IDNA.ascii(Array("bücher.example".utf8)), as: UTF8.self) == "xn--bcher-kva.example")
        #expect(String(decoding: try IDNA.unicode(Array("xn--rksmrgs-5wao1o".utf8)), as: UTF8.self) == "räksmörgås")
        #expect(String(decoding: try IDNA.unicode(Array("www.XN--bcher-kva.example".utf8)), as: UTF8.self) == "www.bücher.example")
        // ASCII hosts without an xn-- label are left as they are
        #expect(try IDNA.ascii(Array("Example.COM".utf8)) == Array("Example.COM".utf8))
        #expect(try IDNA.unicode(Array("example.com".utf8)) == Array("example.com".utf8))
    }

    @Test func refusesHostsWithoutAnotherForm() {
        #expect(throws: IDNError.self) { try IDNA.unicode(Array("xn-----".utf8)) }
        // a label longer than 63 bytes once encoded
        #expect(throws: IDNError.self) { try IDNA.ascii(Array((String(repeating: "ä", count: 70) + ".se").utf8)) }
        do {
            _ = try IDNA.unicode(Array("xn-----".utf8))
        } catch {
            #expect(error.code == "invalid-idn")
            #expect(error.message.hasPrefix("host 'xn-----' cannot be converted to an IDN: "))
        }
    }

    @Test func convertsTheHostOfALinkInPlace() throws {
        let link = try LinkParser().parse("https://user@r%C3%A4ksm%C3%B6rg%C3%A5s.se:8443/p?q#f")
        let ascii = try SystemDomains().converting(link, to: .ascii)
        #expect(String(decoding: ascii, as: UTF8.self) == "https://user@xn--rksmrgs-5wao1o.se:8443/p?q#f")
        let plain = try LinkParser().parse("https://example.com/")
        #expect(try SystemDomains().converting(plain, to: .ascii) == plain.text)
        let broken = try LinkParser().parse("http://xn-----/")
        do throws(IDNError) {
            _ = try SystemDomains().converting(broken, to: .unicode)
            Issue.record("converted")
        } catch {
            #expect(error.offset == 7)
        }
    }
}
