/// The value of a route's argument, typed as the pattern's placeholder types it (urn-patterns(7)):
/// what `route.args` holds in urnmatch's records.
public enum ArgumentValue: Sendable, Equatable, CustomStringConvertible {
    /// Text (a plain placeholder, `string`, `uuid`, `path`, or a regex-constrained one).
    case string(String)
    /// A 64-bit integer (`int`, `<int:id>`).
    case integer(Int)
    /// A number (`float`, `double`).
    case number(Double)
    /// JSON text taken as it is (a default of a JSON Lines table that is an object or a boolean).
    case json(String)

    package init(_ value: ArgValue) {
        switch value {
        case let .string(bytes): self = .string(String(decoding: bytes, as: UTF8.self))
        case let .int(int): self = .integer(int)
        case let .double(double): self = .number(double)
        case let .float(float): self = .number(Double(float))
        case let .json(bytes): self = .json(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The value as the app sees it in text: the string itself, or the number written out.
    public var description: String {
        switch self {
        case let .string(text), let .json(text): return text
        case let .integer(int): return String(int)
        case let .number(number): return String(number)
        }
    }
}

/// One argument of a match: its name and value, in the order urnmatch writes them (placeholders
/// in pattern order, then query parameters, then defaults).
public struct RouteArgument: Sendable, Equatable {
    /// The placeholder's (or parameter's, or default's) name.
    public let name: String
    /// Its value.
    public let value: ArgumentValue
}

extension [RouteArgument] {
    /// The value of the argument called `name`, if there is one.
    public subscript(name: String) -> ArgumentValue? {
        first { $0.name == name }?.value
    }

    package init(_ arguments: Arguments) {
        self = arguments.map { RouteArgument(name: String(decoding: $0.name, as: UTF8.self), value: ArgumentValue($0.value)) }
    }
}
