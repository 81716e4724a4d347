import Foundation
import Testing
@_spi(Records) @testable import UrnCore
@testable import UrnAppLinks

/// Replays what Android 12+'s own code answered (Tests/Fixtures/assetlinks-device, recorded by
/// Tests/Oracle/assetlinks): whether its verifier fails a whole host over an assetlinks.json, and
/// which hosts a manifest's filters ask it to verify.
@Suite struct AssetLinksDeviceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/assetlinks-device")

    /// The bodies on which urn and the device knowingly differ, by class: Android's JSON reader
    /// accepts what strict JSON refuses.
    static let knownStatements: [String: String] = [
        "dal-0312": "\(lenient) (text after the closing bracket)",
        "dal-0313": "\(lenient) (text after the closing bracket)",
        "dal-0314": "\(lenient) (text after the closing bracket)",
        "dal-0317": "\(lenient) (text after the closing bracket)",
        "dal-0321": "\(lenient) (';' between members)",
        "dal-0322": "\(lenient) (TRUE in capitals)",
        "dal-0332": "\(lenient) (an unknown escape)",
    ]
    static let lenient = "JSON leniency: android.util.JsonReader reads it; urn refuses the file as Google's API and strict JSON do"

    /// The manifests on which urn and the device knowingly differ.
    static let knownCollector: [String: String] = [:]

    static func cases(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func theHostFailsWhereTheDevicesVerifierThrows() throws {
        let cases = try Self.cases("statements.jsonl")
        var differing: [String] = []
        for item in cases {
            let id = item["id"] as! String, body = item["body"] as! String
            let device = (item["device"] as! [String: Any])["fails"] as! Bool
            let file = AssetLinksFile(Array(body.utf8), name: "assetlinks.json")
            guard file.failsHostOnAndroid != device else { continue }
            differing.append(id)
            if Self.knownStatements[id] == nil {
                print("  \(id): urn \(file.failsHostOnAndroid ? "fails" : "reads") (\(file.androidFailure ?? "-")), the device \(device ? "fails" : "reads"): \(body.prefix(160))")
            }
        }
        print("assetlinks device: \(cases.count - differing.count) of \(cases.count) agree")
        #expect(differing.allSatisfy { Self.knownStatements[$0] != nil })
        #expect(Self.knownStatements.keys.allSatisfy(differing.contains))
    }

    @Test func theHostsToVerifyAreTheDevicesCollection() throws {
        let cases = try Self.cases("collector.jsonl")
        var differing: [String] = []
        for item in cases {
            let id = item["id"] as! String, manifest = item["manifest"] as! String
            let device = item["device"] as! [String: Any]
            let expected = (device["refused"] as? Bool) == true ? nil : Set(device["hosts"] as! [String])
            let table = try? RouteTable(parsingAppLinks: manifest, name: "AndroidManifest.xml")
            let hosts = table.map { table in
                Set(table.routes.flatMap { route -> [String] in
                    guard case let .intentFilter(rule)? = route.appLink, AssociationCheck.verifies(rule) else { return [] }
                    return rule.authorities.map(\.host).filter(AssociationCheck.isVerifiableHost)
                })
            }
            guard hosts != expected else { continue }
            differing.append(id)
            if Self.knownCollector[id] == nil {
                print("  \(id): urn \(hosts.map { $0.sorted().description } ?? "refused"), the device \(expected.map { $0.sorted().description } ?? "refused"): \(item["note"] ?? "")")
            }
        }
        print("collector device: \(cases.count - differing.count) of \(cases.count) agree")
        #expect(differing.allSatisfy { Self.knownCollector[$0] != nil })
        #expect(Self.knownCollector.keys.allSatisfy(differing.contains))
    }
}
