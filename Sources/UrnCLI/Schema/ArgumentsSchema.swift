import UrnCore

/// The `args` object of a route or a frame (urnmatch(1) RECORDS): each argument by name, typed
/// values as JSON types (urn-routes(5)).
public enum ArgumentsSchema {
    /// Writes `{"name":value,…}`, names and values read in place.
    public static func write(_ args: Arguments, into json: inout JSONWriter) {
        json.beginObject()
        args.forEachUnsafe { name, plainName, value in
            if plainName { json.plainKey(name) } else { json.key(name) }
            switch value {
            case let .string(bytes): _ = json.string(bytes)
            case let .int(int): json.int(int)
            case let .double(double): json.double(double)
            case let .float(float): writeFloat(float, into: &json)
            case let .json(text): json.rawValue(text)
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
        case let .float(float): writeFloat(float, into: &json)
        case let .json(text): json.rawValue(text)
        }
    }

    /// A float as Swift prints it (URLNavigator's `Float`), a non-finite one as null.
    private static func writeFloat(_ float: Float, into json: inout JSONWriter) {
        if float.isFinite { json.rawValue(Array(float.description.utf8)) } else { json.null() }
    }
}
