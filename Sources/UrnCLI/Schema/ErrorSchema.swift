@_spi(Records) import UrnCore

/// The `error` field (urnparse(1) ERRORS), both ways: written as `{"code","message","offset"}`,
/// and recognised in an upstream record, which then passes through unchanged.
package enum ErrorSchema {
    /// Writes the member `error` into the open record.
    package static func write(_ error: any CodedError, into json: inout JSONWriter) {
        json.key("error")
        json.beginObject()
        json.key("code")
        json.string(error.code)
        json.key("message")
        json.string(error.message)
        if let offset = error.offset {
            json.key("offset")
            json.int(offset)
        }
        json.endObject()
    }

    /// Whether an upstream tool already made `record` an error record.
    @inline(__always)
    package static func isErrorRecord(_ record: RecordView) -> Bool {
        guard record.isJSON, let error = record.token(of: .error) else { return false }
        return error.kind == .object
    }
}
