@preconcurrency import Glibc
import ArgumentParser

/// A tool of the toolkit: its `main` maps outcomes onto the exit statuses of urnparse(1) EXIT STATUS and prints
/// usage errors GNU-style (`urnparse: message`), where ArgumentParser would use 64 and 1.
package protocol UrnTool: ParsableCommand {
    /// Does the tool's work and returns its exit status.
    mutating func execute() throws -> ExitStatus
}

extension UrnTool {
    package mutating func run() throws {
        throw try execute()
    }

    /// Runs the tool on the process's own arguments and exits.
    package static func main() {
        main(arguments: nil)
    }

    /// Runs the tool on `arguments` (those after the tool's name; nil reads the process's own)
    /// and exits: the multi-call binary hands in what follows `urn TOOL`.
    package static func main(arguments: [String]?) {
        signal(SIGPIPE, SIG_IGN)
        let name = configuration.commandName ?? "urn"
        do {
            var command = try parse(arguments)
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
