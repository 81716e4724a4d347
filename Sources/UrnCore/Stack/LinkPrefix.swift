/// The concrete link of an ancestor frame: the link's text cut after its first `count` components
/// (`app://list/3/extra` → `app://list/3` for two), so that it keeps the link's scheme, host and
/// encoding exactly.
enum LinkPrefix {
    /// The first `count` components of `link` as `dialect` splits it, with everything before them.
    static func text(_ link: Link, components count: Int, dialect: Dialect, delimiter: [UInt8]) -> [UInt8] {
        guard count > 0 else { return [] }
        var ends: [Int] = []
        let text = link.text
        switch dialect {
        case .compass:
            Link.split(Components.compassName(link), of: text, on: delimiter) { ends.append($0.upperBound) }
        case .navigator:
            let stop = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var start = 0
            var index = 0
            for i in 0...stop where i == stop || text[i] == UInt8(ascii: "/") {
                if i > start, !(index == 0 && text[i - 1] == UInt8(ascii: ":")) { ends.append(i) }
                index += 1
                start = i + 1
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
        let end = count <= ends.count ? ends[count - 1] : text.count
        return Array(text[..<end])
    }
}
