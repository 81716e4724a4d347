/// The concrete links of ancestor frames: the link's text cut after its first `count` components
/// (`app://list/3/extra` → `app://list/3` for two), so that each keeps the link's scheme, host and
/// encoding exactly. The component ends are found once per link, for all its frames.
struct LinkPrefix {
    /// The link.
    let link: Link
    /// How it was split.
    let dialect: Dialect
    let delimiter: [UInt8]
    /// Where each component ends in the link's text, as `dialect` splits it.
    let ends: [Int]

    /// The component ends of `link` as `dialect` splits it with `delimiter`.
    init(_ link: Link, dialect: Dialect, delimiter: [UInt8]) {
        var ends: [Int] = []
        ends.reserveCapacity(16)
        let text = link.text
        switch dialect {
        case .compass:
            Link.split(Components.compassName(link, cut: nil), of: text, on: delimiter) { ends.append($0.upperBound) }
        case .navigator:
            let stop = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var start = 0
            var index = 0
            for i in 0...stop where i == stop || text[i] == UInt8(ascii: "/") {
                if i > start, !(index == 0 && text[i - 1] == UInt8(ascii: ":")) { ends.append(i) }
                index += 1
                start = i + 1
            }
        case .express:
            // the pathname's segments: Express never sees the host
            let path = link.path
            var i = path.lowerBound + 1
            while i <= path.upperBound {
                if i == path.upperBound || text[i] == UInt8(ascii: "/") { ends.append(i) }
                i += 1
            }
        case .urn, .waap:
            if link.kind == .url, let scheme = link.scheme, !WebScheme.contains(text[scheme]),
               let host = link.host {
                ends.append(host.upperBound)
            }
            if link.splitsOnSlash {
                link.forEachSegment(delimiter: delimiter) { ends.append($0.upperBound) }
            } else {
                Link.split(link.name, of: text, on: delimiter) { ends.append($0.upperBound) }
            }
        }
        self.link = link
        self.dialect = dialect
        self.delimiter = delimiter
        self.ends = ends
    }

    /// The first `count` components, with everything before them.
    func text(components count: Int) -> ArraySlice<UInt8> {
        guard count > 0 else { return [] }
        let end = count <= ends.count ? ends[count - 1] : link.text.count
        return link.text[..<end]
    }
}
