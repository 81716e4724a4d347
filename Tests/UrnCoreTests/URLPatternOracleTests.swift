import Foundation
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnDomains

/// URLPattern as a router against Node 24's own (`Tests/Fixtures/oracle/urlpattern/`, recorded
/// by Tests/Oracle/urlpattern/generate.py), through the library API: each route set's
/// constructors throw or not as Node's did, every component's pattern string is Node's, and
/// each link goes to the first route whose `exec()` matches, with Node's groups; but for the
/// cases Tests/Oracle/urlpattern/differences.tsv lists, each under a class of classes.tsv.
@Suite struct URLPatternOracleTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/oracle/urlpattern/cases.jsonl")

    /// Tests/Oracle/urlpattern/differences.tsv: case id to class.
    static func listedDifferences() -> [String: String] {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Oracle/urlpattern/differences.tsv")
        let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 2 { listed[String(fields[0])] = String(fields[1]) }
        }
        return listed
    }

    /// The route of a recorded route set.
    static func route(_ object: [String: Any]) throws -> URLPattern {
        let ignoreCase = (object["options"] as? [String: Any])?["ignoreCase"] as? Bool ?? false
        if let text = object["pattern"] as? String {
            return try URLPattern(text, baseURL: object["baseURL"] as? String, ignoreCase: ignoreCase, domainToASCII: IDNA.webASCII)
        }
        guard object["baseURL"] == nil else { throw URLPatternError("a baseURL beside a dictionary") }
        return try URLPattern(URLPatternWPTTests.initFrom(object["pattern"] as? [String: Any] ?? [:]), ignoreCase: ignoreCase,
                              domainToASCII: IDNA.webASCII)
    }

    /// Why a link's answer differs from Node's, or nil.
    static func disagreement(_ link: [String: Any], _ routes: [URLPattern]) -> String? {
        var first: (Int, [URLPattern.ComponentResult])?
        for (index, route) in routes.enumerated() {
            let result: [URLPattern.ComponentResult]?
            do {
                if let init_ = link["init"] as? [String: Any] {
                    guard link["base"] == nil else { throw URLPatternError("a base beside a dictionary") }
                    result = try route.exec(URLPatternWPTTests.initFrom(init_))
                } else {
                    result = try route.exec(link["link"] as? String ?? "", baseURL: link["base"] as? String)
                }
            } catch {
                return link["error"] == nil ? "exec throws: \(error)" : nil
            }
            if let result {
                first = (index, result)
                break
            }
        }
        if link["error"] != nil { return "Node's exec throws" }
        let answers = link["answers"] as? [[String: Any]] ?? []
        guard let answer = answers.first else { return first.map { "routes to \($0.0), Node to none" } }
        guard let (index, result) = first else { return "routes to none, Node to \(answer["index"]!)" }
        guard index == answer["index"] as? Int else { return "routes to \(index), Node to \(answer["index"]!)" }
        let groups = answer["groups"] as? [String: [String: Any]] ?? [:]
        for (c, name) in URLPatternWPTTests.names.enumerated() {
            let want = (groups[name] ?? [:]).mapValues { $0 as? String }
            let got = Dictionary(result[c].groups.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            if want != got { return "\(name) groups \(got), Node \(want)" }
        }
        return nil
    }

    @Test func nodeRouterOracle() throws {
        let text = URLPatternWPTTests.usvText(try String(contentsOf: Self.fixture, encoding: .utf8))
        var links = 0, failures: [(id: String, why: String)] = []
        for line in text.split(separator: "\n") {
            let group = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = group["id"] as! String
            var routes: [URLPattern] = []
            var refused = false
            for (index, object) in (group["routes"] as? [[String: Any]] ?? []).enumerated() {
                do {
                    let route = try Self.route(object)
                    routes.append(route)
                    for (c, name) in URLPatternWPTTests.names.enumerated() {
                        if let want = (object["compiled"] as? [String: Any])?[name] as? String,
                           route.pattern(URLPattern.Component(rawValue: c)!) != want {
                            failures.append(("\(id)/route\(index)", "\(name) \(route.pattern(URLPattern.Component(rawValue: c)!)), Node \(want)"))
                        }
                    }
                } catch {
                    refused = true
                }
            }
            if refused != (group["refused"] as? Bool ?? false) {
                failures.append((id, "\(refused ? "refused" : "accepted"), Node \(refused ? "accepts" : "refuses")"))
                continue
            }
            for (index, link) in (group["links"] as? [[String: Any]] ?? []).enumerated() {
                links += 1
                guard !refused else { continue }
                if let why = Self.disagreement(link, routes) { failures.append(("\(id)#\(index)", "\(link["link"] ?? link["init"] ?? ""): \(why)")) }
            }
        }
        let listed = Self.listedDifferences()
        let linkFailures = failures.filter { $0.id.contains("#") }.count
        print("urlpattern oracle: \(links - linkFailures)/\(links) links agree with Node 24, \(failures.count) differences, \(listed.count) listed")
        let unlisted = failures.filter { listed[$0.id] == nil }
        for failure in unlisted { print("  unlisted \(failure.id): \(failure.why)") }
        let fixed = Set(listed.keys).subtracting(failures.map(\.id))
        #expect(unlisted.isEmpty)
        #expect(fixed.isEmpty, "listed differences that now agree: \(fixed.sorted())")
    }
}
