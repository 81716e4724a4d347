import UrnCLI

/// The `urnparse` executable: the command lives in UrnCLI, as SwiftPM's swift-build does it.
@main
enum Main {
    static func main() { UrnParse.main() }
}
