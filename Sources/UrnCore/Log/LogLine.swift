/// The values of one access-log line, as ranges into its text (escapes not yet undone), each
/// nil where the line does not log it or logs `-`; numbers already read.
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
    package var status: Int?
    package var bytes: Int?
    package var referer: Range<Int>?
    package var agent: Range<Int>?
    package var host: Range<Int>?
    /// `$request_time`, seconds as a JSON number.
    package var duration: Range<Int>?
    /// Whether the line holds a backslash: only then may a value need its escapes undone.
    package var hasEscapes = false

    /// An empty line's values.
    package init() {}
}
