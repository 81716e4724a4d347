@_spi(Records) import UrnCore

/// The values of a JSON record that the shared code reads in every record: the link at
/// `--field`, `error` (an upstream error record), `kind` and `parts.scheme` (how urnparse read
/// the link). The scan that validates a record notes them as it passes
/// (`RecordView.readerWatched`, slot by slot in this order), where looking each up afterwards
/// walked the record's members again.
enum ReaderField: Int, CaseIterable {
    case link, error, kind, scheme

    /// The path of each field, slot by slot, with the link at `field`.
    static func paths(link field: JSONPath) -> [JSONPath] {
        allCases.map { $0 == .link ? field : $0.path }
    }

    /// The field's path (for the link, its default: `--field` may name another).
    var path: JSONPath {
        switch self {
        case .link: JSONPath("link")!
        case .error: JSONPath("error")!
        case .kind: JSONPath("kind")!
        case .scheme: JSONPath("parts.scheme")!
        }
    }
}

extension RecordView {
    /// The JSON token of `field`, its kind (`.null` for a null) and, when the scan noted it,
    /// whether it is a string holding escapes; nil when missing. The link's path is `link`.
    /// JSON records only.
    @inline(__always)
    func token(of field: ReaderField, link: @autoclosure () -> JSONPath = ReaderField.link.path)
        -> (range: Range<Int>, kind: JSONKind, escaped: Bool?)? {
        guard let found = readerWatched.noted(field.rawValue) else {
            return jsonToken(at: field == .link ? link() : field.path).map { ($0.range, $0.kind, nil) }
        }
        // no token is empty: an empty range is a path the scan found no value at
        return found.range.isEmpty ? nil : (found.range, found.kind, found.escaped)
    }
}
