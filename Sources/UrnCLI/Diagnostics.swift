@preconcurrency import Glibc

/// GNU-style messages on stderr: `urnparse: <stdin>:12: message`.
package final class Diagnostics {
    /// The tool's name, the prefix of every message.
    package let tool: String
    /// Silence per-line messages (`-s`, grep's `--no-messages`); other messages still print.
    package var noMessages: Bool
    /// How many per-line messages of one code are printed before the rest are only counted.
    package static let perCodeLimit = 20
    /// Per-line messages by code: how many were printed and how many were only counted, in the
    /// order the codes first came.
    private var counts: [(code: String, printed: Int, held: Int)] = []
    /// The messages kept instead of printed, in the order they came, when these are the
    /// diagnostics of a thread of `--jobs`; nil prints them.
    private var kept: [Message]?

    /// A message kept for `replay(_:)`: about one line, or any other text, ready to print.
    enum Message {
        case line(source: String, number: Int, code: String, message: String)
        case text(String)
    }

    /// Diagnostics for `tool`.
    package init(tool: String, noMessages: Bool = false) {
        self.tool = tool
        self.noMessages = noMessages
    }

    /// Diagnostics for `tool` that keep every message for `takeKept()` instead of printing it:
    /// a thread of `--jobs` works ahead, and its messages are printed in input order, through
    /// the one `Diagnostics` that counts them for the per-code limit.
    init(keepingFor tool: String, noMessages: Bool) {
        self.tool = tool
        self.noMessages = noMessages
        kept = []
    }

    /// The messages kept since the last call, in order.
    func takeKept() -> [Message] {
        defer { kept!.removeAll() }
        return kept!
    }

    /// Prints `messages` (kept by another `Diagnostics`) as if they were reported here.
    func replay(_ messages: [Message]) {
        for message in messages {
            switch message {
            case let .line(source, number, code, text): line(source, number, code: code, text)
            case let .text(text): emit(text)
            }
        }
    }

    /// Reports a problem with one input line, unless silenced; past `perCodeLimit` messages of
    /// its code it is only counted, for `finish()`'s summary line.
    package func line(_ source: String, _ number: Int, code: String, _ message: String) {
        guard !noMessages else { return }
        if kept != nil { return kept!.append(.line(source: source, number: number, code: code, message: message)) }
        let index: Int
        if let found = counts.firstIndex(where: { $0.code == code }) {
            index = found
        } else {
            counts.append((code, 0, 0))
            index = counts.count - 1
        }
        guard counts[index].printed < Self.perCodeLimit else {
            counts[index].held += 1
            return
        }
        counts[index].printed += 1
        emit("\(tool): \(source):\(number): \(message)\n")
    }

    /// Prints one summary line for each code whose messages went past the limit:
    /// `urnparse: ... and 47,980 more invalid-port lines`.
    package func finish() {
        for entry in counts where entry.held > 0 {
            let noun = entry.held == 1 ? "line" : "lines"
            emit("\(tool): ... and \(ProgressMeter.grouped(entry.held)) more \(entry.code) \(noun)\n")
        }
        counts.removeAll()
    }

    /// Reports a problem that is not about one line (unreadable file, write failure, usage).
    package func error(_ message: String) {
        emit("\(tool): \(message)\n")
    }

    /// Reports what a run found, which is no problem: `urnmatch: message`.
    package func note(_ message: String) {
        emit("\(tool): \(message)\n")
    }

    /// Reports a warning that is not about one line: `urnfmt: warning: message`.
    package func warning(_ message: String) {
        emit("\(tool): warning: \(message)\n")
    }

    private func emit(_ text: String) {
        if kept != nil { return kept!.append(.text(text)) }
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
