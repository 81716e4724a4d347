/// Reference resolution of RFC 3986 §5.2 (`--base`), strict parser mode.
@_spi(Records) public struct LinkResolver: Sendable {
    /// The base URI, which must have a scheme.
    @_spi(Records) public let base: URIReference

    /// A resolver against `base`; throws `invalid-base` when it has no scheme.
    @_spi(Records) public init(base: String) throws(LinkError) {
        let reference = URIReference(Array(base.utf8))
        guard reference.scheme != nil else { throw LinkError.baseNotAbsolute }
        self.base = reference
    }

    /// The target URI of `reference` (RFC 3986 §5.2.2).
    @_spi(Records) public func resolve(_ reference: [UInt8]) -> [UInt8] {
        let r = URIReference(reference)
        let target: URIReference
        if r.scheme != nil {
            target = URIReference(
                scheme: r[r.scheme], authority: r[r.authority],
                path: Self.removeDotSegments(r.text[r.path]), query: r[r.query], fragment: r[r.fragment])
        } else if r.authority != nil {
            target = URIReference(
                scheme: base[base.scheme], authority: r[r.authority],
                path: Self.removeDotSegments(r.text[r.path]), query: r[r.query], fragment: r[r.fragment])
        } else if r.path.isEmpty {
            target = URIReference(
                scheme: base[base.scheme], authority: base[base.authority], path: Array(base.text[base.path]),
                query: r.query != nil ? r[r.query] : base[base.query], fragment: r[r.fragment])
        } else {
            let path = r.text[r.path]
            let merged = path.first == UInt8(ascii: "/") ? Self.removeDotSegments(path)
                : Self.removeDotSegments(ArraySlice(merge(path)))
            target = URIReference(
                scheme: base[base.scheme], authority: base[base.authority], path: merged,
                query: r[r.query], fragment: r[r.fragment])
        }
        return target.text
    }

    /// RFC 3986 §5.2.3: the reference path appended to the base path's directory.
    private func merge(_ path: ArraySlice<UInt8>) -> [UInt8] {
        let basePath = base.text[base.path]
        if base.authority != nil && basePath.isEmpty { return [UInt8(ascii: "/")] + path }
        guard let slash = basePath.lastIndex(of: UInt8(ascii: "/")) else { return Array(path) }
        return Array(basePath[...slash]) + path
    }

    /// RFC 3986 §5.2.4: removes `.` and `..` segments from `path`.
    @_spi(Records) public static func removeDotSegments(_ path: ArraySlice<UInt8>) -> [UInt8] {
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/")
        var input = path
        var output: [UInt8] = []
        output.reserveCapacity(path.count)
        func removeLastSegment() {
            if let last = output.lastIndex(of: slash) { output.removeSubrange(last...) } else { output.removeAll() }
        }
        while !input.isEmpty {
            if input.starts(with: [dot, dot, slash]) {
                input = input.dropFirst(3)
            } else if input.starts(with: [dot, slash]) {
                input = input.dropFirst(2)
            } else if input.starts(with: [slash, dot, slash]) {
                input = input.dropFirst(2)
            } else if input.elementsEqual([slash, dot]) {
                input = [slash]
            } else if input.starts(with: [slash, dot, dot, slash]) {
                input = input.dropFirst(3)
                removeLastSegment()
            } else if input.elementsEqual([slash, dot, dot]) {
                input = [slash]
                removeLastSegment()
            } else if input.elementsEqual([dot]) || input.elementsEqual([dot, dot]) {
                input = []
            } else {
                let start = input.startIndex
                let searchFrom = input.first == slash ? start + 1 : start
                let end = input[searchFrom...].firstIndex(of: slash) ?? input.endIndex
                output += input[start..<end]
                input = input[end...]
            }
        }
        return output
    }
}
