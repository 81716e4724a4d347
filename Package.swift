// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "urn",
    products: [
        // The routing engine: links, patterns, route tables, matching, stacks, templates (PCRE2).
        .library(name: "UrnCore", targets: ["UrnCore"]),
        // OpenAPI documents written in YAML (adds libyaml); JSON ones need no more than the engine.
        .library(name: "UrnOpenAPI", targets: ["UrnOpenAPI"]),
        // AndroidManifest.xml tables (adds libxml2); apple-app-site-association files need no more
        // than the engine.
        .library(name: "UrnAppLinks", targets: ["UrnAppLinks"]),
        // Domain fields and international host names (adds libpsl and libidn2).
        .library(name: "UrnDomains", targets: ["UrnDomains"]),
        // The properties the fuzz package (Tests/Fuzz) checks, behind @_spi(Fuzzing): not an API.
        .library(name: "UrnFuzzChecks", targets: ["UrnFuzzChecks"]),
        .executable(name: "urnparse", targets: ["urnparse"]),
        .executable(name: "urnmatch", targets: ["urnmatch"]),
        .executable(name: "urnstack", targets: ["urnstack"]),
        .executable(name: "urnfmt", targets: ["urnfmt"]),
        // The four tools in one file, which each tool's name links to: what `make install` and
        // `make deb` install (ARCHITECTURE.md, Packaging). The four above serve the tests.
        .executable(name: "urn", targets: ["urn"]),
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
        // The routing engine needs PCRE2 alone; each other C library comes with the product that
        // needs it, so that a library user links only what it uses (README, Dependencies).
        .target(name: "UrnCore", dependencies: ["CPCRE2"]),
        .target(name: "UrnAppLinks", dependencies: ["UrnCore", "CLibXML2"]),
        .target(name: "UrnDomains", dependencies: ["UrnCore", "CPSL", "CIDN2"]),
        .target(name: "UrnOpenAPI", dependencies: ["UrnCore", "CYAML"]),
        .target(
            name: "UrnCLI",
            dependencies: [
                "UrnCore",
                "UrnAppLinks",
                "UrnDomains",
                "UrnOpenAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "urnparse", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnmatch", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnstack", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urnfmt", dependencies: ["UrnCLI"]),
        .executableTarget(name: "urn", dependencies: ["UrnCLI"]),
        .target(name: "UrnFuzzChecks", dependencies: ["UrnCore", "UrnAppLinks", "UrnDomains", "UrnOpenAPI", "UrnCLI"]),
        // The tests of UrnCore, and of the record schema (UrnCLI) that writes its results.
        .testTarget(name: "UrnCoreTests", dependencies: ["UrnCore", "UrnAppLinks", "UrnDomains", "UrnOpenAPI", "UrnCLI"]),
    ]
)
