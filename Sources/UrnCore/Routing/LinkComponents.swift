/// How a dialect turns a link into the components its patterns match (§5.2).
enum ComponentMode: Sendable {
    /// The toolkit's own: path segments for web schemes, host and path for app schemes,
    /// delimiter segments for names, decoded unless `--raw`, trailing slash ignored.
    case urn
    /// Compass: the text after `scheme://`, split on the delimiter, as written.
    case compass
    /// URLNavigator: query and fragment stripped, split on `/`, empty and scheme components dropped.
    case navigator
    /// WAAppRouting, patterns without a scheme: the path for http(s), else host and path.
    case waapRoute
    /// WAAppRouting, patterns with a scheme: host and path for every scheme.
    case waapFull
}

extension Components {
    /// Fills the list with the components of `link` for `mode`.
    mutating func read(_ link: Link, mode: ComponentMode, delimiter: [UInt8], raw: Bool) {
        removeAll()
        let text = link.text
        switch mode {
        case .urn:
            if link.kind == .url, let scheme = link.scheme,
               !WebScheme.contains(text[scheme]), let host = link.host {
                appendValue(ArraySlice(text[host].map(ByteClass.lowercased)), raw: raw)
            }
            if link.splitsOnSlash {
                if let segments = link.slashSegments { appendSlashSeparated(text, segments, raw: raw) }
            } else {
                Link.split(link.name, of: text, on: delimiter) { appendValue(text[$0], raw: raw) }
            }
            dropTrailingEmpty()
        case .compass:
            let name = Components.compassName(link)
            Link.split(name, of: text, on: delimiter) { append(text[$0]) }
        case .navigator:
            let end = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var index = 0
            var start = 0
            for i in 0...end where i == end || text[i] == UInt8(ascii: "/") {
                let piece = text[start..<i]
                if !piece.isEmpty, !(index == 0 && piece.last == UInt8(ascii: ":")) { append(piece) }
                index += 1
                start = i + 1
            }
        case .waapRoute, .waapFull:
            var route: [UInt8] = []
            let web = link.scheme.map { ["http", "https"].contains(String(decoding: text[$0], as: UTF8.self).lowercased()) } ?? false
            if mode == .waapFull || !web, let host = link.host { route += text[host] }
            var path = text[link.path]
            if mode == .waapRoute, web, path.first == UInt8(ascii: "/") { path = path.dropFirst() }
            route += PercentCoding.decodedUTF8(path) ?? Array(path)
            // NSString.pathComponents: a leading "/" is a component, empty ones vanish.
            if route.first == UInt8(ascii: "/") { append([UInt8(ascii: "/")]) }
            for piece in route.split(separator: UInt8(ascii: "/")) { append(piece) }
        }
    }

    @inline(__always)
    private mutating func appendValue(_ bytes: ArraySlice<UInt8>, raw: Bool) {
        if raw { appendRaw(bytes) } else { appendDecoded(bytes) }
    }

    /// The Compass name of a link: the text after `scheme://` up to the end (query and fragment
    /// included, which send Compass into host mode), or the whole of a bare name.
    static func compassName(_ link: Link) -> Range<Int> {
        if link.reference.authority != nil, let scheme = link.scheme {
            return (scheme.upperBound + 3)..<link.text.count
        }
        return 0..<link.text.count
    }
}
