/// What one value of an access-log line stands for: a member of the record `urnparse --log`
/// writes, a part of one (the request line's pieces), or text read past (`opaque`).
package enum LogField: Sendable, Equatable {
    /// The client address (`$remote_addr`, Apache's `%h`).
    case remote
    /// The authenticated user (`$remote_user`, `%u`).
    case user
    /// The time in the Common Log Format, `10/Oct/2000:13:55:36 -0700` (`$time_local`, `%t`).
    case localTime
    /// The time as ISO 8601, kept as written (`$time_iso8601`).
    case isoTime
    /// The request line, `METHOD target PROTOCOL` (`$request`, `%r`).
    case request
    /// The method alone (`$request_method`).
    case method
    /// The request target as the client sent it (`$request_uri`).
    case target
    /// The path alone, as nginx normalized it (`$uri`).
    case path
    /// The query alone, without `?` (`$args`).
    case query
    /// `$uri$is_args$args`: the path, then `?` and the query, or `-` where there is no query
    /// (nginx writes an empty `$is_args` as nothing and a missing `$args` as `-`).
    case pathAndQuery
    /// The status code (`$status`, `%>s`).
    case status
    /// The bytes of the response body (`$body_bytes_sent`, `%b`).
    case bytes
    /// The `Referer` header.
    case referer
    /// The `User-Agent` header.
    case agent
    /// The host the request named (`$host`, `$http_host`, `$server_name`).
    case host
    /// The time the request took, in seconds (`$request_time`).
    case duration
    /// Any other value: skipped.
    case opaque

    /// The field nginx's variable `name` (without `$`) fills; one urn does not read is `opaque`.
    /// `$bytes_sent` (the whole response, headers too) stands in for `$body_bytes_sent` only
    /// where a format lacks it, which `LogFormat` decides.
    package static func nginx(_ name: Substring) -> LogField {
        switch name {
        case "remote_addr", "realip_remote_addr": .remote
        case "remote_user": .user
        case "time_local": .localTime
        case "time_iso8601": .isoTime
        case "request": .request
        case "request_method": .method
        case "request_uri": .target
        case "uri", "document_uri": .path
        case "args", "query_string": .query
        case "status": .status
        case "body_bytes_sent": .bytes
        case "http_referer": .referer
        case "http_user_agent": .agent
        case "host", "http_host", "server_name": .host
        case "request_time": .duration
        default: .opaque
        }
    }

    /// Whether the field holds the request target (alone or in the request line).
    package var holdsTarget: Bool {
        switch self {
        case .request, .target, .path, .pathAndQuery: true
        default: false
        }
    }

    /// Whether `byte` ends the value where the format gives no text after it (`$host$request_uri`,
    /// `$uri$is_args$args`): nil for a field whose values have no such end.
    package func ends(at byte: UInt8) -> Bool? {
        switch self {
        case .host: byte == UInt8(ascii: "/") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
        case .path: byte == UInt8(ascii: "?") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
        case .remote, .method: byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
        case .status, .bytes, .duration:
            !(ByteClass.test(byte, .digit) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-"))
        default: nil
        }
    }
}
