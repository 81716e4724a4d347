import UrnCLI

/// The multi-call `urn` executable that `make install` and `make deb` install, the four tools
/// being links to it: the command lives in UrnCLI, as for each tool's own executable.
@main
enum Main {
    static func main() { MultiCall.main() }
}
