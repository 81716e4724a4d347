/// The values of one access-log line, as ranges into its text (escapes not yet undone), each
/// nil where the line does not log it or logs `-`; numbers already checked.
package struct LogLine: Sendable {
    package var remote: Range<Int>?
    package var user: Range<Int>?
    /// A `$time_local` / `%t` time, read.
    package var localTime: LogTime?
    /// A `$time_iso8601` time, as written.
    package var isoTime: Range<Int>?
    package var method: Range<Int>?
    /// The request target: `$request`'s middle or `$request_uri`; else `path` and `query`.
    package var target: Range<Int>?
    package var path: Range<Int>?
    package var query: Range<Int>?
    /// The request line as written, where it holds no `METHOD target` (`-`, a TLS handshake's
    /// bytes, a method alone): the line has no link then, and says what the client sent.
    package var request: Range<Int>?
    /// The status's digits, as a JSON number writes them (no leading zero), of any length.
    package var status: Range<Int>?
    /// The body's bytes, as `status` holds its digits.
    package var bytes: Range<Int>?
    package var referer: Range<Int>?
    package var agent: Range<Int>?
    package var host: Range<Int>?
    /// `$request_time`, seconds as a JSON number.
    package var duration: Range<Int>?
    /// Whether the line holds a backslash: only then may a value need its escapes undone.
    package var hasEscapes = false
    /// The offset of the line's first byte that is no UTF-8, if any: the values that hold one
    /// are written with U+FFFD there, a target percent-encoded (`LogSchema`).
    package var invalidUTF8At: Int?

    /// An empty line's values.
    package init() {}

    /// Whether the line names a request target, which makes it a link.
    package var hasTarget: Bool { target != nil || path != nil }
}
