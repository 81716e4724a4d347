@_spi(Records) import UrnCore

/// The members `urnparse --log` makes of an access-log line (urnparse(1), ACCESS LOGS), the
/// record the rest of urnparse then parses: `link` (the request target, whole under `--base`;
/// null where the request names none), `method`, `status`, `bytes`, `time`, `remote`, `user`,
/// `referer`, `agent`, `host`, `duration`, `request` (the request line as written, where it
/// names no target) and `lenient` (true where the target's bytes that are no UTF-8 were
/// percent-encoded), in this order, each left out where the line does not log it (or logs
/// `-`). Numbers are JSON numbers, of any length; `time` is ISO 8601; escapes the server wrote
/// are undone, and bytes that are no UTF-8 show as U+FFFD outside the link.
package enum LogSchema {
    /// Writes the members of `line`, whose values lie in `text`, into the open record.
    /// `origin` (`scheme://authority` of `--base`, or empty) goes before an origin-form target.
    /// A target whose bytes (as written, or as its escapes stand for them) are no UTF-8 has
    /// them percent-encoded, or under `strict` is no link: false, and nothing is written.
    static func write(_ line: LogLine, of text: UnsafeBufferPointer<UInt8>, origin: [UInt8], strict: Bool,
                      scratch: inout [UInt8], into json: inout JSONWriter) -> Bool {
        var encoded = false
        if let target = line.target, origin.isEmpty, !line.hasEscapes, line.invalidUTF8At == nil {
            // the usual line: the target as it lies in the line (which is valid UTF-8)
            json.key("link")
            json.string(UnsafeBufferPointer(rebasing: text[target]), plain: false)
        } else if line.hasTarget {
            scratch.removeAll(keepingCapacity: true)
            appendLink(line, of: text, origin: origin, to: &scratch)
            if !UTF8Validation.isValid(scratch) {
                guard !strict else { return false }
                scratch = PercentCoding.encodingInvalidUTF8(scratch)
                encoded = true
            }
            json.key("link")
            json.string(scratch)
        } else {
            json.key("link")
            json.null()
        }
        string("method", line.method, line, text, &scratch, &json)
        number("status", line.status, text, &json)
        number("bytes", line.bytes, text, &json)
        if let time = line.localTime {
            json.key("time")
            time.withISO8601 { json.escapeFreeString($0) }
        } else {
            string("time", line.isoTime, line, text, &scratch, &json)
        }
        string("remote", line.remote, line, text, &scratch, &json)
        string("user", line.user, line, text, &scratch, &json)
        string("referer", line.referer, line, text, &scratch, &json)
        string("agent", line.agent, line, text, &scratch, &json)
        string("host", line.host, line, text, &scratch, &json)
        number("duration", line.duration, text, &json)
        if let request = line.request {
            // as written, escapes and all: the evidence of what the client sent
            json.key("request")
            json.string(UnsafeBufferPointer(rebasing: text[request]), plain: false)
        }
        if encoded {
            json.key("lenient")
            json.bool(true)
        }
        return true
    }

    /// Appends the link of `line`: the target, or the path and query, after `origin` when in
    /// origin form, escapes undone.
    private static func appendLink(_ line: LogLine, of text: UnsafeBufferPointer<UInt8>, origin: [UInt8], to out: inout [UInt8]) {
        if let target = line.target {
            appendTarget(UnsafeBufferPointer(rebasing: text[target]), escaped: line.hasEscapes, origin: origin, to: &out)
        } else if let path = line.path {
            appendTarget(UnsafeBufferPointer(rebasing: text[path]), escaped: line.hasEscapes, origin: origin, to: &out)
            if let query = line.query {
                out.append(UInt8(ascii: "?"))
                appendValue(UnsafeBufferPointer(rebasing: text[query]), escaped: line.hasEscapes, to: &out)
            }
        }
    }

    /// Writes `link` and, when there is one, `method` for a `--log json` line: the target
    /// `target` (its escapes, JSON's, already undone) and the method's JSON string token.
    static func writeRequest(target: UnsafeBufferPointer<UInt8>, method: UnsafeBufferPointer<UInt8>?, origin: [UInt8],
                             scratch: inout [UInt8], into json: inout JSONWriter) {
        scratch.removeAll(keepingCapacity: true)
        appendTarget(target, escaped: false, origin: origin, to: &scratch)
        json.key("link")
        json.string(scratch)
        if let method {
            json.key("method")
            json.rawValue(method)
        }
    }

    /// Writes the member `key` with the number `range` holds, as written, when there is one.
    private static func number(_ key: StaticString, _ range: Range<Int>?, _ text: UnsafeBufferPointer<UInt8>, _ json: inout JSONWriter) {
        guard let range else { return }
        json.key(key)
        json.rawValue(UnsafeBufferPointer(rebasing: text[range]))
    }

    /// Writes the member `key` with the text of `range`, escapes undone, when there is one.
    private static func string(_ key: StaticString, _ range: Range<Int>?, _ line: LogLine, _ text: UnsafeBufferPointer<UInt8>,
                               _ scratch: inout [UInt8], _ json: inout JSONWriter) {
        guard let range else { return }
        let value = UnsafeBufferPointer(rebasing: text[range])
        json.key(key)
        guard line.hasEscapes, value.contains(UInt8(ascii: "\\")) else {
            json.string(value, plain: false)
            return
        }
        scratch.removeAll(keepingCapacity: true)
        LogEscapes.appendUnescaped(value, to: &scratch)
        json.string(scratch)
    }

    /// Appends the target `value`, after `origin` when it is in origin form (`/…`).
    private static func appendTarget(_ value: UnsafeBufferPointer<UInt8>, escaped: Bool, origin: [UInt8], to out: inout [UInt8]) {
        if !origin.isEmpty, value.first == UInt8(ascii: "/") { out.append(contentsOf: origin) }
        appendValue(value, escaped: escaped, to: &out)
    }

    /// Appends `value`, escapes undone when the line has any.
    private static func appendValue(_ value: UnsafeBufferPointer<UInt8>, escaped: Bool, to out: inout [UInt8]) {
        if escaped { LogEscapes.appendUnescaped(value, to: &out) } else { out.append(contentsOf: value) }
    }
}
