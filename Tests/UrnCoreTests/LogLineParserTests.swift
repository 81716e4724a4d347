import Testing
@_spi(Records) @testable import UrnCore

/// Access-log lines read on their bytes (`urnparse --log`, issue 41).
@Suite struct LogLineParserTests {
    /// The values of `line` in `format`, each as text (nil when absent), or the error's code and offset.
    func values(_ line: String, _ format: LogFormat = .combined) -> [String: String] {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { text in
            do throws(LogLineError) {
                let read = try LogLineParser(format: format).parse(text)
                var out: [String: String] = [:]
                func put(_ key: String, _ range: Range<Int>?) {
                    if let range { out[key] = String(decoding: text[range], as: UTF8.self) }
                }
                put("remote", read.remote); put("user", read.user); put("method", read.method)
                put("target", read.target); put("path", read.path); put("query", read.query)
                put("referer", read.referer); put("agent", read.agent); put("host", read.host)
                put("iso", read.isoTime); put("duration", read.duration); put("request", read.request)
                put("status", read.status); put("bytes", read.bytes)
                if let bad = read.invalidUTF8At { out["invalidUTF8At"] = "\(bad)" }
                if let time = read.localTime { out["time"] = time.withISO8601 { String(decoding: $0, as: UTF8.self) } }
                return out
            } catch {
                return ["error": "\(error.code)@\(error.offset ?? -1)"]
            }
        }
    }

    /// Apache's own example line of the combined format (mod_log_config).
    @Test func combinedLine() {
        let line = #"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)""#
        #expect(values(line) == [
            "remote": "127.0.0.1", "user": "frank", "time": "2000-10-10T13:55:36-07:00", "method": "GET",
            "target": "/apache_pb.gif", "status": "200", "bytes": "2326", "referer": "http://www.example.com/start.html",
            "agent": "Mozilla/4.08 [en] (Win98; I ;Nav)",
        ])
    }

    /// `-` is no value: Apache's `%b` writes `-` for a response without a body, which logged no
    /// count (issue 56).
    @Test func dashes() {
        let line = #"::1 - - [01/Jan/2026:00:00:00 +0000] "HEAD / HTTP/1.1" 304 - "-" "-""#
        #expect(values(line) == ["remote": "::1", "time": "2026-01-01T00:00:00+00:00", "method": "HEAD", "target": "/",
                                 "status": "304"])
    }

    /// Numbers are digits of any length, without the leading zeros a JSON number cannot have
    /// (issue 56); a sign or a letter makes the line no fit.
    @Test func numbers() {
        let line = { (status: String, bytes: String) in #"h - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" "# + status + " " + bytes }
        #expect(values(line("200", "99999999999999999999"), .common)["bytes"] == "99999999999999999999")
        #expect(values(line("007", "000"), .common)["status"] == "7")
        #expect(values(line("007", "000"), .common)["bytes"] == "0")
        #expect(values(line("200", "-5"), .common) == ["error": "invalid-log-line@56"])
        #expect(values(line("200", "1e3"), .common) == ["error": "invalid-log-line@57"])
    }

    /// A quoted value ends at the first quote no backslash escapes: Apache writes `\"` and `\\`,
    /// nginx `\x22`; the escapes stay in the values (the schema undoes them).
    @Test func escapedQuotes() {
        let apache = #"h - - [01/Jan/2026:00:00:00 +0000] "GET /a HTTP/1.1" 200 1 "-" "say \"hi\" \\""#
        #expect(values(apache)["agent"] == #"say \"hi\" \\"#)
        let nginx = #"h - - [01/Jan/2026:00:00:00 +0000] "GET /a\x22b HTTP/1.1" 200 1 "-" "x\x22y""#
        #expect(values(nginx)["target"] == #"/a\x22b"#)
        #expect(values(nginx)["agent"] == #"x\x22y"#)
    }

    /// The target is what lies between the method and a last protocol word (`NAME/VERSION`, in
    /// any case): an absolute-form target, a `//` path, HTTP/0.9's line without a protocol, a raw
    /// space all stay as sent. A request line without a method and a target is kept whole as
    /// `request`, and the line has no target (issue 56).
    @Test func requestLines() {
        let line = { (request: String) in #"h - - [01/Jan/2026:00:00:00 +0000] ""# + request + #"" 200 1 "-" "-""# }
        #expect(values(line("GET http://a.example/x?y HTTP/1.1"))["target"] == "http://a.example/x?y")
        #expect(values(line("GET //a/b HTTP/2.0"))["target"] == "//a/b")
        #expect(values(line("GET /old"))["target"] == "/old")
        #expect(values(line("GET /a b HTTP/1.1"))["target"] == "/a b")
        #expect(values(line("OPTIONS * HTTP/1.1"))["target"] == "*")
        #expect(values(line("DELETE /path;param=1 http/1.1"))["target"] == "/path;param=1")
        #expect(values(line("GET /a Http/2"))["target"] == "/a")
        #expect(values(line("GET /a HTTP/1."))["target"] == "/a HTTP/1.")
        #expect(values(line("GET /a /1.1"))["target"] == "/a /1.1")
        let unread = ["time": "2026-01-01T00:00:00+00:00", "remote": "h", "status": "200", "bytes": "1"]
        #expect(values(line(#"\x16\x03\x01"#)) == unread.merging(["request": #"\x16\x03\x01"#]) { $1 })
        #expect(values(line("-")) == unread.merging(["request": "-"]) { $1 })
        #expect(values(line("")) == unread.merging(["request": ""]) { $1 })
        #expect(values(line("GET  HTTP/1.1")) == unread.merging(["request": "GET  HTTP/1.1"]) { $1 })
        #expect(values(line("SSH-2.0-OpenSSH_9.6")) == unread.merging(["request": "SSH-2.0-OpenSSH_9.6"]) { $1 })
    }

    /// A line that differs from the format says where.
    @Test func mismatches() {
        #expect(values("garbage") == ["error": "invalid-log-line@7"])
        #expect(values(#"h - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1"#) == ["error": "invalid-log-line@57"])
        #expect(values(#"h - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 2x0 1 "-" "-""#) == ["error": "invalid-log-line@52"])
        #expect(values(#"h - - [1/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-""#) == ["error": "invalid-log-line@7"])
        #expect(values(#"h - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-" extra"#) == ["error": "invalid-log-line@65"])
        // a combined line is no common line: the bytes run to the line's end
        #expect(values(#"h - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-""#, .common) == ["error": "invalid-log-line@57"])
        #expect(values("h - - [01/Jan/2026:00:00:00 +0000] \"GET /\u{FFFD} HTTP/1.1\" 200 1", .common)["target"] == "/\u{FFFD}")
    }

    /// A byte that is no UTF-8 is noted, not refused: the line fits its layout (issue 56).
    @Test func invalidUTF8() {
        var bytes = Array(#"h - - [01/Jan/2026:00:00:00 +0000] "GET /a HTTP/1.1" 200 1"#.utf8)
        bytes[42] = 0xFF
        let read = bytes.withUnsafeBufferPointer { text in try? LogLineParser(format: .common).parse(text) }
        #expect(read?.invalidUTF8At == 42)
        #expect(read?.target == 40..<51)
    }

    /// nginx formats: values that follow one another with nothing between, `$uri$is_args$args`
    /// (nginx writes a missing `$args` as `-`), an ISO time and a request time.
    @Test func nginxFormats() throws {
        let format = try LogFormat(nginx: "$scheme://$host$request_uri $status $request_time [$time_iso8601]")
        #expect(values("https://api.example/v1/pets?x=1 200 0.003 [2026-01-01T00:00:00+00:00]", format) == [
            "host": "api.example", "target": "/v1/pets?x=1", "status": "200", "duration": "0.003",
            "iso": "2026-01-01T00:00:00+00:00",
        ])
        #expect(values("https://h/ 200 1.5e3 [-]", format) == ["error": "invalid-log-line@15"])
        let routed = try LogFormat(nginx: "$request_method $uri$is_args$args")
        #expect(values("GET /a?b=1", routed) == ["method": "GET", "target": "/a?b=1"])
        #expect(values("GET /a-", routed) == ["method": "GET", "target": "/a"])
        #expect(values("GET /a", routed) == ["error": "invalid-log-line@4"])
        #expect(values("GET -", routed) == ["method": "GET"])
        let split = try LogFormat(nginx: "$uri?$args $status")
        #expect(values("/a?- 200", split) == ["path": "/a", "status": "200"])
        #expect(values("/a?x=1 200", split) == ["path": "/a", "query": "x=1", "status": "200"])
    }
}
