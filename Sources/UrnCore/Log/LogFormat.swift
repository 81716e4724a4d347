/// An access-log format compiled once into what `LogLineParser` matches: the literal text
/// before each value, the value's field, and the text after the last one. Built from an nginx
/// `log_format` string, of which the layouts `--log` names (common, combined, vhost_combined)
/// are three.
@_spi(Records) public struct LogFormat: Sendable {
    /// The fields of the values, in line order.
    package let fields: [LogField]
    /// `literals[i]` comes before value `i`; the last one ends the line. Ranges into `text`,
    /// so that matching a line walks two arrays and retains none per value.
    package let literals: [Range<Int>]
    /// The literal text, one run after another.
    package let text: [UInt8]

    /// The Common Log Format (NCSA, Apache's `%h %l %u %t "%r" %>s %b`). The identity (`%l`),
    /// which nginx writes as a `-`, is read past whatever it holds.
    @_spi(Records) public static let common = try! LogFormat(nginx: #"$remote_addr $ident $remote_user [$time_local] "$request" $status $body_bytes_sent"#)
    /// The combined format: common, then the quoted `Referer` and `User-Agent` (nginx's default,
    /// Apache's `combined`).
    @_spi(Records) public static let combined = try! LogFormat(
        nginx: #"$remote_addr $ident $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent""#)
    /// Apache's `vhost_combined` (`%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"`):
    /// the virtual host (as `host`) and its port before the combined format, whose bytes are
    /// the whole response's (`%O`, nginx's `$bytes_sent`).
    @_spi(Records) public static let vhostCombined = try! LogFormat(
        nginx: #"$server_name:$server_port $remote_addr $ident $remote_user [$time_local] "$request" $status $bytes_sent "$http_referer" "$http_user_agent""#)

    /// Compiles an nginx `log_format` string: `$name` and `${name}` are variables, anything else
    /// literal text. `$uri$is_args$args` reads as one value (`LogField.pathAndQuery`).
    @_spi(Records) public init(nginx format: String) throws(LogFormatError) {
        var fields: [LogField] = []
        var literals: [[UInt8]] = [[]]
        var names: [Substring] = []
        var rest = Substring(format)
        while let dollar = rest.firstIndex(of: "$") {
            literals[literals.count - 1] += Array(rest[..<dollar].utf8)
            let name: Substring
            var after = rest.index(after: dollar)
            if after < rest.endIndex, rest[after] == "{" {
                guard let close = rest[after...].firstIndex(of: "}") else { throw .unclosedBrace(String(rest[dollar...])) }
                name = rest[rest.index(after: after)..<close]
                after = rest.index(after: close)
            } else {
                let end = rest[after...].firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) } ?? rest.endIndex
                name = rest[after..<end]
                after = end
            }
            guard !name.isEmpty else { throw .emptyName(String(rest[dollar...].prefix(12))) }
            rest = rest[after...]
            // nginx's way of logging the target it routed: the three read as one value
            var field = LogField.nginx(name)
            if name == "args", names.suffix(2) == ["uri", "is_args"], literals.suffix(2).allSatisfy(\.isEmpty) {
                fields.removeLast(2)
                literals.removeLast(2)
                names.removeLast(2)
                field = .pathAndQuery
            }
            names.append(name)
            fields.append(field)
            literals.append([])
        }
        literals[literals.count - 1] += Array(rest.utf8)
        // $bytes_sent counts the headers too: the body's count wins where both are logged
        if !fields.contains(.bytes) {
            for (i, name) in names.enumerated() where name == "bytes_sent" { fields[i] = .bytes }
        }
        for i in fields.indices.dropLast() where literals[i + 1].isEmpty && fields[i].ends(at: 0) == nil {
            throw .adjacent(String(names[i]), String(names[i + 1]))
        }
        guard !fields.isEmpty else { throw .noVariables }
        guard fields.contains(where: \.holdsTarget) else { throw .noTarget }
        self.fields = fields
        text = literals.flatMap { $0 }
        var start = 0
        self.literals = literals.map { literal in
            defer { start += literal.count }
            return start..<(start + literal.count)
        }
    }
}

/// Why a `--log nginx:FORMAT` string cannot be read (urnparse(1), `--log`).
@_spi(Records) public enum LogFormatError: Error, Equatable, Sendable {
    case unclosedBrace(String)
    case emptyName(String)
    case adjacent(String, String)
    case noVariables
    case noTarget

    /// A lower-case message without a final period.
    @_spi(Records) public var message: String {
        switch self {
        case let .unclosedBrace(text): "'\(text)': '${' without '}'"
        case let .emptyName(text): "'\(text)': '$' without a variable name (nginx has no escape for '$')"
        case let .adjacent(a, b):
            "$\(a) and $\(b) with no text between them: urn cannot tell where $\(a) ends"
        case .noVariables: "no $variable in the format"
        case .noTarget: "no request target in the format: give $request, $request_uri or $uri"
        }
    }
}
