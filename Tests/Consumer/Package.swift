// swift-tools-version:6.0
// A program that depends on urn the way another project does: by URL and version. Tests/Consumer/
// run.sh clones the checkout, tags it and points URN_URL at the clone (a file:// URL, which
// SwiftPM treats as a remote dependency, so urn's package must carry no unsafe flag).
import PackageDescription

// Without URN_URL (working on the consumer by hand), the checkout itself, as a local package.
let urn: Package.Dependency = Context.environment["URN_URL"].map { .package(url: $0, from: "0.1.0") } ?? .package(path: "../..")

let package = Package(
    name: "route-links",
    dependencies: [urn],
    targets: [
        .executableTarget(name: "RouteLinks", dependencies: [.product(name: "UrnCore", package: "urn")]),
    ]
)
