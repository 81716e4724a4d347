// swift-tools-version:6.0
// A program that depends on urn the way another project does: by URL and version. Tests/Consumer/
// run.sh clones the checkout, tags it and points URN_URL at the clone (a file:// URL, which
// SwiftPM treats as a remote dependency, so urn's package must carry no unsafe flag).
import PackageDescription

let urn = Context.environment["URN_URL"] ?? "https://github.com/urn-tools/urn"

let package = Package(
    name: "route-links",
    dependencies: [.package(url: urn, from: "0.1.0")],
    targets: [
        .executableTarget(name: "RouteLinks", dependencies: [.product(name: "UrnCore", package: "urn")]),
    ]
)
