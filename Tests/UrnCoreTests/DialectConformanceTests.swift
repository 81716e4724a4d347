import Foundation
import Testing
import UrnCLI
@_spi(Records) @testable import UrnCore

/// Replays the `match` and `host+query` cases of the Compass, URLNavigator and WAAppRouting
/// conformance fixtures in their dialects. Cases outside the matcher's scope carry a reason.
@Suite struct DialectConformanceTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/conformance").standardized

    /// Cases that test something other than routing a link, by file and 1-based line.
    static let outOfScope: [String: String] = [
        "compass.jsonl:27": "Compass 2.x treated trailing placeholders as optional; removed in 3.0, the dialect follows 6",
        "compass.jsonl:29": "Compass 1.0 kept braces in argument keys; 1.1 stripped them, the dialect follows 6",
        "compass.jsonl:30": "tests how Compass 4.x/5.0 built a URL from a URN (compassURL), not routing; line 18 routes the same link",
        "urlnavigator.jsonl:22": "a value-converter closure rewrites the value in the app; urn types only constrain values",
    ]

    struct Case {
        let file: String
        let line: Int
        let json: [String: Any]
        var id: String { "\(file):\(line)" }
    }

    static func cases(_ file: String, kinds: Set<String>) throws -> [Case] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
        return try text.split(separator: "\n").enumerated().compactMap { index, line in
            let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            guard kinds.contains(json["kind"] as! String) else { return nil }
            return Case(file: file, line: index + 1, json: json)
        }
    }

    /// Runs one case; nil when it passes, else what differed.
    static func run(_ c: Case, dialect: Dialect) throws -> String? {
        let config = c.json["config"] as? [String: Any] ?? [:]
        let scheme = config["scheme"] as? String
        let delimiter = config["delimiter"] as? String ?? ":"
        let patterns = c.json["patterns"] as? [String] ?? []
        let parser = PatternParser(delimiter: delimiter, dialect: dialect)
        let routes = try patterns.enumerated().map { index, text in
            Route(pattern: try parser.parse(text), target: nil, table: c.file, line: index + 1)
        }
        let table = RouteTable(name: c.file, dialect: dialect, scheme: scheme, delimiter: delimiter, routes: routes)
        let input = c.json["input"] as? String ?? ""
        let expect = c.json["expect"] as! [String: Any]
        let expectedPattern = expect["pattern"] as? String
        let link: Link
        do {
            link = try LinkParser(compassScheme: dialect == .compass ? scheme : nil, delimiter: delimiter).parse(input)
        } catch {
            return expectedPattern == nil ? nil : "link did not parse: \(error.message)"
        }
        let matches = try Matcher(tables: [table]).match(link)
        let got = matches.first
        guard got?.route.pattern.text == expectedPattern else {
            return "pattern \(got?.route.pattern.text ?? "nil") != \(expectedPattern ?? "nil")"
        }
        guard let got, c.json["args_asserted"] as? Bool != false else { return nil }
        let expectedArgs = expect["args"] as? [String: Any] ?? [:]
        var gotArgs: [String: Any] = [:]
        for arg in got.args {
            let name = String(decoding: arg.name, as: UTF8.self)
            switch arg.value {
            case let .string(bytes): gotArgs[name] = String(decoding: bytes, as: UTF8.self)
            case let .int(int): gotArgs[name] = int
            case let .double(double): gotArgs[name] = double
            case let .float(float): gotArgs[name] = Double(float.description)!
            case let .json(text): gotArgs[name] = String(decoding: text, as: UTF8.self)
            }
        }
        guard NSDictionary(dictionary: gotArgs).isEqual(to: expectedArgs) else {
            return "args \(gotArgs) != \(expectedArgs)"
        }
        return nil
    }

    static func check(_ file: String, dialect: Dialect) throws {
        var passed = 0, skipped = 0
        var failures: [String] = []
        for c in try cases(file, kinds: ["match", "host+query"]) {
            if let reason = outOfScope[c.id] {
                skipped += 1
                print("conformance \(c.id): out of scope: \(reason)")
                continue
            }
            if let failure = try run(c, dialect: dialect) {
                failures.append("\(c.id) \(c.json["input"] ?? ""): \(failure)")
            } else {
                passed += 1
            }
        }
        print("conformance \(file) (\(dialect.rawValue)): \(passed) passed, \(failures.count) failed, \(skipped) out of scope")
        for failure in failures { print("conformance FAILED \(failure)"); Issue.record(Comment(rawValue: failure)) }
    }

    /// Runs one derived case (`Fixtures/derived/`): a whole table read in `dialect`; nil when it passes.
    static func runDerived(_ json: [String: Any], dialect: Dialect) throws -> String? {
        let options = json["options"] as? [String: Bool] ?? [:]
        let matcherOptions = Matcher.Options(mergeQuery: options["mergeQuery"] ?? false,
                                             caseInsensitive: options["caseInsensitive"] ?? false)
        let parser = RouteTableParser(dialect: dialect, caseInsensitive: matcherOptions.caseInsensitive)
        let table = try parser.parse(json["table"] as! String, name: "t")
        let input = json["input"] as! String
        let expect = json["expect"] as! [String: Any]
        if expect["refused"] as? Bool == true {
            // the app gets no URL for the link, so it routes nothing: urn refuses it as it reads
            // links for this table
            return (try? LinkParser(readingFor: [table]).parse(input)) == nil ? nil : "the link was not refused"
        }
        // URLNavigator's links as the tools read them for its tables (as text); elsewhere a link
        // RFC 3986 refuses (`100%`) is read leniently, as a newer URL(string:) would
        let link = try (table.dialect.rules.linksAsText ? try? LinkParser(readingFor: [table]).parse(input) : nil)
            ?? (try? LinkParser(compassScheme: table.scheme).parse(input))
            ?? LinkParser(compassScheme: table.scheme, leniency: .everywhere).parse(input)
        let got = try Matcher(tables: [table], options: matcherOptions).match(link, method: json["method"] as? String).first
        guard got?.route.pattern.text == expect["pattern"] as? String else {
            return "pattern \(got?.route.pattern.text ?? "nil") != \(expect["pattern"] as? String ?? "nil")"
        }
        guard let got else { return nil }
        if got.route.target != expect["target"] as? String { return "target \(got.route.target ?? "nil")" }
        if let block = expect["block"] as? Bool, got.route.isBlock != block { return "block \(got.route.isBlock)" }
        if expect.keys.contains("handler"), got.handler?.pattern.text != expect["handler"] as? String {
            return "handler \(got.handler?.pattern.text ?? "nil")"
        }
        var writer = JSONWriter(capacity: 256)
        ArgumentsSchema.write(got.args, into: &writer)
        let gotArgs = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as! [String: Any]
        let expectedArgs = expect["args"] as? [String: Any] ?? [:]
        return NSDictionary(dictionary: gotArgs).isEqual(to: expectedArgs) ? nil : "args \(gotArgs) != \(expectedArgs)"
    }

    static func checkDerived(_ file: String, dialect: Dialect) throws {
        let url = fixtures.appendingPathComponent("../derived").appendingPathComponent(file).standardized
        var passed = 0
        var failures: [String] = []
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(separator: "\n").enumerated() {
            let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if let failure = try runDerived(json, dialect: dialect) {
                failures.append("derived/\(file):\(index + 1) \(json["input"] ?? ""): \(failure) [\(json["cite"] ?? "")]")
            } else {
                passed += 1
            }
        }
        print("conformance derived/\(file) (\(dialect.rawValue)): \(passed) passed, \(failures.count) failed")
        for failure in failures { print("conformance FAILED \(failure)"); Issue.record(Comment(rawValue: failure)) }
    }

    @Test func compassDerived() throws { try Self.checkDerived("compass.jsonl", dialect: .compass) }
    @Test func navigatorDerived() throws { try Self.checkDerived("navigator.jsonl", dialect: .navigator) }
    @Test func expressDerived() throws { try Self.checkDerived("express.jsonl", dialect: .express) }
    @Test func waapDerived() throws { try Self.checkDerived("waap.jsonl", dialect: .waap) }
    /// apple-app-site-association files are read by their content, whatever the dialect.
    @Test func aasaDerived() throws { try Self.checkDerived("aasa.jsonl", dialect: .urn) }

    @Test func compass() throws { try Self.check("compass.jsonl", dialect: .compass) }
    @Test func urlNavigator() throws { try Self.check("urlnavigator.jsonl", dialect: .navigator) }
    @Test func waapRouting() throws { try Self.check("waapprouting.jsonl", dialect: .waap) }
}
