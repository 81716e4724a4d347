import UrnCore

/// The `args` object of a route or a frame (urnmatch(1) RECORDS): each argument by name, typed
/// values as JSON types (urn-routes(5)).
public enum ArgumentsSchema {
    /// Writes `{"name":value,…}`, names and string values through pointers rather than the
    /// generic collection calls.
    public static func write(_ args: [(name: [UInt8], value: ArgValue)], into json: inout JSONWriter) {
        json.beginObject()
        args.withUnsafeBufferPointer { args in
            for i in args.indices {
                args[i].name.withUnsafeBufferPointer { json.key($0) }
                write(args[i].value, into: &json)
            }
        }
        json.endObject()
    }

    /// Writes one value: a string, an integer, a number (a non-finite float as null) or the JSON
    /// text of a JSON table's default.
    public static func write(_ value: ArgValue, into json: inout JSONWriter) {
        switch value {
        case let .string(bytes): bytes.withUnsafeBufferPointer { _ = json.string($0) }
        case let .int(int): json.int(int)
        case let .double(double): json.double(double)
        case let .float(float):
            if float.isFinite { json.rawValue(Array(float.description.utf8)) } else { json.null() }
        case let .json(text): json.rawValue(text)
        }
    }
}
