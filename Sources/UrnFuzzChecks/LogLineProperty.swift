import UrnCLI
@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// The layouts each input is read in, leniently and with `--strict`: Apache's three, nginx
    /// formats with values next to one another, a split request and a pipe between values.
    private static let layouts: [LogInput.Format] = [
        .text(LogLineParser(format: .common)), .text(LogLineParser(format: .combined)),
        .text(LogLineParser(format: .vhostCombined)),
        .text(LogLineParser(format: try! LogFormat(nginx: "$request_method $request_uri $server_protocol $status $body_bytes_sent"))),
        .text(LogLineParser(format: try! LogFormat(nginx: "$scheme://$host$uri$is_args$args [$time_iso8601] $status $request_time"))),
        .text(LogLineParser(format: try! LogFormat(nginx: "$remote_addr|$time_local|$request|$status|$body_bytes_sent|$http_user_agent"))),
    ]

    /// One reader a layout and mode, reused as urnparse reuses its own: `(lenient, strict)`.
    nonisolated(unsafe) private static let readers = layouts.map { format in
        (LogRecordReader(LogInput(format: format, origin: [])), LogRecordReader(LogInput(format: format, origin: [], strict: true)))
    }

    /// Any bytes as an access-log line in each layout: a line either does not fit (a typed
    /// error) or is one valid JSON object whose first member is `link`, a string or null; a
    /// line that fits under `--strict` fits when read leniently, and a null link is never
    /// marked lenient. The link, when there is one, is parsed as urnparse parses it.
    public static func logLine(_ input: [UInt8]) {
        input.withUnsafeBufferPointer { line in
            for (lenient, strict) in readers {
                let strictFits = (try? strict.record(of: line)).map { checkLogRecord($0) } != nil
                guard let record = try? lenient.record(of: line) else {
                    precondition(!strictFits, "a line that fits under --strict does not fit leniently")
                    continue
                }
                checkLogRecord(record)
            }
        }
    }

    /// Checks one record `LogRecordReader` wrote (see `logLine`).
    private static func checkLogRecord(_ text: UnsafeBufferPointer<UInt8>) {
        requireValidJSON(UnsafeRawBufferPointer(text))
        var scanner = JSONScanner()
        guard (try? scanner.scanObject(text)) != nil else { fatalError("a log record is no JSON object") }
        let members = scanner.members
        precondition(members.first.map { JSONString.equals($0.key, in: text, Array("link".utf8)) } == true, "no link first")
        let link = members[0]
        switch link.kind {
        case .null:
            precondition(!members.contains { JSONString.equals($0.key, in: text, Array("lenient".utf8)) }, "a null link marked lenient")
        case .string:
            let bytes = JSONString.decoded(link.value, in: text)
            var targets = LinkParser(leniency: .everywhere)
            _ = try? targets.parse(bytes)
            targets.requestTargets = true
            _ = try? targets.parse(bytes)
        default:
            fatalError("link is neither a string nor null")
        }
        withExtendedLifetime(scanner) {}
    }
}
