// swift-tools-version:6.0
import PackageDescription

let crossModuleOptimization: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"])]

let package = Package(
    name: "urn",
    products: [
        .library(name: "UrnCore", targets: ["UrnCore"]),
        // The tools' shared plumbing and record schema; a product so that the fuzz package
        // (Tests/Fuzz) can check what the schema writes.
        .library(name: "UrnCLI", targets: ["UrnCLI"]),
        .executable(name: "urnparse", targets: ["urnparse"]),
        .executable(name: "urnmatch", targets: ["urnmatch"]),
        .executable(name: "urnstack", targets: ["urnstack"]),
        .executable(name: "urnfmt", targets: ["urnfmt"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // Domains and international names come from the libraries curl uses (urnfmt(1) DOMAINS).
        .systemLibrary(
            name: "CPSL",
            pkgConfig: "libpsl",
            providers: [.apt(["libpsl-dev", "publicsuffix"]), .brew(["libpsl"])]
        ),
        .systemLibrary(
            name: "CIDN2",
            pkgConfig: "libidn2",
            providers: [.apt(["libidn2-dev"]), .brew(["libidn2"])]
        ),
        // AndroidManifest.xml tables are read with libxml2 (urn-routes(5) APP-LINK TABLES).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // OpenAPI documents in YAML are read with libyaml's event API (urn-routes(5) OPENAPI TABLES).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Both libraries are compiled for cross-module optimization: the record loop of UrnCLI
        // (`RecordDriver`) is generic over each tool's stage, and only with its body visible
        // is it specialized for the stage rather than run through witness tables, a few
        // hundred instructions a record (SPEC §11). An unsafe flag, which SwiftPM accepts in
        // a root or local package: urn is built as tools, not fetched as a remote dependency.
        .target(name: "UrnCore", dependencies: ["CPCRE2", "CPSL", "CIDN2", "CLibXML2", "CYAML"],
                swiftSettings: crossModuleOptimization),
        .target(
            name: "UrnCLI",
            dependencies: [
                "UrnCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: crossModuleOptimization
        ),
        .executableTarget(name: "urnparse", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnmatch", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnstack", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnfmt", dependencies: ["UrnCLI"]),
        // The tests of UrnCore, and of the record schema (UrnCLI) that writes its results.
        .testTarget(name: "UrnCoreTests", dependencies: ["UrnCore", "UrnCLI"]),
    ]
)
