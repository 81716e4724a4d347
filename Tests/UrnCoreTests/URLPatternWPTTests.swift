import Foundation
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnDomains

/// URLPattern against the Web Platform Tests' own cases (`urlpatterntestdata.json`, from
/// ada-url/ada 308110b2; Tests/Fixtures/urlpattern/PROVENANCE.md), through the library API:
/// the constructor's errors, the pattern strings it writes back, and `exec()`'s results.
@Suite struct URLPatternWPTTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/urlpattern/urlpatterntestdata.json")
    static let names = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]

    /// A `URLPatternInit` from a test's JSON dictionary.
    static func initFrom(_ object: [String: Any]) -> URLPatternInit {
        var result = URLPatternInit()
        for (index, name) in names.enumerated() { result.components[index] = object[name] as? String }
        result.baseURL = object["baseURL"] as? String
        return result
    }

    /// Why a case fails, or nil when it passes; "skipped" for what the API cannot take yet.
    static func disagreement(_ test: [String: Any]) -> String? {
        let arguments = test["pattern"] as? [Any] ?? []
        var ignoreCase = false
        var baseURL: String?
        for (index, argument) in arguments.enumerated().dropFirst() {
            if let options = argument as? [String: Any] {
                // (input, options, baseURL) is read as (input, baseURL, options): the
                // dictionary becomes the text "[object Object]"
                if index == 1, arguments.count > 2 { baseURL = "[object Object]" } else { ignoreCase = options["ignoreCase"] as? Bool ?? false }
            }
            if let text = argument as? String, baseURL == nil { baseURL = text }
        }
        let made: URLPattern
        do {
            if let string = arguments.first as? String {
                made = try URLPattern(string, baseURL: baseURL, ignoreCase: ignoreCase, domainToASCII: IDNA.webASCII)
            } else {
                // a dictionary and a base URL beside it: the constructor's TypeError
                if baseURL != nil { throw URLPatternError("a baseURL beside a dictionary") }
                made = try URLPattern(initFrom(arguments.first as? [String: Any] ?? [:]), ignoreCase: ignoreCase, domainToASCII: IDNA.webASCII)
            }
        } catch {
            return test["expected_obj"] as? String == "error" ? nil : "throws \(error)"
        }
        if test["expected_obj"] as? String == "error" { return "should throw" }
        let listed = test["expected_obj"] as? [String: String] ?? [:]
        for (index, name) in names.enumerated() {
            let expected = listed[name] ?? defaultPattern(name, test, baseURL: baseURL)
            let written = made.pattern(URLPattern.Component(rawValue: index)!)
            if written != expected { return "\(name) pattern \(written), not \(expected)" }
        }
        guard test.keys.contains("expected_match") else { return nil }
        let inputs = test["inputs"] as? [Any] ?? []
        let result: [URLPattern.ComponentResult]?
        do {
            if let input = inputs.first as? [String: Any] {
                guard inputs.count == 1 else { return test["expected_match"] as? String == "error" ? nil : "a baseURL beside a dictionary" }
                result = try made.exec(initFrom(input))
            } else if let input = inputs.first as? String {
                result = try made.exec(input, baseURL: inputs.count > 1 ? inputs[1] as? String : nil)
            } else {
                result = try made.exec(URLPatternInit())
            }
        } catch {
            return "exec fails: \(error)"
        }
        if test["expected_match"] is NSNull { return result.map { _ in "should not match" } }
        if test["expected_match"] as? String == "error" { return "should throw" }
        guard let expected = test["expected_match"] as? [String: Any] else { return nil }
        guard let result else { return "does not match" }
        let empty = test["exactly_empty_components"] as? [String] ?? []
        for (index, name) in names.enumerated() {
            let want = expected[name] as? [String: Any] ?? ["input": "", "groups": empty.contains(name) ? [:] : ["0": ""]]
            let got = result[index]
            if got.input != want["input"] as? String { return "\(name) input \(got.input), not \(want["input"] ?? "")" }
            let wantGroups = (want["groups"] as? [String: Any] ?? [:]).mapValues { $0 as? String }
            let gotGroups = Dictionary(got.groups.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            if wantGroups != gotGroups { return "\(name) groups \(gotGroups), not \(wantGroups)" }
        }
        return nil
    }

    /// The fixture's text with each lone surrogate escape (`\\uD83D` alone) written `\\uFFFD`,
    /// as WebIDL converts a lone surrogate in a USVString; Foundation's JSON reader refuses them.
    static func usvText(_ text: String) -> String {
        var units = Array(text.utf16)
        func surrogate(at i: Int) -> UInt16? {
            guard i + 5 < units.count, units[i] == 0x5C, units[i + 1] == 0x75,
                  let value = UInt16(String(decoding: units[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16),
                  (0xD800...0xDFFF).contains(value) else { return nil }
            return value
        }
        var i = 0
        while i < units.count {
            // an escaped backslash is no escape
            if units[i] == 0x5C, i + 1 < units.count, units[i + 1] == 0x5C { i += 2; continue }
            guard let value = surrogate(at: i) else { i += 1; continue }
            if value < 0xDC00, let low = surrogate(at: i + 6), low >= 0xDC00 { i += 12; continue }
            units.replaceSubrange((i + 2)..<(i + 6), with: Array("FFFD".utf16))
            i += 6
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The components a component is less specific than, in the harness's order.
    static let earlier: [String: [String]] = [
        "protocol": [], "hostname": ["protocol"], "port": ["protocol", "hostname"], "username": [], "password": [],
        "pathname": ["protocol", "hostname", "port"], "search": ["protocol", "hostname", "port", "pathname"],
        "hash": ["protocol", "hostname", "port", "pathname", "search"],
    ]

    /// The pattern string WPT's harness (urlpattern.any.js) expects for a component the case
    /// does not list: empty where it says so; the dictionary's own; `*` after an earlier one
    /// given; the base URL's (never its username or password); `*`.
    static func defaultPattern(_ name: String, _ test: [String: Any], baseURL: String?) -> String {
        if (test["exactly_empty_components"] as? [String] ?? []).contains(name) { return "" }
        let first = (test["pattern"] as? [Any])?.first as? [String: Any]
        if let given = first?[name] as? String, !given.isEmpty { return given }
        if let first, earlier[name]!.contains(where: { first[$0] != nil }) { return "*" }
        // a pattern never takes its username or password from the base URL
        guard name != "username", name != "password", let text = first?["baseURL"] as? String ?? baseURL,
              let base = WebURL(text) else { return "*" }
        switch name {
        case "protocol": return base.scheme
        case "hostname": return base.hostname
        case "port": return base.portText
        case "pathname": return base.pathname
        case "search": return base.query ?? ""
        default: return base.fragment ?? ""
        }
    }

    @Test func urlPatternTestData() throws {
        let data = Data(Self.usvText(try String(contentsOf: Self.fixture, encoding: .utf8)).utf8)
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var failures: [(Int, String)] = []
        var skipped = 0
        for (index, test) in cases.enumerated() {
            guard let why = Self.disagreement(test) else { continue }
            if why.hasPrefix("skipped") { skipped += 1 } else { failures.append((index, why)) }
        }
        print("urlpatterntestdata: \(cases.count - failures.count - skipped)/\(cases.count) pass, \(skipped) skipped")
        for (index, why) in failures { print("  #\(index) \(String(describing: cases[index]["pattern"]!).prefix(80)): \(why)") }
        #expect(failures.isEmpty)
    }
}

/// WPT's data for the tentative `compareComponent()` and `generate()` (Node 24 has neither, so
/// these are the only proof), through the library API.
@Suite struct URLPatternTentativeTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/urlpattern")

    static func pattern(_ value: Any) throws -> URLPattern {
        if let text = value as? String { return try URLPattern(text, domainToASCII: IDNA.webASCII) }
        return try URLPattern(URLPatternWPTTests.initFrom(value as? [String: Any] ?? [:]), domainToASCII: IDNA.webASCII)
    }

    @Test func compareTestData() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("urlpattern-compare-test-data.json"))
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var failures: [String] = []
        for test in cases {
            let name = test["component"] as! String
            let component = try #require(URLPattern.Component(rawValue: URLPatternWPTTests.names.firstIndex(of: name)!))
            let left = try Self.pattern(test["left"]!), right = try Self.pattern(test["right"]!)
            let expected = test["expected"] as! Int
            let got = URLPattern.compare(component, left, right), reversed = URLPattern.compare(component, right, left)
            if got != expected || reversed != -expected { failures.append("\(test): \(got), \(reversed)") }
        }
        print("urlpattern-compare-test-data: \(cases.count - failures.count)/\(cases.count) pass")
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func generateTestData() throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("urlpattern-generate-test-data.json"))
        let cases = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var failures: [String] = []
        for test in cases {
            let made = try Self.pattern(test["pattern"]!)
            let expected = test["expected"] as? String
            var got: String?
            if let index = URLPatternWPTTests.names.firstIndex(of: test["component"] as! String) {
                got = try? made.generate(URLPattern.Component(rawValue: index)!, groups: test["groups"] as? [String: String] ?? [:])
            }
            if got != expected { failures.append("\(test): \(got ?? "error")") }
        }
        print("urlpattern-generate-test-data: \(cases.count - failures.count)/\(cases.count) pass")
        #expect(failures.isEmpty, "\(failures)")
    }
}
