/// A compiled `urnfmt` template (urnfmt(1) TEMPLATES): literal text and expressions, parsed once.
/// A class, so that a stage holding one passes it on with one reference count instead of one
/// for each of its five arrays.
@_spi(Records) public final class Template: Sendable {
    /// One piece of a template.
    @_spi(Records) public enum Piece: Sendable, Equatable {
        case text([UInt8])
        case expression(Expression)
    }

    /// What an expression reads.
    @_spi(Records) public enum Source: Sendable, Equatable {
        /// A part of the parsed link: scheme, user, password, host, port, path, query, fragment.
        case part(LinkPart)
        /// The whole link, normalized (`{url}`).
        case url
        /// The first value of a query parameter (`{query:KEY}`).
        case queryFirst([UInt8])
        /// All values of a query parameter, space-separated (`{query-all:KEY}`).
        case queryAll([UInt8])
        /// A part derived from the host or the path (`{domain}`, `{ext}`).
        case derived(DerivedPart)
        /// A path into the record (`{route.args.userId}`).
        case path(JSONPath)

        /// Whether the source needs the parsed link.
        @_spi(Records) public var readsLink: Bool { if case .path = self { return false } else { return true } }
    }

    /// An expression: a source and its modifiers. A class, so that rendering a record passes
    /// each expression on with one reference count instead of one per field.
    @_spi(Records) public final class Expression: Sendable, Equatable {
        /// What it reads.
        @_spi(Records) public let source: Source
        /// `url:` — the value as written (percent-encoded) instead of decoded.
        @_spi(Records) public let encoded: Bool
        /// `default:` — the scheme's default port when the link has none.
        @_spi(Records) public let defaultPort: Bool
        /// `must:` — a missing value is an error.
        @_spi(Records) public let must: Bool
        /// `json:` — the value as JSON text.
        @_spi(Records) public let json: Bool
        /// `puny:` or `idn:` — the host (in `{host}`, `{url}` and the domain parts) in its ASCII
        /// or Unicode form; nil leaves it to the renderer's `hostForm`.
        @_spi(Records) public let hostForm: HostForm?
        /// The expression as written, for messages.
        @_spi(Records) public let text: String

        init(source: Source, encoded: Bool, defaultPort: Bool, must: Bool, json: Bool, hostForm: HostForm?, text: String) {
            self.source = source
            self.encoded = encoded
            self.defaultPort = defaultPort
            self.must = must
            self.json = json
            self.hostForm = hostForm
            self.text = text
        }

        /// Whether two expressions read the same source with the same modifiers.
        @_spi(Records) public static func == (a: Expression, b: Expression) -> Bool {
            a.source == b.source && a.encoded == b.encoded && a.defaultPort == b.defaultPort && a.must == b.must
                && a.json == b.json && a.hostForm == b.hostForm && a.text == b.text
        }
    }

    /// The pieces, in order.
    @_spi(Records) public let pieces: [Piece]
    /// The pieces compiled for rendering.
    let program: TemplateProgram

    /// The template of `pieces`.
    init(pieces: [Piece]) {
        self.pieces = pieces
        program = TemplateProgram(pieces)
    }

    /// The record paths the template reads directly, in order: a renderer finds them in the
    /// record's watched values (`WatchedPaths`) when its scan watched them.
    @_spi(Records) public var paths: [JSONPath] { program.paths }

    /// Whether any expression reads the parsed link.
    @_spi(Records) public var needsLink: Bool {
        pieces.contains { piece in
            guard case let .expression(expression) = piece else { return false }
            return expression.source.readsLink
        }
    }
}

/// The components of a link that templates, tables and editors name.
@_spi(Records) public enum LinkPart: String, Sendable, CaseIterable {
    case scheme, user, password, host, port, path, query, fragment
}

/// The template fields derived from the host (through the public suffix list) and from the path.
@_spi(Records) public enum DerivedPart: String, Sendable, CaseIterable {
    /// The registrable domain (`example.co.uk`).
    case domain
    /// The host before the registrable domain (`a.b`).
    case subdomain
    /// The public suffix (`co.uk`).
    case tld
    /// The extension of the last path segment, after its last `.` (`gz`).
    case ext
    /// The last path segment (`notes.tar.gz`).
    case file
}

/// Why a template could not be compiled; `column` is 1-based.
@_spi(Records) public struct TemplateError: CodedError, Equatable {
    /// The reason.
    @_spi(Records) public let reason: String
    /// The 1-based column.
    @_spi(Records) public let column: Int

    @_spi(Records) public var code: String { "invalid-template" }
    @_spi(Records) public var message: String { reason }
    @_spi(Records) public var offset: Int? { column - 1 }
}

extension Template {
    /// Compiles `text`: `{expression}`, and the escapes `\t \n \\ \{ \}`.
    @_spi(Records) public convenience init(_ text: String) throws(TemplateError) {
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else { throw TemplateError(reason: "'\\' at the end of the template", column: i + 1) }
                switch bytes[i + 1] {
                case UInt8(ascii: "t"): literal.append(0x09)
                case UInt8(ascii: "n"): literal.append(0x0A)
                case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): literal.append(bytes[i + 1])
                default:
                    throw TemplateError(reason: "unknown escape '\\\(Character(Unicode.Scalar(bytes[i + 1])))' (use \\t \\n \\\\ \\{ \\})", column: i + 1)
                }
                i += 2
            case UInt8(ascii: "{"):
                guard let close = bytes[i...].firstIndex(of: UInt8(ascii: "}")) else {
                    throw TemplateError(reason: "unbalanced '{'", column: i + 1)
                }
                if !literal.isEmpty { pieces.append(.text(literal)); literal = [] }
                pieces.append(.expression(try Self.expression(bytes[(i + 1)..<close], column: i + 2)))
                i = close + 1
            case UInt8(ascii: "}"):
                throw TemplateError(reason: "unbalanced '}' (write \\} for a brace)", column: i + 1)
            default:
                literal.append(byte)
                i += 1
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.init(pieces: pieces)
    }

    /// A template of one expression (a column of `urnfmt --tsv`).
    @_spi(Records) public convenience init(_ expression: Expression) {
        self.init(pieces: [.expression(expression)])
    }

    /// Compiles one expression such as `must:url:query`, `query:KEY`, `route.args.id`.
    @_spi(Records) public static func expression(_ bytes: ArraySlice<UInt8>, column: Int) throws(TemplateError) -> Expression {
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.isEmpty else { throw TemplateError(reason: "empty expression '{}'", column: column - 1) }
        var rest = Substring(text)
        var encoded = false, defaultPort = false, must = false, json = false
        var hostForm: HostForm?
        // Leading modifiers; a lone ':' is trurl's spelling of 'url:'.
        while true {
            if rest.hasPrefix(":") { encoded = true; rest = rest.dropFirst(); continue }
            guard let colon = rest.firstIndex(of: ":") else { break }
            switch rest[..<colon] {
            case "url": encoded = true
            case "default": defaultPort = true
            case "must": must = true
            case "json": json = true
            case "puny": hostForm = .ascii
            case "idn": hostForm = .unicode
            default: break
            }
            guard ["url", "default", "must", "json", "puny", "idn"].contains(rest[..<colon]) else { break }
            rest = rest[rest.index(after: colon)...]
        }
        let source: Source
        if rest.hasPrefix("query:") {
            // an empty KEY is the parameter whose name is empty (`?=bar`), as trurl reads it
            source = .queryFirst(Array(rest.dropFirst(6).utf8))
        } else if rest.hasPrefix("query-all:") {
            source = .queryAll(Array(rest.dropFirst(10).utf8))
        } else if rest == "url" {
            source = .url
        } else if let part = LinkPart(rawValue: String(rest)) {
            source = .part(part)
        } else if let part = DerivedPart(rawValue: String(rest)) {
            source = .derived(part)
        } else if rest.hasPrefix("."), !rest.contains(":"), let path = JSONPath(String(rest.dropFirst())) {
            // jq's spelling: a record field, even one whose name is close to a link part's
            source = .path(path)
        } else if !rest.contains(":"), let path = JSONPath(String(rest)) {
            if let part = nearestLinkPart(rest) {
                throw TemplateError(reason: "unknown link part '\(rest)': did you mean \(part)? (a record field of that name: write {.\(rest)})",
                                    column: column)
            }
            source = .path(path)
        } else {
            throw TemplateError(reason: "unknown expression '{\(text)}'", column: column)
        }
        return Expression(source: source, encoded: encoded, defaultPort: defaultPort, must: must, json: json,
                          hostForm: hostForm, text: text)
    }

    /// The link part a one-word name was most likely meant to be (`hostname`, `schem`, `prot`),
    /// or nil for a name that reads as a record field. The link parts are a closed set, so a
    /// near miss is a mistake, not a field: a word that one of them begins or ends, or one or
    /// two edits away from one of five letters or more.
    static func nearestLinkPart(_ name: Substring) -> String? {
        guard !name.contains("."), !name.isEmpty else { return nil }
        let parts = LinkPart.allCases.map(\.rawValue) + DerivedPart.allCases.map(\.rawValue) + ["url"]
        let word = name.lowercased()
        if let affix = parts.first(where: { $0.count >= 4 && (word.hasPrefix($0) || word.hasSuffix($0)) }) { return affix }
        let scored = parts.map { ($0, EditDistance.caseless(Array($0.utf8), Array(word.utf8))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = best.0.count >= 5 ? 2 : 1
        return best.1 <= allowed && best.1 > 0 ? best.0 : nil
    }
}
