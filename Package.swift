// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "urn",
    products: [
        .library(name: "UrnCore", targets: ["UrnCore"]),
        // The properties the fuzz package (Tests/Fuzz) checks, behind @_spi(Fuzzing): not an API.
        .library(name: "UrnFuzzChecks", targets: ["UrnFuzzChecks"]),
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
        .target(name: "UrnCore", dependencies: ["CPCRE2", "CPSL", "CIDN2", "CLibXML2"]),
        .target(
            name: "UrnCLI",
            dependencies: [
                "UrnCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "urnparse", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnmatch", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnstack", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnfmt", dependencies: ["UrnCLI"]),
        .target(name: "UrnFuzzChecks", dependencies: ["UrnCore", "UrnCLI"]),
        // The tests of UrnCore, and of the record schema (UrnCLI) that writes its results.
        .testTarget(name: "UrnCoreTests", dependencies: ["UrnCore", "UrnCLI"]),
    ]
)
