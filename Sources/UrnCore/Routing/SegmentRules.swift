/// What one pattern segment accepts of a link's component, in one dialect under the matcher's
/// options. The segment trie, the alignment of catch-alls, `--explain` and `--check` all ask
/// here, so they cannot disagree.
struct SegmentRules: Sendable {
    /// Literals compare without regard to ASCII case (`-i`).
    let caseInsensitive: Bool
    /// Placeholders and `*` take an empty component: Compass binds whatever sits between two
    /// delimiters (Navigator.swift:100–106 at 5cfacf8), and an OpenAPI template expression an
    /// empty segment (its operation then refuses the value); the other dialects need one byte.
    let allowsEmpty: Bool
    /// Floats are read as URLNavigator reads them, with `Float(_:)` (URLMatcher.swift:10–26).
    let singlePrecision: Bool
    /// Literals compare by canonical equivalence, as Swift's `String ==` (URLMatcher.swift:155):
    /// a non-ASCII literal is filed under its NFC form, and a non-ASCII component looked up by its.
    let canonical: Bool

    /// The rules of `table`: its dialect's, an OpenAPI document's taking empty values.
    init(_ table: RouteTable, caseInsensitive: Bool) {
        self.init(table.dialect, caseInsensitive: caseInsensitive, emptyValues: table.format == .openapi)
    }

    /// The rules of `dialect`; `emptyValues` makes placeholders take empty components whatever
    /// the dialect says.
    init(_ dialect: Dialect, caseInsensitive: Bool, emptyValues: Bool = false) {
        self.caseInsensitive = caseInsensitive || dialect.rules.caselessLiterals
        allowsEmpty = emptyValues || dialect.rules.emptyValues
        singlePrecision = dialect.rules.singlePrecisionFloats
        canonical = dialect.rules.canonicalLiterals
    }

    /// Whether `segment` takes `component`. A catch-all takes anything here; how many
    /// components it takes is the alignment's business.
    func accepts(_ segment: Segment, _ component: ArraySlice<UInt8>) throws(Regex.MatchError) -> Bool {
        try component.withUnsafeBufferPointer { (buffer) throws(Regex.MatchError) -> Bool in try accepts(segment, buffer) }
    }

    /// Whether `segment` takes `component`, seen through a pointer (a trie walk's view).
    func accepts(_ segment: Segment, _ component: UnsafeBufferPointer<UInt8>) throws(Regex.MatchError) -> Bool {
        switch segment {
        case let .literal(text):
            return literal(text, equals: component)
        case let .placeholder(placeholder):
            guard acceptsPlain(length: component.count) else { return false }
            if placeholder.type.isPlain { return true }
            return try placeholder.type.accepts(component, singlePrecision: singlePrecision)
        case let .composite(composite):
            return try composite.regex.matches(component)
        case .wildcard:
            return acceptsPlain(length: component.count)
        case .catchAll:
            return true
        }
    }

    /// Whether an untyped placeholder or `*` takes a component of `length` bytes.
    @inline(__always)
    func acceptsPlain(length: Int) -> Bool {
        allowsEmpty || length > 0
    }

    /// Whether the literal `text` is `component`.
    func literal<C: Collection<UInt8>>(_ text: [UInt8], equals component: C) -> Bool {
        if canonical, !Self.isASCII(text) || !Self.isASCII(component) { return literalKey(text) == literalKey(Array(component)) }
        return caseInsensitive
            ? component.lazy.map(ByteClass.lowercased).elementsEqual(text.lazy.map(ByteClass.lowercased))
            : component.elementsEqual(text)
    }

    /// Whether a literal's key is its text as it is (`literalKey`).
    var keysAreAsWritten: Bool { !caseInsensitive && !canonical }

    /// The key a literal is filed under in the trie's hash map: lower case under `-i`, then
    /// (canonical literals) in NFC.
    func literalKey(_ text: [UInt8]) -> [UInt8] {
        let key = caseInsensitive ? text.map(ByteClass.lowercased) : text
        return canonical ? Self.canonicalForm(key) ?? key : key
    }

    /// The NFC form of `bytes` (UTF-8), the form Swift's `String ==` compares; nil for ASCII,
    /// which is its own. The stdlib's `_nfcCodeUnits` is the normalizer `==` itself uses.
    static func canonicalForm<C: Collection<UInt8>>(_ bytes: C) -> [UInt8]? {
        isASCII(bytes) ? nil : String(decoding: bytes, as: UTF8.self)._nfcCodeUnits
    }

    /// Whether every byte of `bytes` is ASCII.
    private static func isASCII<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        !bytes.contains { $0 >= 0x80 }
    }
}
