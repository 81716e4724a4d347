@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// The multi-call binary's entry: one executable that is each of the four tools under the name it
/// is called by, so that an installation carries the Swift runtime and the tools' code once
/// (ARCHITECTURE.md, Packaging). `urnmatch -f t.routes` through a link named `urnmatch` is the
/// urnmatch tool; `urn urnmatch -f t.routes` is the same.
package enum MultiCall {
    /// The tools by the names they are installed as, each with the `main` that takes the
    /// arguments after its name.
    static let tools: [(name: String, main: @Sendable ([String]) -> Void)] = [
        ("urnparse", { UrnParse.main(arguments: $0) }),
        ("urnmatch", { UrnMatch.main(arguments: $0) }),
        ("urnstack", { UrnStack.main(arguments: $0) }),
        ("urnfmt", { UrnFmt.main(arguments: $0) }),
    ]

    /// Runs the tool that `argv[0]`'s last path component names, else the tool named by the first
    /// argument; answers `--help` and `--version` itself, and any other call with a usage error.
    package static func main(_ arguments: [String] = CommandLine.arguments) -> Never {
        let called = arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        if let tool = tools.first(where: { $0.name == called }) {
            tool.main(Array(arguments.dropFirst()))
            exit(ExitStatus.success.rawValue)
        }
        let first = arguments.count > 1 ? arguments[1] : nil
        if let first, let tool = tools.first(where: { $0.name == first }) {
            tool.main(Array(arguments.dropFirst(2)))
            exit(ExitStatus.success.rawValue)
        }
        switch first {
        case "--help", "-h":
            print(usage)
            exit(ExitStatus.success.rawValue)
        case "--version":
            print(UrnVersion.line(for: "urn"))
            exit(ExitStatus.success.rawValue)
        default:
            let diagnostics = Diagnostics(tool: "urn")
            diagnostics.error(first.map { "no tool named '\($0)'" } ?? "the tool's name is missing")
            diagnostics.error("try 'urn --help' for more information")
            exit(ExitStatus.failure.rawValue)
        }
    }

    /// What `urn --help` prints.
    static var usage: String {
        """
        USAGE: urn TOOL [ARGUMENTS ...]
               TOOL [ARGUMENTS ...]   (through a link to this file named after the tool)

        The urn tools in one file: TOOL is one of \(tools.map(\.name).joined(separator: ", ")).
        Each tool's options are in its --help and its man page, as urnmatch(1).
        """
    }
}
