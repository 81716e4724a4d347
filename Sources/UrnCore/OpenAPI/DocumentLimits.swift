/// The bounds a document read into a tree is held to (urn-routes(5) OPENAPI TABLES).
package struct DocumentLimits: Sendable {
    /// The deepest nesting of collections.
    package var depth = JSONScanner.depthLimit
    /// The most nodes the tree may stand for, each alias counted as the nodes it repeats.
    package var expandedNodes: Int

    /// The limits for a document of `byteCount` bytes: as many nodes as a document without
    /// aliases of eight times its size could hold, and never fewer than a million.
    package init(byteCount: Int) {
        expandedNodes = max(1_000_000, 8 * byteCount)
    }
}
