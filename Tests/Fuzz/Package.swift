// swift-tools-version:6.0
// Fuzz targets for libFuzzer: `make fuzz` builds them with -sanitize=fuzzer and runs each one.
// A package of its own, so that the toolkit's normal build never needs libFuzzer.
import PackageDescription

let core = Target.Dependency.product(name: "UrnCore", package: "urn")
let cli = Target.Dependency.product(name: "UrnCLI", package: "urn")

let package = Package(
    name: "urn-fuzz",
    dependencies: [.package(name: "urn", path: "../..")],
    targets: [
        .target(name: "FuzzDriver", dependencies: [core]),
        .executableTarget(name: "FuzzLinkParser", dependencies: ["FuzzDriver", core, cli]),
        .executableTarget(name: "FuzzJSONReader", dependencies: ["FuzzDriver", core]),
        .executableTarget(name: "FuzzMatcher", dependencies: ["FuzzDriver", core, cli]),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzDriver", core]),
        .executableTarget(name: "FuzzAppLinkTable", dependencies: ["FuzzDriver", core, cli]),
        // traps on purpose: `make fuzz-selftest` proves that a trap fails the gate
        .executableTarget(name: "FuzzSelfTest", dependencies: ["FuzzDriver"]),
    ]
)
