// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "urn",
    products: [
        .library(name: "UrnCore", targets: ["UrnCore"]),
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
            providers: [.apt(["libpcre2-dev"])]
        ),
        .target(name: "UrnCore", dependencies: ["CPCRE2"]),
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
        .testTarget(name: "UrnCoreTests", dependencies: ["UrnCore"]),
    ]
)
