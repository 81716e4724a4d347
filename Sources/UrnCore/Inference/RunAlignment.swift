/// Lines up the links whose routes have a catch-all of varying depth (urnmatch-tables(7) INFERRING
/// ROUTES, multi-segment tails): GitLab's `/<*namespace_id>/<project_id>/-/…` puts the same
/// sub-resources one, two or three components deeper as the namespace grows, so that read by
/// depth each depth sees a share of their links, and may decide them otherwise (a literal at
/// one depth, a placeholder at another). Once a first reading has found such a catch-all,
/// between fixed text and a literal (its anchor, `-`), every link that has that fixed text, a
/// run of components and then the anchor has its run taken as one component, and the routes are
/// decided again: what follows the anchor is decided on the links of every depth together.
/// Links without the anchor line up on the texts its runs held (`Lineup`): GitLab's older
/// `/<*namespace_id>/<project_id>/hooks`.
enum RunAlignment {
    /// A catch-all found by the first reading: the literals before it, how many single
    /// placeholders stand between it and the anchor, and the anchor.
    struct Anchor {
        let prefix: [[UInt8]]
        let singles: Int
        let anchor: [UInt8]

        /// Whether `tokens` start with the fixed text.
        func starts(_ tokens: [ObservedPaths.Token]) -> Bool {
            tokens.count >= prefix.count && zip(prefix, tokens).allSatisfy { ObservedPaths.Token.literal($0) == $1 }
        }

        /// Whether `tokens` start with the fixed text and go on by more than `extra` components,
        /// none of them the anchor: a link that lines up, if at all, without it.
        func startsWithoutAnchor(_ tokens: [ObservedPaths.Token], beyond extra: Int) -> Bool {
            tokens.count > prefix.count + extra && starts(tokens) && !tokens[prefix.count...].contains(.literal(anchor))
        }
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
    /// for each run node the lengths its runs had, for each node where such links end, their
    /// links by the length of their run, and the texts runs took with their links; nil when no
    /// link lines up. A run holds one component or more, none of them empty, and ends where the
    /// anchor first follows it, or where `Lineup` finds its end without the anchor; the first
    /// reading (`decided`: the segments of the links that end at a node) had placeholders there,
    /// so that a literal is never taken into a run (`/rails/lookbook/pages` is no run before
    /// GitLab's `/<*namespace>/<project>/pages`).
    static func aligned(_ paths: ObservedPaths, at anchors: [Anchor], decided: [Int32: [InferredRoute.Segment]])
        -> (paths: ObservedPaths, lengths: [Int32: ClosedRange<Int>], shares: [Int32: [InferredRoute.GlobShare]], runTexts: [[UInt8]: Int])? {
        var aligned = ObservedPaths()
        var runTexts: [[UInt8]: Int] = [:]
        var lengths: [Int32: ClosedRange<Int>] = [:]
        var shares: [Int32: [InferredRoute.GlobShare]] = [:]
        var changed = false
        let endings = paths.endingPaths()
        let lineup = Lineup(anchors: principalSingles(anchors, endings, in: paths), endings: endings, in: paths)
        for (tokens, node) in endings {
            guard let segments = decided[node], segments.count == tokens.count, let (anchor, end) = lineup.match(tokens, decided: segments) else {
                aligned.add(tokens, endingAs: paths[node])
                continue
            }
            let start = anchor.prefix.count, runEnd = end - anchor.singles
            let rewritten = Array(tokens[..<start]) + [.run] + Array(tokens[runEnd...])
            let nodes = aligned.add(rewritten, endingAs: paths[node])
            let length = runEnd - start
            for case let .literal(text) in Set(tokens[start..<runEnd]) { runTexts[text, default: 0] += paths[node].ends }
            let run = nodes[start]
            lengths[run] = lengths[run].map { min($0.lowerBound, length)...max($0.upperBound, length) } ?? length...length
            shares[nodes.last!, default: []].add(InferredRoute.GlobShare(lengths: [length], count: paths[node].ends, examples: paths[node].examples,
                                                                         methods: HTTPMethod.ordered(paths[node].methods.keys)))
            changed = true
        }
        return changed ? (aligned, lengths, shares, runTexts) : nil
    }

    /// How a link lines up on the anchors: by the anchor itself, else by a literal that follows
    /// the runs' texts as the anchor does, else by those texts alone.
    struct Lineup {
        let anchors: [Anchor]
        /// The texts seen in the runs and single placeholders of the links each anchor lined up.
        let witnessed: [Int: Witnesses]
        /// For each anchor, the literals that follow its witnessed texts in two links or more.
        let secondary: [Int: Set<[UInt8]>]

        init(anchors: [Anchor], endings: [(tokens: [ObservedPaths.Token], node: Int32)], in paths: ObservedPaths) {
            self.anchors = anchors
            witnessed = RunAlignment.witnesses(endings, in: paths, at: anchors)
            // a typed value after the witnessed texts (a number) is skipped for the text after
            // it: GitLab's `/<*namespace>/<id>/remove_export`
            var follows: [Int: [[UInt8]: Int]] = [:]
            for (tokens, _) in endings where RunAlignment.match(tokens, anchors) == nil {
                guard let (index, end) = RunAlignment.witnessedMatch(tokens, anchors, witnessed),
                      let text = tokens[end...].lazy.compactMap({ token -> [UInt8]? in
                          if case let .literal(text) = token { text } else { nil }
                      }).first, !text.isEmpty
                else { continue }
                follows[index, default: [:]][text, default: 0] += 1
            }
            secondary = follows.mapValues { Set($0.filter { $0.value >= 2 }.keys) }
        }

        /// The anchor `tokens` line up on and the index where their run and single placeholders
        /// end, where the first reading (`decided`) had placeholders in between. A link lined
        /// up by the witnessed texts alone is one whose route the first reading found no literal
        /// in after the fixed text (`/{id}/{id2}/{id3}/{id4}`): one it found a literal in
        /// (`/{id}/{id2}/hooks`) keeps the catch-all `GlobMerge` makes of it.
        func match(_ tokens: [ObservedPaths.Token], decided: [InferredRoute.Segment]) -> (Anchor, Int)? {
            // whether the first reading had placeholders from the fixed text of anchor `index` to `end`
            let placeholders = { (index: Int, end: Int) in
                decided[anchors[index].prefix.count..<end].allSatisfy { if case .placeholder = $0 { true } else { false } }
            }
            if let found = RunAlignment.match(tokens, anchors) {
                return placeholders(found.index, found.end) ? (anchors[found.index], found.end) : nil
            }
            if let found = literalMatch(tokens), placeholders(found.index, found.end) { return (anchors[found.index], found.end) }
            if let found = RunAlignment.witnessedMatch(tokens, anchors, witnessed), placeholders(found.index, decided.count) {
                return (anchors[found.index], found.end)
            }
            return nil
        }

        /// The first anchor whose fixed text starts `tokens`, which go on, not with the anchor,
        /// but with one of its secondary literals after a run and the single placeholders: the
        /// anchor's index and that literal's.
        private func literalMatch(_ tokens: [ObservedPaths.Token]) -> (index: Int, end: Int)? {
            for (index, anchor) in anchors.enumerated() {
                guard let texts = secondary[index], anchor.startsWithoutAnchor(tokens, beyond: anchor.singles + 1) else { continue }
                for end in (anchor.prefix.count + anchor.singles + 1)..<tokens.count {
                    if case let .literal(text) = tokens[end], texts.contains(text) { return (index, end) }
                }
            }
            return nil
        }
    }

    /// `anchors` each with no more single placeholders than the one of its fixed text that lines
    /// up the most links (its principal): the first reading made a catch-all of the depths where
    /// an anchor was a literal, and kept as singles the components of the shortest, which for a
    /// rarer anchor may hold a namespace's last component (`/<*id>/{id2}/{id3}/remove_export`,
    /// where GitLab's `-` has one single, the project, and `/<*namespace_id>/<id>/remove_export`
    /// one too). A run then holds the same kind of components on every anchor.
    private static func principalSingles(_ anchors: [Anchor], _ endings: [(tokens: [ObservedPaths.Token], node: Int32)],
                                         in paths: ObservedPaths) -> [Anchor] {
        var links = [Int](repeating: 0, count: anchors.count)
        for (tokens, node) in endings {
            if let (index, _) = match(tokens, anchors) { links[index] += paths[node].ends }
        }
        let principals = principals(of: anchors, links: links)
        return anchors.map { anchor in
            let principal = anchors[principals.first { anchors[$0].prefix == anchor.prefix }!]
            return Anchor(prefix: anchor.prefix, singles: min(anchor.singles, principal.singles), anchor: anchor.anchor)
        }
    }

    /// The index of the anchor of each fixed text that lines up the most links (`links`, by
    /// index; the first of them on a tie).
    private static func principals(of anchors: [Anchor], links: [Int]) -> Set<Int> {
        Set(Dictionary(grouping: anchors.indices) { anchors[$0].prefix }.values.map { indices in
            indices.max { (links[$0], $1) < (links[$1], $0) }!
        })
    }

    /// The texts that links lined up on an anchor had before it, as read: those of their runs
    /// (GitLab's namespaces) and those at each single placeholder after the run (its projects).
    struct Witnesses {
        var runs: Set<ObservedPaths.Token> = []
        var singles: [Set<ObservedPaths.Token>] = []
        /// How many links lined up on the anchor.
        var links = 0
    }

    /// The witnesses of each anchor that lined up the most links of those with its fixed text,
    /// by its index in `anchors`: the runs of GitLab's `-` are namespaces, its singles projects,
    /// and a rarer anchor's singles may hold other things (`remove_export`'s, a namespace's last
    /// component and a group's number), which would line links up otherwise.
    fileprivate static func witnesses(_ endings: [(tokens: [ObservedPaths.Token], node: Int32)], in paths: ObservedPaths,
                                      at anchors: [Anchor]) -> [Int: Witnesses] {
        var found: [Int: Witnesses] = [:]
        for (tokens, node) in endings {
            guard let (index, end) = match(tokens, anchors) else { continue }
            let anchor = anchors[index]
            let runEnd = end - anchor.singles
            var witnesses = found[index] ?? Witnesses(singles: Array(repeating: [], count: anchor.singles))
            witnesses.runs.formUnion(tokens[anchor.prefix.count..<runEnd])
            for (k, token) in tokens[runEnd..<end].enumerated() { witnesses.singles[k].insert(token) }
            witnesses.links += paths[node].ends
            found[index] = witnesses
        }
        let principals = principals(of: anchors, links: anchors.indices.map { found[$0]?.links ?? 0 })
        return found.filter { principals.contains($0.key) }
    }

    /// The first of `anchors` whose fixed text starts `tokens`, which go on, not with the anchor,
    /// but with texts seen in runs lined up on it and then texts seen at its single placeholders
    /// (the longest such run): `/<namespace>/<project>/pipelines`, where the namespace's
    /// components were seen before `-` as namespaces and the project as a project, lines up
    /// with them, though no `-` marks where its namespace ends. Returned: the anchor's index and
    /// where the run and the single placeholders end.
    fileprivate static func witnessedMatch(_ tokens: [ObservedPaths.Token], _ anchors: [Anchor], _ witnessed: [Int: Witnesses])
        -> (index: Int, end: Int)? {
        for (index, anchor) in anchors.enumerated() {
            guard let witnesses = witnessed[index], anchor.startsWithoutAnchor(tokens, beyond: anchor.singles) else { continue }
            var runEnd = anchor.prefix.count
            var best: Int?
            while runEnd < tokens.count, witnesses.runs.contains(tokens[runEnd]) {
                runEnd += 1
                let end = runEnd + anchor.singles
                if end <= tokens.count, zip(tokens[runEnd..<end], witnesses.singles).allSatisfy({ $1.contains($0) }) { best = end }
            }
            if let best { return (index, best) }
        }
        return nil
    }

    /// The first of `anchors` whose fixed text starts `tokens` and whose anchor first follows
    /// it after a run and the single placeholders: its index, and that of its anchor in `tokens`.
    fileprivate static func match(_ tokens: [ObservedPaths.Token], _ anchors: [Anchor]) -> (index: Int, end: Int)? {
        for (index, anchor) in anchors.enumerated() where tokens.count > anchor.prefix.count + anchor.singles + 1 {
            let start = anchor.prefix.count
            guard anchor.starts(tokens),
                  let end = tokens[start...].firstIndex(of: .literal(anchor.anchor)), end > start + anchor.singles,
                  !tokens[start..<(end - anchor.singles)].contains(where: { $0 == .literal([]) || $0 == .run })
            else { continue }
            return (index, end)
        }
        return nil
    }
}
