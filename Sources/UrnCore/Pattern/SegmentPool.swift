/// The literal segments and untyped placeholders of one table's patterns, each made once and
/// shared: a large table repeats a few words and names (`items`, `:id`) over thousands of
/// lines, and a shared one costs a reference count where a copy of its own would cost an
/// allocation and the memory it holds. Patterns only read what they are given, so sharing is not seen.
/// Noncopyable, as its index is.
struct SegmentPool: ~Copyable {
    /// Literal texts as written (parent 0) and placeholder names (parent 1), to their index in
    /// `literals` or `placeholders`.
    private var index = LiteralMap()
    private var literals: [[UInt8]] = []
    private var placeholders: [Placeholder] = []
    /// The untyped placeholders of the last pattern made, which the next one shares if it has
    /// the same (`Pattern.init(…sharingPlaceholdersOf:)`).
    var lastUntypedPlaceholders: UntypedPlaceholders?

    /// The literal written as `text`, made by `decode` the first time it is asked for.
    mutating func literal(_ text: UnsafeBufferPointer<UInt8>, decode: ([UInt8]) -> [UInt8]) -> [UInt8] {
        // most are known: a plain look-up first, which does less than the one that adds
        if let known = index.child(of: 0, for: text) { return literals[known] }
        let added = index.child(of: 0, for: text, orAdding: literals.count)
        literals.append(decode(Array(text)))
        return literals[added]
    }

    /// The untyped placeholder named `name`.
    mutating func placeholder(named name: UnsafeBufferPointer<UInt8>) -> Placeholder {
        if let known = index.child(of: 1, for: name) { return placeholders[known] }
        let added = index.child(of: 1, for: name, orAdding: placeholders.count)
        placeholders.append(Placeholder(nameBytes: Array(name), type: .string))
        return placeholders[added]
    }
}
