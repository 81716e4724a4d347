/// A link read as the target of an HTTP request line, as Express sees it (the `express`
/// dialect): Node's HTTP parser (llhttp, node 20) takes a target of printable ASCII only, in
/// origin form (`/path?query`), absolute form (`scheme://authority/path`, a scheme of letters)
/// or asterisk form (`*`), and answers 400 to anything else, so the router never runs; Express
/// then routes `parseurl`'s pathname (lib/router/index.js:537-543), which for an origin-form
/// target is the text before `?` or `#`, `//a/5` included. Bytes RFC 3986 forbids but Node passes
/// (`| { } " ^ \` [ ] \ < >`) and a `%` without two hex digits stay as written: Express decodes
/// only the values it captures (lib/router/layer.js:145-153).
@_spi(Records) public enum RequestTarget {
    /// Why Node's HTTP parser refuses a target (400, HPE_INVALID_URL): the router never runs.
    @_spi(Records) public enum Refusal: Equatable, Sendable {
        /// A byte that is not printable ASCII: raw non-ASCII, a space, a control.
        case byte(UInt8)
        /// Not `/…`, `scheme://…` or `*`.
        case form
    }

    /// The link `text` is as a request target. With `encodeRefused` (`--lenient`), the bytes
    /// Node refuses (non-ASCII, space, controls) are percent-encoded first, as a client sends them.
    static func link(_ input: UnsafeBufferPointer<UInt8>, encodeRefused: Bool, into storage: inout [UInt8]) throws(LinkError) -> Link {
        storage.removeAll(keepingCapacity: true)
        if encodeRefused {
            PercentCoding.encode(input, keeping: { !refuses($0) }, into: &storage)
        } else {
            if let bad = input.firstIndex(where: refuses) { throw LinkError.refusedRequestTarget(.byte(input[bad]), at: bad) }
            storage.append(contentsOf: input)
        }
        let text = storage
        if text == [UInt8(ascii: "*")] {
            return Link(kind: .relative, reference: URIReference(text, scheme: nil, authority: nil, path: 0..<1, query: nil, fragment: nil))
        }
        if text.first == UInt8(ascii: "/") {
            let end = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var query: Range<Int>?
            var fragment: Range<Int>?
            if end < text.count {
                let hash = text[end...].firstIndex(of: UInt8(ascii: "#"))
                if text[end] == UInt8(ascii: "?") { query = (end + 1)..<(hash ?? text.count) }
                if let hash { fragment = (hash + 1)..<text.count }
            }
            return Link(kind: .relative, reference: URIReference(text, scheme: nil, authority: nil, path: 0..<end, query: query, fragment: fragment))
        }
        let reference = URIReference(text)
        guard let scheme = reference.scheme, let authority = reference.authority,
              text[scheme].allSatisfy({ ByteClass.test($0, [.alpha]) })
        else { throw LinkError.refusedRequestTarget(.form, at: 0) }
        var link = Link(kind: .url, reference: reference)
        var host = authority
        if let at = text[authority].lastIndex(of: UInt8(ascii: "@")) { host = (at + 1)..<authority.upperBound }
        if let colon = text[host].lastIndex(of: UInt8(ascii: ":")), text[(colon + 1)..<host.upperBound].allSatisfy({ ByteClass.test($0, [.digit]) }) {
            let digits = (colon + 1)..<host.upperBound
            // a port a link holds is at most 65535, as the link parser reads it (`invalid-port`)
            if !digits.isEmpty {
                guard digits.count <= 5, let port = Int(String(decoding: text[digits], as: UTF8.self)), port <= 65535 else {
                    throw LinkError.invalidPort(String(decoding: text[digits], as: UTF8.self), at: digits.lowerBound, compassScheme: nil)
                }
                link.port = port
            }
            host = host.lowerBound..<colon
        }
        link.host = host
        return link
    }

    /// Whether Node's HTTP parser refuses `byte` in a request target: anything but printable
    /// ASCII (llhttp's strict URL characters).
    @inline(__always)
    static func refuses(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F
    }
}
