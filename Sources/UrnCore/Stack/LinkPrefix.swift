/// The concrete links of ancestor frames: the link's text cut after its first `count` components
/// (`app://list/3/extra` → `app://list/3` for two), so that each keeps the link's scheme, host and
/// encoding exactly. The component ends are found when a frame asks, without storing them: a
/// link has few frames and few components, and a list of ends would be an allocation a record.
/// It keeps only where the components lie: the text and the delimiter are the caller's, passed
/// to each question, so that this holds no reference to count, copy or destroy.
struct LinkPrefix {
    /// How it was split.
    let dialect: Dialect
    /// Where the host of an app-scheme URL ends: the host is the first component (urn, waap).
    private let hostEnd: Int?
    /// The range that splits into the (other) components: nil for none; the whole text for
    /// navigator, which splits it itself.
    private let pieces: Range<Int>?
    /// Whether the urn and waap dialects split `pieces` on `/` (url and relative links) or on
    /// the delimiter.
    private let splitsOnSlash: Bool

    /// The prefixes of `link` as `dialect` splits it. Inlined, so that the link is read where
    /// it is rather than copied for a call.
    @inline(__always)
    init(_ link: Link, dialect: Dialect) {
        var hostEnd: Int?
        switch dialect {
        case .compass:
            pieces = Components.compassName(link, cut: nil)
        case .navigator:
            pieces = 0..<link.reference.text.count
        case .express, .urlpattern:
            pieces = link.path
        case .urn, .waap:
            if link.kind == .url, let scheme = link.scheme, !WebScheme.contains(link.reference.text[scheme]), let host = link.host {
                hostEnd = host.upperBound
            }
            pieces = link.splitsOnSlash ? link.slashSegments : link.name
        }
        self.dialect = dialect
        self.hostEnd = hostEnd
        self.splitsOnSlash = link.splitsOnSlash
    }

    /// Where the first `count` components end in `text`, the link's text, split with
    /// `delimiter` (0 for none): the frame's link is the text before it.
    func end(components count: Int, of text: [UInt8], delimiter: [UInt8]) -> Int {
        guard count > 0 else { return 0 }
        if splitsOnSlash, dialect == .urn || dialect == .waap {
            // most links: the pieces are looked through only up to the one asked for
            if let hostEnd, count == 1 { return hostEnd }
            guard let pieces else { return text.count }
            return Link.endOfSlashPiece(hostEnd == nil ? count : count - 1, in: pieces, of: text) ?? text.count
        }
        var seen = 0
        var end = text.count
        forEachEnd(of: text, delimiter: delimiter) { componentEnd in
            seen += 1
            if seen == count { end = componentEnd }
        }
        return end
    }

    /// Calls `body` with where each component ends in the text, in order.
    private func forEachEnd(of text: [UInt8], delimiter: [UInt8], _ body: (Int) -> Void) {
        switch dialect {
        case .compass:
            if let pieces { Link.split(pieces, of: text, on: delimiter) { body($0.upperBound) } }
        case .navigator:
            let stop = text.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? text.count
            var start = 0
            var index = 0
            for i in 0...stop where i == stop || text[i] == UInt8(ascii: "/") {
                if i > start, !(index == 0 && text[i - 1] == UInt8(ascii: ":")) { body(i) }
                index += 1
                start = i + 1
            }
        case .express, .urlpattern:
            // the pathname's segments: Express never sees the host; a URLPattern's stack frames
            // are its pathname's prefixes
            guard let path = pieces else { return }
            var i = path.lowerBound + 1
            while i <= path.upperBound {
                if i == path.upperBound || text[i] == UInt8(ascii: "/") { body(i) }
                i += 1
            }
        case .urn, .waap:
            // a link split on `/` is answered by `end(components:of:delimiter:)` itself
            if let hostEnd { body(hostEnd) }
            guard let pieces else { return }
            Link.split(pieces, of: text, on: delimiter) { body($0.upperBound) }
        }
    }
}
