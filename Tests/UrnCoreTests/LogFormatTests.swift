import Testing
@_spi(Records) @testable import UrnCore

/// nginx `log_format` strings compiled for `urnparse --log nginx:FORMAT` (issue 41).
@Suite struct LogFormatTests {
    func literals(_ format: LogFormat) -> [String] {
        format.literals.map { String(decoding: format.text[$0], as: UTF8.self) }
    }

    @Test func combinedIsNginxDefault() {
        let format = LogFormat.combined
        #expect(format.fields == [.remote, .opaque, .user, .localTime, .request, .status, .bytes, .referer, .agent])
        #expect(literals(format) == ["", " ", " ", " [", "] \"", "\" ", " ", " \"", "\" \"", "\""])
    }

    /// Apache's `vhost_combined`: the virtual host and its port, then combined with `%O` (issue 56).
    @Test func vhostCombined() {
        let format = LogFormat.vhostCombined
        #expect(format.fields == [.host, .opaque, .remote, .opaque, .user, .localTime, .request, .status, .bytes, .referer, .agent])
        #expect(literals(format) == ["", ":", " ", " ", " ", " [", "] \"", "\" ", " ", " \"", "\" \"", "\""])
    }

    /// `${name}` reads a variable next to text; unknown variables are read past.
    @Test func variables() throws {
        let format = try LogFormat(nginx: #"${remote_addr}x $http_x_forwarded_for "$request""#)
        #expect(format.fields == [.remote, .opaque, .request])
        #expect(literals(format) == ["", "x ", " \"", "\""])
    }

    /// `$bytes_sent` counts the headers too: it is `bytes` only where `$body_bytes_sent` is not logged.
    @Test func bytesSent() throws {
        #expect(try LogFormat(nginx: "$request $bytes_sent").fields == [.request, .bytes])
        #expect(try LogFormat(nginx: "$request $bytes_sent $body_bytes_sent").fields == [.request, .opaque, .bytes])
    }

    @Test func pathAndQuery() throws {
        #expect(try LogFormat(nginx: "$uri$is_args$args").fields == [.pathAndQuery])
        #expect(try LogFormat(nginx: "$uri ?$args").fields == [.path, .query])
        // $is_args is '?' or nothing: apart from $uri it has no end urn can find
        #expect(throws: LogFormatError.adjacent("is_args", "args")) { try LogFormat(nginx: "$uri $is_args$args") }
    }

    @Test func refusals() {
        #expect(throws: LogFormatError.adjacent("request", "status")) { try LogFormat(nginx: "$request$status") }
        #expect(throws: LogFormatError.unclosedBrace("${request")) { try LogFormat(nginx: "${request") }
        #expect(throws: LogFormatError.emptyName("$ $request")) { try LogFormat(nginx: "$ $request") }
        #expect(throws: LogFormatError.noVariables) { try LogFormat(nginx: "plain text") }
        #expect(throws: LogFormatError.noTarget) { try LogFormat(nginx: "$remote_addr $status") }
    }
}
