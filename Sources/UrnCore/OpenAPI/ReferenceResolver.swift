/// Follows the `$ref`s of one document (`#/components/parameters/petId`, JSON Pointer syntax,
/// RFC 6901, percent-decoded as a URI fragment). A reference to another file is an error that
/// names it; a chain of references that comes back to itself (`A` → `B` → `A`, or a `$ref` to
/// itself) is an error that shows the chain. Each reference is looked up once.
struct ReferenceResolver {
    let root: JSONDocument.Node
    /// Reports a failure at a node.
    let fail: (String, JSONDocument.Node) -> TableError
    /// What each reference followed so far stands for.
    private var resolved: [String: JSONDocument.Node] = [:]
    /// Whether a reference led into a value the tree left out (`OpenAPIOutline`): the failure
    /// it ended in asks for the document read whole.
    private(set) var reachedOmitted = false
    /// The most references a chain may pass through: far more than any document writes, few
    /// enough to answer at once.
    private static let chainLimit = 64

    init(root: JSONDocument.Node, fail: @escaping (String, JSONDocument.Node) -> TableError) {
        self.root = root
        self.fail = fail
    }

    /// `node`, or what its `$ref` (and theirs in turn) points to.
    mutating func resolve(_ node: JSONDocument.Node) throws(TableError) -> JSONDocument.Node {
        guard let reference = node["$ref"] else { return node }
        var chain: [String] = []
        var current = node
        var at = reference
        while true {
            guard let target = at.string else { throw fail("'$ref' must be a string, not \(at.kindName)", at) }
            if chain.contains(target) || chain.count >= Self.chainLimit {
                throw fail("'$ref' cycle: " + (chain + [target]).joined(separator: " -> "), at)
            }
            chain.append(target)
            if let known = resolved[target] {
                current = known
            } else {
                current = try lookUp(target, at: at)
                resolved[target] = current
            }
            if case .omitted = current.value {
                reachedOmitted = true
                throw fail("'$ref' '\(target)' points into a part of the document left unread", at)
            }
            guard let next = current["$ref"] else { break }
            at = next
        }
        for target in chain { resolved[target] = current }
        return current
    }

    /// The node the reference `target` points to.
    private func lookUp(_ target: String, at node: JSONDocument.Node) throws(TableError) -> JSONDocument.Node {
        guard target.hasPrefix("#") else {
            throw fail("'$ref' to another document ('\(target)') is not followed: urn reads one document; bundle it into one first", node)
        }
        let fragment = Array(target.utf8.dropFirst())
        guard let decoded = PercentCoding.decodedUTF8(fragment[...]) else {
            throw fail("'$ref' '\(target)' has an invalid percent-encoding", node)
        }
        var current = root
        guard !decoded.isEmpty else { return current }
        guard decoded.first == UInt8(ascii: "/") else {
            throw fail("'$ref' '\(target)' is not a JSON Pointer ('#/components/...'): anchors are not followed", node)
        }
        for token in decoded.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            // a value left out ends the walk; `resolve` has the document read whole
            if case .omitted = current.value { return current }
            let name = Self.unescaped(String(decoding: token, as: UTF8.self))
            if let members = current.members, let member = members.last(where: { $0.key == name }) {
                current = member.node
            } else if let elements = current.array, let index = Int(name), elements.indices.contains(index) {
                current = elements[index]
            } else {
                throw fail("'$ref' '\(target)' points to nothing: no '\(name)'", node)
            }
        }
        return current
    }

    /// A JSON Pointer reference token with `~1` and `~0` undone (RFC 6901 §4).
    private static func unescaped(_ token: String) -> String {
        guard token.contains("~") else { return token }
        return token.replacing("~1", with: "/").replacing("~0", with: "~")
    }
}
