import Foundation
import Testing
@_spi(Records) @testable import UrnCore

/// The `stack` cases of the WAAppRouting fixture: registration chains build the stack.
@Suite struct StackConformanceTests {
    @Test func waapRoutingStacks() throws {
        var passed = 0
        for c in try DialectConformanceTests.cases("waapprouting.jsonl", kinds: ["stack"]) {
            let registration = c.json["registration"] as! [String]
            let table = try RouteTableParser(dialect: .waap).parse(registration.joined(separator: "\n"), name: "app")
            let matcher = Matcher(tables: [table])
            let link = try LinkParser().parse(c.json["input"] as! String)
            let frames = try StackBuilder(matcher: matcher).stack(for: link)
            let expect = c.json["expect"] as! [String: Any]
            let expectedStack = expect["stack"] as! [[String: Any]]
            let got = frames.map { frame -> [String: Any] in
                ["path": frame.route.pattern.text, "controller": frame.route.target as Any, "modal": frame.modal]
            }
            #expect(frames.last?.route.pattern.text == expect["pattern"] as? String, "\(c.id)")
            #expect(got.count == expectedStack.count, "\(c.id)")
            for (g, e) in zip(got, expectedStack) {
                #expect(g["path"] as? String == e["path"] as? String, "\(c.id)")
                #expect(g["controller"] as? String == e["controller"] as? String, "\(c.id)")
                let presentation = e["presentation"] as! String
                #expect((g["modal"] as! Bool) == presentation.hasPrefix("modal"), "\(c.id)")
            }
            if case let .values(args)? = frames.last?.args {
                var gotArgs: [String: String] = [:]
                for arg in args { if case let .string(v) = arg.value { gotArgs[String(decoding: arg.name, as: UTF8.self)] = String(decoding: v, as: UTF8.self) } }
                #expect(NSDictionary(dictionary: gotArgs).isEqual(to: expect["args"] as! [String: Any]), "\(c.id)")
            }
            passed += 1
        }
        print("conformance waapprouting.jsonl stack: \(passed) cases run")
    }
}
