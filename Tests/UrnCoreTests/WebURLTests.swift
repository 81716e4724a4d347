import Foundation
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnDomains

/// The WHATWG URL parser against the Web Platform Tests' own URL data (`urltestdata.json`, from
/// ada-url/ada 308110b2, Tests/Fixtures/urlpattern/PROVENANCE.md): each input, resolved
/// against its base, gives the parts the test names, or fails where it says failure.
@Suite struct WebURLTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/urlpattern/urltestdata.json")

    /// The cases, comments left out.
    static func cases() throws -> [[String: Any]] {
        let data = try Data(contentsOf: fixture)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [Any]).compactMap { $0 as? [String: Any] }
    }

    /// Why a case does not hold, or nil when it does.
    static func disagreement(_ test: [String: Any]) -> String? {
        let input = test["input"] as? String ?? ""
        var base: WebURL?
        if let text = test["base"] as? String {
            guard let parsed = WebURL(text, domainToASCII: IDNA.webASCII) else { return "the base \(text) fails" }
            base = parsed
        }
        let url = WebURL(input, base: base, domainToASCII: IDNA.webASCII)
        if test["failure"] as? Bool == true {
            return url.map { "\(input) should fail, gives \($0.href)" }
        }
        guard let url else { return "\(input) fails" }
        let parts: [(String, String)] = [("href", url.href), ("protocol", url.protocolText), ("username", url.username),
                                         ("password", url.password), ("host", url.hostWithPort), ("hostname", url.hostname),
                                         ("port", url.portText), ("pathname", url.pathname), ("search", url.search), ("hash", url.hash)]
        for (name, value) in parts where (test[name] as? String).map({ $0 != value }) == true {
            return "\(input): \(name) \(value), not \(test[name] as! String)"
        }
        return nil
    }

    /// Every case agrees, domains made ASCII by UrnDomains (libidn2).
    @Test func urlTestData() throws {
        let cases = try Self.cases()
        var failures: [String] = []
        for test in cases {
            if let why = Self.disagreement(test) { failures.append(why) }
        }
        print("urltestdata: \(cases.count - failures.count)/\(cases.count) agree")
        for failure in failures.prefix(400) { print("  " + failure) }
        #expect(failures.isEmpty)
    }
}
