/// Lines up the links whose routes have a catch-all of varying depth (urnmatch(1) INFERRING
/// ROUTES, multi-segment tails): GitLab's `/<*namespace_id>/<project_id>/-/…` puts the same
/// sub-resources one, two or three components deeper as the namespace grows, so that read by
/// depth each depth sees a share of their links, and may decide them otherwise (a literal at
/// one depth, a placeholder at another). Once a first reading has found such a catch-all,
/// between fixed text and a literal (its anchor, `-`), every link that has that fixed text, a
/// run of components and then the anchor has its run taken as one component, and the routes are
/// decided again: what follows the anchor is decided on the links of every depth together.
enum RunAlignment {
    /// A catch-all found by the first reading: the literals before it, how many single
    /// placeholders stand between it and the anchor, and the anchor.
    struct Anchor {
        let prefix: [[UInt8]]
        let singles: Int
        let anchor: [UInt8]
    }

    /// The catch-alls of `routes` that stand after literals only and before a literal, each
    /// once, with the fewest single placeholders after it that any route has.
    static func anchors(in routes: [InferredRoute]) -> [Anchor] {
        var found: [Anchor] = []
        for route in routes {
            guard let glob = route.segments.firstIndex(of: .glob) else { continue }
            var prefix: [[UInt8]] = []
            for segment in route.segments[..<glob] {
                guard case let .literal(bytes) = segment else { break }
                prefix.append(bytes)
            }
            guard prefix.count == glob else { continue }
            var singles = 0
            var index = glob + 1
            while index < route.segments.count, case .placeholder = route.segments[index] {
                singles += 1
                index += 1
            }
            guard index < route.segments.count, case let .literal(anchor) = route.segments[index], !anchor.isEmpty else { continue }
            let candidate = Anchor(prefix: prefix, singles: singles, anchor: anchor)
            if let same = found.firstIndex(where: { $0.prefix == prefix && $0.anchor == anchor }) {
                if found[same].singles > singles { found[same] = candidate }
            } else {
                found.append(candidate)
            }
        }
        // the longest fixed text first: /groups/<*group>/-/… before /<*namespace>/-/…
        return found.sorted { $0.prefix.count > $1.prefix.count }
    }

    /// `paths` with the run of every link that `anchors` line up taken as one `.run` component,
    /// for each run node the lengths its runs had, and for each node where such links end,
    /// their links by the length of their run; nil when no link lines up. A run holds
    /// one component or more, none of them empty, and ends where the anchor first follows it;
    /// the first reading (`decided`: the segments of the links that end at a node) had
    /// placeholders there, so that a literal is never taken into a run (`/rails/lookbook/pages`
    /// is no run before GitLab's `/<*namespace>/<project>/pages`).
    static func aligned(_ paths: ObservedPaths, at anchors: [Anchor], decided: [Int32: [InferredRoute.Segment]])
        -> (paths: ObservedPaths, lengths: [Int32: ClosedRange<Int>], shares: [Int32: [InferredRoute.GlobShare]])? {
        var aligned = ObservedPaths()
        var lengths: [Int32: ClosedRange<Int>] = [:]
        var shares: [Int32: [InferredRoute.GlobShare]] = [:]
        var changed = false
        for (tokens, node) in paths.endingPaths() {
            guard let (anchor, end) = match(tokens, anchors), let segments = decided[node], segments.count == tokens.count,
                  segments[anchor.prefix.count..<end].allSatisfy({ if case .placeholder = $0 { return true } else { return false } })
            else {
                aligned.add(tokens, endingAs: paths[node])
                continue
            }
            let start = anchor.prefix.count, runEnd = end - anchor.singles
            let rewritten = Array(tokens[..<start]) + [.run] + Array(tokens[runEnd...])
            let nodes = aligned.add(rewritten, endingAs: paths[node])
            let length = runEnd - start
            let run = nodes[start]
            lengths[run] = lengths[run].map { min($0.lowerBound, length)...max($0.upperBound, length) } ?? length...length
            shares[nodes.last!, default: []].add(InferredRoute.GlobShare(lengths: [length], count: paths[node].ends, examples: paths[node].examples,
                                                                         methods: HTTPMethod.ordered(paths[node].methods.keys)))
            changed = true
        }
        return changed ? (aligned, lengths, shares) : nil
    }

    /// The first of `anchors` whose fixed text starts `tokens` and whose anchor first follows
    /// it after a run and the single placeholders, with the index of that anchor.
    private static func match(_ tokens: [ObservedPaths.Token], _ anchors: [Anchor]) -> (Anchor, Int)? {
        for anchor in anchors where tokens.count > anchor.prefix.count + anchor.singles + 1 {
            let start = anchor.prefix.count
            guard zip(anchor.prefix, tokens).allSatisfy({ ObservedPaths.Token.literal($0) == $1 }),
                  let end = tokens[start...].firstIndex(of: .literal(anchor.anchor)), end > start + anchor.singles,
                  !tokens[start..<(end - anchor.singles)].contains(where: { $0 == .literal([]) || $0 == .run })
            else { continue }
            return (anchor, end)
        }
        return nil
    }
}
