/// The concrete links of ancestor frames: the link's text cut after its first `count` components
/// (`app://list/3/extra` → `app://list/3` for two), so that each keeps the link's scheme, host and
/// encoding exactly. The component ends are found when a frame asks, without storing them: a
/// link has few frames and few components, and a list of ends would be an allocation a record.
struct LinkPrefix {
    /// The link.
    let link: Link
    /// How it was split.
    let dialect: Dialect
    let delimiter: [UInt8]

    /// The prefixes of `link` as `dialect` splits it with `delimiter`.
    init(_ link: Link, dialect: Dialect, delimiter: [UInt8]) {
        self.link = link
        self.dialect = dialect
        self.delimiter = delimiter
    }

    /// The first `count` components, with everything before them.
    func text(components count: Int) -> ArraySlice<UInt8> {
        guard count > 0 else { return [] }
        var seen = 0
        var end = link.text.count
        forEachEnd { componentEnd in
            seen += 1
            if seen == count { end = componentEnd }
        }
        return link.text[..<end]
    }

    /// Calls `body` with where each component ends in the link's text, in order.
    private func forEachEnd(_ body: (Int) -> Void) {
        let text = link.text
        switch dialect {
        case .compass:
            Link.split(Components.compassName(link, cut: nil), of: text, on: delimiter) { body($0.upperBound) }
        case .navigator:
            let stop = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var start = 0
            var index = 0
            for i in 0...stop where i == stop || text[i] == UInt8(ascii: "/") {
                if i > start, !(index == 0 && text[i - 1] == UInt8(ascii: ":")) { body(i) }
                index += 1
                start = i + 1
            }
        case .express:
            // the pathname's segments: Express never sees the host
            let path = link.path
            var i = path.lowerBound + 1
            while i <= path.upperBound {
                if i == path.upperBound || text[i] == UInt8(ascii: "/") { body(i) }
                i += 1
            }
        case .urn, .waap:
            if link.kind == .url, let scheme = link.scheme, !WebScheme.contains(text[scheme]),
               let host = link.host {
                body(host.upperBound)
            }
            if link.splitsOnSlash {
                link.forEachSegment(delimiter: delimiter) { body($0.upperBound) }
            } else {
                Link.split(link.name, of: text, on: delimiter) { body($0.upperBound) }
            }
        }
    }
}
