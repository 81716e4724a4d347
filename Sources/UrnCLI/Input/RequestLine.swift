@_spi(Records) import UrnCore

/// A raw line written as an HTTP request line without its protocol, `GET /users/42`: an HTTP
/// method, one space and a request target. A target holds no raw space, so such a line is never
/// a link; where the tables have methods, urnmatch and urnstack read it as the record
/// `{"link":"/users/42","method":"GET"}`, as `urnparse --log` writes a request.
enum RequestLine {
    /// The method's and the target's ranges in `line`, or nil when `line` is not a request line.
    static func split(_ line: UnsafeBufferPointer<UInt8>) -> (method: Range<Int>, target: Range<Int>)? {
        // a method is upper case, which almost no link starts with: most lines stop here
        guard let first = line.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
              let space = line.firstIndex(of: 0x20), space > 0, space + 1 < line.count,
              !line[(space + 1)...].contains(where: { $0 == 0x20 || $0 == 0x09 }),
              let methods = HTTPMethod.column(line[..<space]), methods.count == 1, methods[0] != "ALL"
        else { return nil }
        return (0..<space, (space + 1)..<line.count)
    }

    /// What to do with a request line that is not read as one, for the diagnostic of the
    /// link it fails as.
    static func hint(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard let (method, target) = split(line) else { return nil }
        let methodText = String(decoding: line[method], as: UTF8.self)
        let targetText = String(decoding: line[target], as: UTF8.self)
        return "'\(methodText) \(targetText)' is a request line, not a link: urnmatch and urnstack read one as a request where a table has methods; else give the record {\"link\":\"\(targetText)\",\"method\":\"\(methodText)\"} and --method-field method"
    }
}

extension RecordView {
    /// Where a request line's record holds its method.
    private static let requestLineMethod = JSONPath(field: "method")

    /// The record's HTTP method: a request line's, else the one at `field` (upper-cased), else
    /// `otherwise` (`--method`), else none.
    func requestMethod(field: JSONPath?, otherwise: String?) -> String? {
        if isRequestLine, case let .string(bytes)? = value(at: Self.requestLineMethod) {
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let field, isJSON, case let .string(bytes)? = value(at: field) else { return otherwise }
        return String(decoding: bytes, as: UTF8.self).uppercased()
    }
}

/// Turns request lines into the text of their records, in storage reused from line to line
/// (one reader a thread).
final class RequestLineReader {
    private var json = JSONWriter(capacity: 1024)

    /// The record of `line` as JSON text valid until the next call, or nil when `line` is not
    /// a request line.
    func record(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard let (method, target) = RequestLine.split(line) else { return nil }
        json.reset()
        json.beginObject()
        json.key("link")
        // a target that is not valid UTF-8 stays a raw line, whose error record says so
        guard json.string(UnsafeBufferPointer(rebasing: line[target])) else { return nil }
        json.key("method")
        _ = json.string(UnsafeBufferPointer(rebasing: line[method]))
        json.endObject()
        return json.unsafeText()
    }
}

/// A link error of a raw request line that was not read as one: its code and offset, and
/// what to do instead as the message (the link's own hint, such as `--lenient`, would mislead).
struct RequestLineHint: CodedError {
    let error: any CodedError
    let hint: String
    var code: String { error.code }
    var message: String { hint }
    var offset: Int? { error.offset }
}
