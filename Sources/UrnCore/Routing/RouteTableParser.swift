@preconcurrency import Glibc

/// Reads route tables (urn-routes(5)): one route a line, `PATTERN [TARGET] [key=value …]`, `#` comments,
/// directives `@dialect`, `@scheme`, `@delimiter`, `@type`, and JSON Lines routes
/// `{"pattern":…,"target":…,"defaults":{…}}`, mixed freely. In the `waap` dialect a pattern may be
/// a registration chain, `list{ListVC}/:itemID{DetailVC}/extra{ExtraVC}!`.
@_spi(Records) public struct RouteTableParser: Sendable {
    /// The dialect of tables without `@dialect`.
    @_spi(Records) public var dialect: Dialect
    /// The scheme of tables without `@scheme`.
    @_spi(Records) public var scheme: String?
    /// The delimiter of tables without `@delimiter`.
    @_spi(Records) public var delimiter: String
    /// Custom types from `--type`; `@type` adds to them for its own table.
    @_spi(Records) public var customTypes: [String: Regex]
    /// `-i`.
    @_spi(Records) public var caseInsensitive: Bool
    /// The format of every file (`--format`); nil reads it from each file.
    @_spi(Records) public var format: RouteFileFormat?
    /// The hosts of app-link tables (`--host`); `@host` adds to them for its own table.
    @_spi(Records) public var hosts: [HostPattern]
    /// The base URL of URLPattern tables without `@base` (`--base`).
    @_spi(Records) public var baseURL: String?
    /// URLPattern tables rank by specificity (`--precedence specific`); `@precedence` wins.
    @_spi(Records) public var specificPrecedence = false
    /// UTS #46 ToASCII for URLPattern hostnames: UrnDomains' `IDNA.webASCII`; without it a
    /// pattern with a hostname that is not plain ASCII is an error.
    @_spi(Records) public var domainToASCII: (@Sendable (String) -> String?)?
    /// What reads AndroidManifest.xml tables, which need libxml2: the UrnAppLinks product's
    /// `ManifestTables`; without one, such a table is an error that names the product.
    package var manifests: (any ManifestReading)?
    /// What reads OpenAPI documents written in YAML, which need libyaml: the UrnOpenAPI product's
    /// `YAMLDocuments`; without one, only JSON documents are read.
    package var yaml: (any YAMLReading)?

    /// A parser with command-line defaults.
    package init(dialect: Dialect = .urn, scheme: String? = nil, delimiter: String = ":",
                customTypes: [String: Regex] = [:], caseInsensitive: Bool = false, format: RouteFileFormat? = nil,
                hosts: [HostPattern] = [], manifests: (any ManifestReading)? = nil, yaml: (any YAMLReading)? = nil) {
        self.dialect = dialect
        self.manifests = manifests
        self.yaml = yaml
        self.format = format
        self.hosts = hosts
        self.scheme = scheme
        self.delimiter = delimiter
        self.customTypes = customTypes
        self.caseInsensitive = caseInsensitive
    }

    /// Reads the table `name` from `text`: a route table, or an app-link table.
    @_spi(Records) public func parse(_ text: String, name: String) throws(TableError) -> RouteTable {
        try parse(validUTF8: Array(text.utf8), name: name)
    }

    /// Reads the table `name` from the file contents `bytes`, as `parse(_:name:)` reads them as
    /// text: an invalid UTF-8 sequence is read as U+FFFD. Valid ones, nearly all, are read in
    /// place, without a copy made text and back.
    @_spi(Records) public func parse(_ bytes: [UInt8], name: String) throws(TableError) -> RouteTable {
        guard UTF8Validation.isValid(bytes) else { return try parse(String(decoding: bytes, as: UTF8.self), name: name) }
        return try parse(validUTF8: bytes, name: name)
    }

    /// Reads the table `name` from `bytes`, valid UTF-8.
    private func parse(validUTF8 bytes: [UInt8], name: String) throws(TableError) -> RouteTable {
        if let table = try appLinkTable(bytes, name: name) { return table }
        try Self.refuseControlBytes(bytes, name: name)
        // Split on the byte: as Characters, "\r\n" is one grapheme and would not split. Each line
        // is read in place, as bytes, with no Substring made of it.
        return try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in
            var reader = TableReader(self, name: name)
            try reader.readLines(bytes, number: 1)
            return reader.finish()
        }
    }

    /// Refuses a file, or a command-line route, that holds a control byte (tab, CR and LF
    /// aside): a route table is text, and such a file is most likely not the one meant (a
    /// binary given to `-f`). The message names the byte escaped, never raw.
    private static func refuseControlBytes(_ bytes: [UInt8], name: String, firstLine: Int = 1, commandLine: Bool = false) throws(TableError) {
        guard let at = bytes.firstIndex(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else { return }
        let line = bytes[..<at].reduce(firstLine) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = at - (bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        let hex = String(bytes[at], radix: 16, uppercase: true)
        let byte = "0x" + (hex.count == 1 ? "0" : "") + hex
        throw TableError(table: name, line: line, column: column,
                         reason: commandLine ? "the route holds the control byte \(byte): a route is text"
                            : "the file holds the control byte \(byte): a route table is text (is it the file you meant?)")
    }

    /// The offset of the first `\n` in `bytes` from `start`, or its count (`memchr`).
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Reads command-line routes (`-e`), numbered by their order.
    @_spi(Records) public func parse(expressions: [String]) throws(TableError) -> RouteTable {
        var reader = TableReader(self, name: "-e")
        for (index, expression) in expressions.enumerated() {
            try Self.refuseControlBytes(Array(expression.utf8), name: "-e", firstLine: index + 1, commandLine: true)
            try Array(expression.utf8).withUnsafeBufferPointer { (line) throws(TableError) in
                try reader.read(line, number: index + 1)
            }
        }
        return reader.finish()
    }

    /// One table being read, a line at a time: the table so far and what its directives set.
    private struct TableReader: ~Copyable {
        let settings: RouteTableParser
        let name: String
        var table: RouteTable
        var types: [String: Regex]
        /// The patterns declared so far, which a WAAppRouting chain does not declare again: kept
        /// only for waap tables, as no other dialect has chains, and `@dialect` comes before the
        /// routes.
        var declared: Set<String> = []
        /// And the class each declares, which a later chain's part without one stands for.
        var declaredClass: [String: String] = [:]
        /// Made again only when a directive changes what it reads with.
        var parser: PatternParser
        var pool = SegmentPool()

        init(_ settings: RouteTableParser, name: String) {
            self.settings = settings
            self.name = name
            table = RouteTable(name: name, dialect: settings.dialect, scheme: settings.scheme, delimiter: settings.delimiter, routes: [])
            table.baseURL = settings.baseURL
            table.specificPrecedence = settings.specificPrecedence
            types = settings.customTypes
            parser = settings.patternParser(table, types)
        }

        /// Reads the lines of `bytes`, the first of them line `number`, to its end.
        mutating func readLines(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws(TableError) {
            var start = 0
            var number = number
            while start < bytes.count {
                let end = RouteTableParser.lineEnd(bytes, from: start)
                try read(UnsafeBufferPointer(rebasing: bytes[start..<end]), number: number)
                start = min(end + 1, bytes.count)
                number += 1
            }
        }

        /// The table read.
        func finish() -> RouteTable {
            var table = table
            if table.dialect.rules.lastRegistrationWins { table.keepLastRegistrations() }
            return table
        }

        /// Reads line `number`, its bytes without the `\n`.
        mutating func read(_ raw: UnsafeBufferPointer<UInt8>, number: Int) throws(TableError) {
            let name = name
            func fail(_ reason: String, column: Int? = nil) -> TableError {
                TableError(table: name, line: number, column: column, reason: reason)
            }
            var line = raw[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let leading = line.prefix { $0 == 0x20 || $0 == 0x09 }.count
            let content = UnsafeBufferPointer(rebasing: line.dropFirst(leading))
            guard let first = content.first, first != UInt8(ascii: "#") else { return }
            // the table's text was a String, so each line (cut at a `\n`) is valid UTF-8
            if first == UInt8(ascii: "@") {
                try settings.directive(Substring(String(decoding: content, as: UTF8.self)), &table, &types, fail)
                parser = settings.patternParser(table, types)
                return
            }
            var parsed: WrittenRoute
            if RouteTableParser.isJSONRoute(content) {
                parsed = try RouteTableParser.jsonRoute(String(decoding: content, as: UTF8.self), fail)
            } else {
                // an HTTP method column first: `GET,HEAD /posts/:id Post`
                let column = RouteTableParser.methodColumn(content)
                parsed = try RouteTableParser.textRoute(UnsafeBufferPointer(rebasing: content[column.rest...]),
                                                leading: leading + column.rest,
                                                bracesHoldBlanks: table.dialect.rules.bracesHoldBlanks, fail)
                parsed.methods = column.methods
                // the byte first: most targets are no block handler, and `hasPrefix` compares Characters
                if let target = parsed.target, target.utf8.first == UInt8(ascii: "^"), target.hasPrefix("^") {
                    parsed.target = String(target.dropFirst())
                    parsed.isBlock = true
                }
            }
            guard table.dialect.rules.registrationChains else {
                guard !parsed.isBlock else { throw fail("a block handler ('^name') is WAAppRouting's: give the table @dialect waap", column: nil) }
                // no chains outside WAAppRouting: the pattern is the route's as written
                try append(parsed.pattern, target: parsed.target, modal: false, parentClass: nil, of: parsed,
                           number: number, fail: fail) { $0 }
                return
            }
            if parsed.isBlock, RouteTableParser.isChain(Array(parsed.pattern.utf8)) {
                throw fail("a block handler takes a pattern, not a {Class} chain", column: nil)
            }
            let entries = try settings.chainEntries(parsed.pattern, target: parsed.target, dialect: table.dialect,
                                                    classOf: { [declaredClass] in declaredClass[$0] }, fail)
            guard !entries.isEmpty else {
                // the app registers nothing for it, so nothing routes through it
                table.unregistered.append((number, parsed.pattern))
                return
            }
            for entry in entries where entry.fromChain && !entry.declaresClass {
                table.bareChainParts.append((number, entry.pattern))
            }
            for entry in entries {
                // a chain's part without a {Class} names a screen declared before; one with a
                // {Class} registers it again, which replaces it (WAAppRouteRegistrar.m:40-49)
                guard !(entry.fromChain && !entry.declaresClass && declared.contains(entry.pattern)) else { continue }
                try append(entry.pattern, target: entry.target, modal: entry.modal, parentClass: entry.parentClass, of: parsed,
                           number: number, fail: fail, offset: entry.offset)
                declared.insert(entry.pattern)
                if let target = entry.target { declaredClass[entry.pattern] = target }
            }
        }

        /// Compiles `pattern` (at `offset(i)` of the written pattern for its offset `i`) and
        /// appends its route.
        private mutating func append(_ pattern: String, target: String?, modal: Bool, parentClass: String?, of parsed: WrittenRoute,
                                     number: Int, fail: (String, Int?) -> TableError, offset: (Int) -> Int) throws(TableError) {
            // the pattern goes straight into its route, where a variable would hold a copy
            do {
                table.routes.append(Route(pattern: try parser.parse(pattern, pool: &pool), target: target, defaults: parsed.defaults,
                                          table: name, line: number, modal: modal, isBlock: parsed.isBlock,
                                          methods: parsed.methods, parentClass: parentClass))
            } catch {
                throw fail(error.reason, parsed.patternColumn + offset(error.position))
            }
        }
    }

    /// The pattern parser for the routes of `table` with the custom `types`.
    private func patternParser(_ table: RouteTable, _ types: [String: Regex]) -> PatternParser {
        var parser = PatternParser(delimiter: table.delimiter, customTypes: types, dialect: table.dialect,
                                   caseInsensitive: caseInsensitive || table.ignoreCase)
        parser.baseURL = table.baseURL
        parser.domainToASCII = domainToASCII
        return parser
    }

    /// The methods of a leading method column and where the rest of the line starts (0 without
    /// a column); a first word that is not an upper-case method list, or that nothing follows,
    /// is the pattern.
    static func methodColumn(_ content: UnsafeBufferPointer<UInt8>) -> (methods: [String]?, rest: Int) {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        // a pattern's first byte is no method's: the line is not searched for its first blank
        guard let first = content.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
              let end = content.firstIndex(where: blank), let methods = HTTPMethod.column(content[..<end]),
              let rest = content[end...].firstIndex(where: { !blank($0) }) else { return (nil, 0) }
        return (methods, rest)
    }

    /// Whether a line is a JSON route: it starts with `{"` (blanks allowed between), so that a
    /// Compass pattern such as `{appId}:user` is a text route.
    static func isJSONRoute(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: "{") else { return false }
        return line.dropFirst().first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "\"")
    }

    private func directive(_ content: Substring, _ table: inout RouteTable, _ types: inout [String: Regex],
                           _ fail: (String, Int?) -> TableError) throws(TableError) {
        let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let name = words[0]
        let settingBeforeRoutes = ["@dialect", "@scheme", "@delimiter", "@base", "@ignore-case", "@precedence"]
        if settingBeforeRoutes.contains(String(name)), !table.routes.isEmpty {
            throw fail("\(name) must come before the first route", 1)
        }
        switch name {
        case "@dialect":
            guard words.count == 2, let dialect = Dialect(rawValue: String(words[1])) else {
                throw fail("@dialect takes one of: " + Dialect.allCases.map(\.rawValue).joined(separator: ", "), 1)
            }
            table.dialect = dialect
        case "@scheme":
            guard words.count == 2, URIReference.isScheme(ArraySlice(words[1].utf8)) else {
                throw fail("@scheme takes one scheme", 1)
            }
            table.scheme = String(words[1])
        case "@delimiter":
            guard words.count == 2 else { throw fail("@delimiter takes one non-blank string", 1) }
            table.delimiter = String(words[1])
        case "@type":
            guard words.count >= 3 else { throw fail("@type takes a name and a regex", 1) }
            let source = content[words[1].endIndex...].drop(while: { $0 == " " || $0 == "\t" })
            do throws(Regex.CompileError) {
                types[String(words[1])] = try Regex(String(source), caseInsensitive: caseInsensitive)
            } catch {
                throw fail("invalid regex for type '\(words[1])': \(error.message)", nil)
            }
        case "@base", "@ignore-case", "@precedence":
            guard table.dialect == .urlpattern else { throw fail("\(name) is for the urlpattern dialect (@dialect urlpattern)", 1) }
            if name == "@precedence" {
                guard words.count == 2, words[1] == "specific" || words[1] == "order" else {
                    throw fail("@precedence takes 'order' (the first route in table order wins) or 'specific'", 1)
                }
                table.specificPrecedence = words[1] == "specific"
            } else if name == "@ignore-case" {
                guard words.count == 1 else { throw fail("@ignore-case takes nothing", 1) }
                table.ignoreCase = true
            } else {
                guard words.count == 2, WebURL(String(words[1]), domainToASCII: domainToASCII) != nil else {
                    throw fail("@base takes one absolute URL", 1)
                }
                table.baseURL = String(words[1])
            }
        case "@format":
            guard words.count == 2, words[1] == "routes" else { throw fail("@format must come before the routes and anything else", 1) }
        case "@host":
            throw fail("@host is for app-link tables and OpenAPI documents (@format aasa, android or openapi)", 1)
        default:
            throw fail("unknown directive \(name)", 1)
        }
    }

    /// Splits a text route: the pattern (with `bracesHoldBlanks`, blanks inside braces belong to
    /// it), then the target and `key=value` defaults.
    private static func textRoute(_ bytes: UnsafeBufferPointer<UInt8>, leading: Int, bracesHoldBlanks: Bool,
                                  _ fail: (String, Int?) -> TableError) throws(TableError)
        -> WrittenRoute {
        if bytes.first == UInt8(ascii: "\"") {
            return try quotedRoute(Array(bytes), leading: leading, fail)
        }
        var end = 0
        var depth = 0
        while end < bytes.count {
            // the plain bytes up to the next blank, brace or backslash are passed at once
            end = ByteSearch.firstIndex(in: bytes, from: end, of: 0x20, 0x09, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"))
            guard end < bytes.count else { break }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\\") { end += 2; continue }
            if byte == UInt8(ascii: "{"), bracesHoldBlanks { depth += 1 }
            if byte == UInt8(ascii: "}") { depth = max(0, depth - 1) }
            if depth == 0 && (byte == 0x20 || byte == 0x09) { break }
            end += 1
        }
        end = min(end, bytes.count)
        let pattern = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        let (target, defaults) = try targetAndDefaults(bytes[end...]) { message, column in
            // a word in capitals where the method column would be is a mistyped method (`GTE /a A`)
            guard pattern.utf8.count >= 3, pattern.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
                return fail(message, column)
            }
            return fail("'\(pattern)' was read as the pattern: it is no HTTP method the table knows (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, ...), and the words after it are too many for a route (PATTERN [TARGET] [key=value ...])", leading + 1)
        }
        return WrittenRoute(pattern: pattern, patternColumn: leading + 1, target: target, defaults: defaults)
    }

    /// A text route whose pattern is a JSON string (`"" Home`, `"#top" Anchor`, `"a b" T`): the
    /// way to write the empty pattern, a pattern that starts with `#`, `@` or `"`, or has blanks.
    private static func quotedRoute(_ bytes: [UInt8], leading: Int, _ fail: (String, Int?) -> TableError) throws(TableError)
        -> WrittenRoute {
        var close = 1
        while close < bytes.count, bytes[close] != UInt8(ascii: "\"") {
            close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard close < bytes.count else { throw fail("unterminated quoted pattern", leading + 1) }
        let token = Array(bytes[...close])
        let valid = token.withUnsafeBufferPointer { (try? JSONScanner.validateValue($0)) != nil }
        guard valid else { throw fail("invalid quoted pattern (JSON string syntax)", leading + 1) }
        let pattern = token.withUnsafeBufferPointer { JSONString.decoded(0..<$0.count, in: $0) }
        let rest = bytes[(close + 1)...]
        guard rest.first.map({ $0 == 0x20 || $0 == 0x09 }) ?? true else {
            throw fail("a blank must follow the quoted pattern", leading + close + 2)
        }
        let (target, defaults) = try rest.withUnsafeBufferPointer { (rest) throws(TableError) in try targetAndDefaults(rest[...], fail) }
        return WrittenRoute(pattern: String(decoding: pattern, as: UTF8.self), patternColumn: leading + 2, target: target, defaults: defaults)
    }

    /// The `[TARGET] [key=value …]` after a route's pattern.
    private static func targetAndDefaults(_ rest: Slice<UnsafeBufferPointer<UInt8>>, _ fail: (String, Int?) -> TableError) throws(TableError)
        -> (String?, [(key: String, value: ArgValue)]) {
        var target: String?
        var defaults: [(key: String, value: ArgValue)] = []
        // most routes have a target and nothing else
        let words = rest.drop { $0 == 0x20 || $0 == 0x09 }
        if !words.isEmpty, !words.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "=") }) {
            return (String(decoding: words, as: UTF8.self), [])
        }
        for word in rest.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
            if let equals = word.firstIndex(of: UInt8(ascii: "=")) {
                guard equals > word.startIndex else { throw fail("a default needs a name before '='", nil) }
                defaults.append((String(decoding: word[..<equals], as: UTF8.self), .string(ArraySlice(word[(equals + 1)...]))))
            } else if target == nil && defaults.isEmpty {
                target = String(decoding: word, as: UTF8.self)
            } else {
                let text = String(decoding: word, as: UTF8.self)
                throw fail("unexpected '\(text)' (a route is PATTERN [TARGET] [key=value ...])", nil)
            }
        }
        return (target, defaults)
    }

    private static func jsonRoute(_ content: String, _ fail: (String, Int?) -> TableError) throws(TableError)
        -> WrittenRoute {
        let bytes = Array(content.utf8)
        return try bytes.withUnsafeBufferPointer { (text) throws(TableError) in
            var scanner = JSONScanner()
            do throws(JSONError) { try scanner.scanObject(text) } catch { throw fail(error.message, error.at + 1) }
            var pattern: String?
            var target: String?
            var defaults: [(key: String, value: ArgValue)] = []
            var block = false
            var methods: [String]?
            func string(_ member: JSONMember) -> String { String(decoding: JSONString.decoded(member.value, in: text), as: UTF8.self) }
            for member in scanner.members {
                let key = String(decoding: JSONString.decoded(member.key, in: text), as: UTF8.self)
                switch (key, member.kind) {
                case ("pattern", .string): pattern = string(member)
                // a URLPatternInit dictionary, which the urlpattern dialect reads
                case ("pattern", .object): pattern = String(decoding: text[member.value], as: UTF8.self)
                case ("pattern", _): throw fail("'pattern' must be a string (or, in the urlpattern dialect, an object)", member.value.lowerBound + 1)
                case ("target", .string): target = string(member)
                case ("target", .null): target = nil
                case ("target", _): throw fail("'target' must be a string or null", member.value.lowerBound + 1)
                case ("defaults", .object):
                    for inner in JSONScanner.members(of: member.value, in: text) {
                        let name = String(decoding: JSONString.decoded(inner.key, in: text), as: UTF8.self)
                        // a JSON default keeps its JSON type: {"page":1} gives the argument 1, not "1"
                        let value: ArgValue = inner.kind == .string ? .string(ArraySlice(string(inner).utf8)) : .json(Array(text[inner.value]))
                        defaults.append((name, value))
                    }
                case ("defaults", _): throw fail("'defaults' must be an object", member.value.lowerBound + 1)
                case ("block", .bool): block = text[member.value.lowerBound] == UInt8(ascii: "t")
                case ("method", .string):
                    guard let names = HTTPMethod.column(string(member).utf8) else { throw fail("unknown HTTP method '\(string(member))'", member.value.lowerBound + 1) }
                    methods = names
                case ("methods", .array):
                    // an array of method names, which hold no `,` or escapes: ["GET","HEAD"]
                    let items = text[(member.value.lowerBound + 1)..<(member.value.upperBound - 1)]
                        .split(separator: UInt8(ascii: ","))
                        .map { String(decoding: $0.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }, as: UTF8.self) }
                    let names = items.map { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count > 1 ? String($0.dropFirst().dropLast()) : "" }
                    guard !names.isEmpty, names.allSatisfy(HTTPMethod.known.contains) else {
                        throw fail("'methods' takes method names such as [\"GET\",\"HEAD\"]", member.value.lowerBound + 1)
                    }
                    methods = names
                case ("block", _): throw fail("'block' must be true or false", member.value.lowerBound + 1)
                default: continue
                }
            }
            guard let pattern else { throw fail("a JSON route needs a 'pattern'", 1) }
            return WrittenRoute(pattern: pattern, patternColumn: 1, target: target, defaults: defaults, isBlock: block, methods: methods)
        }
    }

    /// A route as its line writes it, before the pattern is compiled.
    private struct WrittenRoute {
        var pattern: String
        /// The 1-based column of the pattern in its line.
        var patternColumn: Int
        var target: String?
        var defaults: [(key: String, value: ArgValue)]
        /// A WAAppRouting block handler: a text target `^name`, or `"block":true`.
        var isBlock = false
        /// The HTTP methods: a method column, or `"methods":[…]`/`"method":"…"`.
        var methods: [String]?
    }

    /// One route a pattern line declares: itself, or in `waap` each prefix of a chain.
    private struct Entry {
        let pattern: String
        let target: String?
        let modal: Bool
        let fromChain: Bool
        /// Maps an offset in `pattern` back to the offset in the written pattern.
        let offset: (Int) -> Int
        /// Whether the chain writes a `{Class}` for this part.
        var declaresClass = false
        /// The class of the chain's part before this one, if any.
        var parentClass: String? = nil
    }

    /// Expands a WAAppRouting registration chain into its entries; other patterns give one entry.
    private func chainEntries(_ text: String, target: String?, dialect: Dialect, classOf: (String) -> String?,
                              _ fail: (String, Int?) -> TableError) throws(TableError) -> [Entry] {
        // only WAAppRouting has chains: other dialects' patterns are not copied to look for one
        guard dialect.rules.registrationChains, case let bytes = Array(text.utf8), Self.isChain(bytes) else {
            return [Entry(pattern: text, target: target, modal: false, fromChain: false, offset: { $0 })]
        }
        var entries: [Entry] = []
        var previousClass: String?
        var path: [UInt8] = []
        var map: [Int] = []  // offset in path -> offset in text
        var i = 0
        while i < bytes.count {
            let start = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "{") { i += 1 }
            // an empty part (a leading `/`, a `//`) ends the registration (WAAppRouteRegistrar.m:76-79)
            if i == start && (i >= bytes.count || bytes[i] == UInt8(ascii: "/")) { break }
            if !path.isEmpty { path.append(UInt8(ascii: "/")); map.append(start - 1) }
            path += bytes[start..<i]
            map += Array(start..<i)
            var className: String?
            var modal = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "{") {
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: "}")) else { throw fail("unbalanced '{'", i + 1) }
                className = String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
                // the part's text after its class is ignored, and `!` at its end makes it modal
                // (WAAppRouteRegistrar.m:87-91)
                i = bytes[close...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
                modal = bytes[i - 1] == UInt8(ascii: "!")
            }
            if i < bytes.count { i += 1 }
            let offsets = map
            let isLast = i >= bytes.count
            entries.append(Entry(pattern: String(decoding: path, as: UTF8.self),
                                 target: className ?? (isLast ? target : nil), modal: modal, fromChain: true,
                                 offset: { $0 < offsets.count ? offsets[$0] : (offsets.last ?? 0) + 1 },
                                 declaresClass: className != nil, parentClass: previousClass))
            // a part without a class stands for the screen declared before at its path
            if let className = className ?? classOf(String(decoding: path, as: UTF8.self)) { previousClass = className }
        }
        return entries
    }

    /// Whether a waap pattern is a chain: some `/` segment ends in `{Class}` or `{Class}!`.
    static func isChain(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while let open = bytes[i...].firstIndex(of: UInt8(ascii: "{")) {
            guard open > 0, bytes[open - 1] != UInt8(ascii: "/"),
                  let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { return false }
            let name = bytes[(open + 1)..<close]
            guard let first = name.first, ByteClass.test(first, .alpha) || first == UInt8(ascii: "_"),
                  name.allSatisfy({ ByteClass.test($0, [.alpha, .digit]) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
            else { return false }
            // text after the class up to the next `/` is ignored (WAAppRouteRegistrar.m:87-90)
            i = bytes[close...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        }
        return i > 0
    }
}
