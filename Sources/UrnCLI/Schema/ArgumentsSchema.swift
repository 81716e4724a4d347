@_spi(Records) import UrnCore

/// The `args` object of a route or a frame (urnmatch(1) RECORDS): each argument by name, typed
/// values as JSON types (urn-routes(5)).
package enum ArgumentsSchema {
    /// Writes `{"name":value,…}`, names and values read in place.
    package static func write(_ args: Arguments, into json: inout JSONWriter) {
        json.beginObject()
        writeOpened(args, into: &json)
    }

    /// Writes the members and the closing `}` of an object whose `{` is written already: a
    /// route's encoded members end with `"args":{` (`RouteEncodings`), a call fewer a record.
    package static func writeOpened(_ args: Arguments, into json: inout JSONWriter) {
        args.forEachUnsafe { name, plainName, value, plainValue in
            if plainName { json.plainKey(name) } else { json.key(name) }
            switch value {
            case let .string(bytes): if plainValue { json.escapeFreeString(bytes) } else { json.string(bytes) }
            case let .int(int): json.int(int)
            case let .double(double): json.double(double)
            case let .float(float):
                // as Swift prints it (URLNavigator's `Float`); JSON has no number for a
                // non-finite one, which is the string Swift prints: "nan", "inf", "-inf"
                if float.isFinite { json.rawValue(Array(float.description.utf8)) } else { json.string(float.description) }
            case let .json(text): json.rawValue(text)
            }
        }
        json.endObject()
    }
}
