@preconcurrency import Glibc

/// GNU-style messages on stderr: `urnparse: <stdin>:12: message`.
public final class Diagnostics {
    /// The tool's name, the prefix of every message.
    public let tool: String
    /// Silence per-line messages (`-q`); other messages still print.
    public var quiet: Bool

    /// Diagnostics for `tool`.
    public init(tool: String, quiet: Bool = false) {
        self.tool = tool
        self.quiet = quiet
    }

    /// Reports a problem with one input line, unless quiet.
    public func line(_ source: String, _ number: Int, _ message: String) {
        guard !quiet else { return }
        emit("\(tool): \(source):\(number): \(message)\n")
    }

    /// Reports a problem that is not about one line (unreadable file, write failure, usage).
    public func error(_ message: String) {
        emit("\(tool): \(message)\n")
    }

    private func emit(_ text: String) {
        ProgressMeter.clearForMessage()
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
