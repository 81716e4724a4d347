// swift-tools-version:6.0
// Fuzz targets for libFuzzer: `make fuzz` builds them with -sanitize=fuzzer and runs each one.
// A package of its own, so that the toolkit's normal build never needs libFuzzer.
import PackageDescription

// The properties themselves live in urn's UrnFuzzChecks, which reaches the record machinery.
let checks = Target.Dependency.product(name: "UrnFuzzChecks", package: "urn")

let package = Package(
    name: "urn-fuzz",
    dependencies: [.package(name: "urn", path: "../..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzLinkParser", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzJSONReader", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzMatcher", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzTemplate", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzAppLinkTable", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzLogLine", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzOpenAPIDocument", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzRouteInference", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzURLPattern", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzAssetLinks", dependencies: ["FuzzDriver", checks]),
        .executableTarget(name: "FuzzEntitlements", dependencies: ["FuzzDriver", checks]),
        // traps on purpose: `make fuzz-selftest` proves that a trap fails the gate
        .executableTarget(name: "FuzzSelfTest", dependencies: ["FuzzDriver"]),
    ]
)
