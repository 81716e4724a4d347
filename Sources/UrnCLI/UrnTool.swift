@preconcurrency import Glibc
import ArgumentParser
import UrnOpenAPI

/// A tool of the toolkit: its `main` maps outcomes onto the exit statuses of urnparse(1) EXIT STATUS and prints
/// usage errors GNU-style (`urnparse: message`), where ArgumentParser would use 64 and 1.
package protocol UrnTool: ParsableCommand {
    /// Does the tool's work and returns its exit status.
    mutating func execute() throws -> ExitStatus

    /// Whether the tool reads `-f` tables (`RoutingOptions`), so that a large YAML document
    /// among them is worth starting to parse before the command line is read (`YAMLPrefetch`).
    static var readsTables: Bool { get }
}

extension UrnTool {
    package mutating func run() throws {
        throw try execute()
    }

    package static var readsTables: Bool { false }

    package static func main() {
        signal(SIGPIPE, SIG_IGN)
        let name = configuration.commandName ?? "urn"
        if readsTables { YAMLPrefetch.start(arguments: CommandLine.arguments, limit: RoutingOptions.defaultMaxTableSize) }
        do {
            var command = try parse()
            try command.run()
            Glibc.exit(0)
        } catch let status as ExitStatus {
            Glibc.exit(status.rawValue)
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            let diagnostics = Diagnostics(tool: name)
            diagnostics.error(message(for: error).lowercasedFirst)
            diagnostics.error("try '\(name) --help' for more information")
            Glibc.exit(ExitStatus.failure.rawValue)
        }
    }
}
