#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `RouteInference` makes of the texts seen at one position of a route (urnmatch(1)
/// INFERRING ROUTES): which stay literals, and which become one placeholder. Every rule is a
/// test on the links seen, never a count of children:
///
/// - a text whose continuation (the components after it, up to three deep) holds texts that
///   follow it and nothing else, more often than its share of the links explains, is a
///   literal (`/users/me` beside `/users/{user}`, `/groups` beside the namespaces), and so is
///   one whose links end at one depth far more often than the others' do (`/users/new`,
///   `/uploads/<model>`);
/// - the other texts are values when they are an open set (many seen once, and not a third
///   of their links on texts that are literals elsewhere in the table, nor a fifth after a
///   typed value such as an id), when they share their continuation broadly
///   (`/repos/{owner}/{repo}/issues` for every repository), or when typed values (numbers,
///   hashes) stand beside them and the texts end as often as those do; else they are
///   literals. Beside a run (`RunAlignment`), the run's own texts are values.
struct SlotDecision {
    typealias Token = ObservedPaths.Token

    /// One outcome: a literal and the nodes it leads to, or a placeholder (of a type, or of
    /// any text) and the nodes of every value it stands for.
    enum Outcome {
        case literal([UInt8], [Int32])
        case placeholder(InferredType?, [Int32])
        /// A run `RunAlignment` lined up: a catch-all.
        case run([Int32])
    }

    /// How deep a text's continuation is compared.
    static let depth = 3
    /// A literal's continuation shows at least this share of its links on texts of its own.
    static let exclusiveShare = 0.25
    /// A text seen fewer times than this is never judged a literal by its continuation.
    static let minimumEvidence = 3
    /// The z-score by which a text's own continuation must exceed chance.
    static let significance = 4.0

    /// What one text at the position brought: its links, those that end at each depth, and
    /// the texts at each depth below it.
    private struct Profile {
        let token: Token
        let nodes: [Int32]
        let count: Int
        /// `ends[d]`: its links that end d components after it (at it: 0).
        let ends: [Int]
        /// `below[k]`: the texts k + 1 components after this one, with their links.
        let below: [[Token: Int]]
    }

    let paths: ObservedPaths
    /// Texts decided literals among other texts (`RouteInference`'s first walk), with the
    /// positions where they were: where many of a position's links bring texts that are literals
    /// elsewhere, the texts seen once there are rare siblings, not an open set. A literal known
    /// at this position only (a page kept beside the values, as `/products/new`) says nothing of
    /// the texts beside it.
    var knownLiterals: [[UInt8]: Set<[InferredRoute.Segment]>] = [:]
    /// The texts that `RunAlignment` took into runs (GitLab's namespaces), with the links whose
    /// runs held them. Beside a run, a text that more of its links had in runs than here is a
    /// value of the run's kind, left over where no anchor lined its links up
    /// (`/gamma-team/94141/unfoldered_environment_names`). As a literal it would make a route
    /// that takes, by precedence, the lined-up links of the run's routes (`/gamma-team/{id}/{id2}`
    /// before `/<*id>/{id2}/hooks`).
    var runTexts: [[UInt8]: Int] = [:]
    /// The positions of the tree with many texts, on the walk that writes the routes: there
    /// the values of a closed set make a placeholder, however often each was seen (`closedSet`).
    /// A fold, and the first walk, keep such texts apart as literals, which the last walk
    /// decides again, so that a set seen whole by then is read as the set it is.
    var valueSets: ValueSetPositions?
    /// Whether the texts that stand apart from values (`standApart`) stay literals wherever the
    /// others make a placeholder, and not only beside a closed set: at a fold, which decides
    /// for good what it folds.
    var keepsSiblingsApart = false

    /// The outcomes for the children `children` (each text with the nodes it leads to), which
    /// follow an id's placeholder (typed, or typed in most of its links) where `afterTypedValue`
    /// says so, at the position after the route segments `position`.
    func decide(_ children: [Token: [Int32]], afterTypedValue: Bool, position: [InferredRoute.Segment]) -> [Outcome] {
        var texts: [Profile] = []
        var typed: [(InferredType, [Int32], Int)] = []
        var decided: [Int32] = []
        var runs: [Outcome] = []
        for (token, nodes) in children.sorted(by: { $0.key < $1.key }) {
            let count = nodes.reduce(0) { $0 + paths[$1].total }
            switch token {
            case .literal: texts.append(profile(token, nodes, count))
            case let .typed(type), let .placeholder(type?): typed.append((type, nodes, count))
            case .placeholder(nil): decided += nodes
            case .run: runs.append(.run(nodes))
            }
        }
        // an empty component (OpenAPI's reading keeps a trailing slash) is no value a placeholder takes
        var outcomes: [Outcome] = runs + texts.filter { Self.bytes($0.token).isEmpty }.map { .literal([], $0.nodes) }
        texts.removeAll { Self.bytes($0.token).isEmpty }
        // the typed values' links, and where they end, as one profile of them all
        let typedProfile = profile(.placeholder(nil), typed.flatMap(\.1), 0)
        let typedLinks = (links: typed.reduce(0) { $0 + $1.2 }, ends: typedProfile.ends)
        var literals = texts.count >= (typedLinks.links > 0 ? 1 : 2) ? literalOutliers(texts, beside: typedLinks) : []
        if typed.count == 1 {
            literals.formUnion(rareLiterals(texts, leaving: literals, beside: typedProfile, of: typedLinks.links))
        }
        // beside a run, its values left over are values, whatever their own links show
        let isRunValue = { (text: Profile) in !runs.isEmpty && runTexts[Self.bytes(text.token), default: 0] >= text.count }
        literals = literals.filter { !isRunValue(texts[$0]) }
        var rest = texts.enumerated().filter { !literals.contains($0.offset) }.map(\.element)
        outcomes += literals.sorted().map { i in Outcome.literal(Self.bytes(texts[i].token), texts[i].nodes) }
        // the texts that stand apart from the values beside them as literal pages do; where
        // many do, they are no set's siblings (beside a fold's placeholder, the texts are the
        // few it kept); beside a run, every text is a value of the run's kind
        let missing = missingAtTwins(rest, position: position).filter { Self.isPage(rest[$0]) }
        let standing = Self.standApart(rest, beside: decided.isEmpty ? nil : profile(.placeholder(nil), decided, decided.reduce(0) { $0 + paths[$1].total }))
        let apart = standing.apart.union(missing)
        let siblings = !runs.isEmpty ? [] : apart.count <= max(1, rest.count / 20) || !decided.isEmpty ? apart : []
        // pages: siblings whose links end too often for a value, and on the last walk, those that
        // the set's values at another place lack (a fold, which does not know those places, keeps
        // every sibling whose links end there apart for it)
        let pageSibling = { (i: Int) in
            siblings.contains(i) && (missing.contains(i) || standing.ending.contains(i) || keepsSiblingsApart && Self.isPage(rest[i]))
        }
        let seen = rest.reduce(0) { $0 + $1.count }
        let kinds = Self.resources(rest)
        let once = kinds.filter { $0 == 1 }.count
        // texts seen once are no open set where a third of the links bring words the table has
        // as literals elsewhere, one of them seen here often enough to count; after an id, where
        // routes put actions and sub-resources, a fifth will do, however rarely each is seen
        // (`merge_requests/<id>/commits`, `…/merge`, `…/cached_widget`)
        let knownTexts = rest.filter { knownLiterals[Self.bytes($0.token)]?.contains { $0 != position } ?? false }
        let known = knownTexts.reduce(0) { $0 + $1.count }
        let vocabulary = afterTypedValue ? 5 * known >= seen : knownTexts.contains { $0.count >= Self.minimumEvidence } && 3 * known >= seen
        // a closed set, asked where its texts hold half the links of the position's or more
        // (else they are the rare siblings of literals, as stray links beside a site's sections),
        // and not after an id, where routes put actions
        let setValues = rest.indices.filter { !siblings.contains($0) }.map { rest[$0] }
        let closed = !afterTypedValue && 2 * seen >= texts.reduce(0) { $0 + $1.count }
            && apart.count == siblings.count && closedSet(setValues, resources: Self.resources(setValues).count, position: position)
        let open = kinds.count >= 2 && (
            (once >= 2 && Self.manySeenOnce(once, of: seen) && !ownContinuations(rest, seen: seen) && !vocabulary)
                || interchangeable(rest)
                || closed
                || (((10 * typedLinks.links >= seen + typedLinks.links && once >= 2) || typedLinks.links >= seen)
                    && endAsValues(rest, beside: typedLinks)))
        // beside an open set, the pages; at a fold, also the siblings with a twentieth of the
        // links or more, not rare texts that a later walk could not read as values again
        let kept = closed ? siblings : !open ? [] : siblings.filter { pageSibling($0) || keepsSiblingsApart && 20 * rest[$0].count >= seen }
        outcomes += kept.sorted().map { Outcome.literal(Self.bytes(rest[$0].token), rest[$0].nodes) }
        rest = rest.indices.filter { !kept.contains($0) }.map { rest[$0] }
        if !open {
            decided += rest.filter(isRunValue).flatMap(\.nodes)
            rest.removeAll(where: isRunValue)
        }
        if open {
            outcomes.append(.placeholder(nil, decided + rest.flatMap(\.nodes) + typed.flatMap(\.1)))
        } else if !decided.isEmpty {
            // a placeholder decided on before (`ObservedPaths.compact`) takes the typed values;
            // the texts kept apart then stay literals
            outcomes += rest.map { .literal(Self.bytes($0.token), $0.nodes) }
            outcomes.append(.placeholder(nil, decided + typed.flatMap(\.1)))
        } else if typed.count == 1, typedLinks.links >= 4 * seen {
            // a few texts among many typed values: the rare ones are values the type misses
            let rare = rest.filter { $0.count < Self.minimumEvidence }
            for text in rest where text.count >= Self.minimumEvidence {
                outcomes.append(.literal(Self.bytes(text.token), text.nodes))
            }
            outcomes.append(.placeholder(rare.isEmpty ? typed[0].0 : nil, rare.flatMap(\.nodes) + typed[0].1))
        } else {
            outcomes += rest.map { .literal(Self.bytes($0.token), $0.nodes) }
            outcomes += typed.map { .placeholder($0.0, $0.1) }
        }
        return outcomes
    }

    /// The links of each resource among `texts`: texts of one stem with different extensions
    /// (`reports.csv`, `reports.json`) are one resource in several formats (`FormatStems`), seen
    /// as often as all of them; any other text is one of its own.
    private static func resources(_ texts: [Profile]) -> [Int] {
        var byStem: [[UInt8]: [Int]] = [:]
        var counts: [Int] = []
        for text in texts {
            guard let stem = FormatStems.stem(of: bytes(text.token)) else {
                counts.append(text.count)
                continue
            }
            byStem[stem, default: []].append(text.count)
        }
        for links in byStem.values {
            if links.count >= 2 { counts.append(links.reduce(0, +)) } else { counts += links }
        }
        return counts
    }

    private static func bytes(_ token: Token) -> [UInt8] {
        if case let .literal(bytes) = token { return bytes }
        return []
    }

    /// The profile of one text.
    private func profile(_ token: Token, _ nodes: [Int32], _ count: Int) -> Profile {
        var below: [[Token: Int]] = []
        var ends: [Int] = []
        var frontier = nodes
        for _ in 0..<Self.depth {
            ends.append(frontier.reduce(0) { $0 + paths[$1].ends })
            var level: [Token: Int] = [:]
            var next: [Int32] = []
            for node in frontier {
                for (child, index) in paths.children(of: node) {
                    level[child, default: 0] += paths[index].total
                    next.append(index)
                }
            }
            below.append(level)
            frontier = next
        }
        return Profile(token: token, nodes: nodes, count: count, ends: ends, below: below)
    }

    /// The indices of the texts judged literals by their continuation, found one at a time,
    /// the most certain first, each time against the texts left: a literal among values must
    /// not make its values look like literals too. `typed` counts the links of the typed values
    /// beside the texts, and those that end there: a text that ends links where numbers go on
    /// (`deploy_keys/available_project_keys` beside `deploy_keys/<int>/edit`) is a leaf literal.
    private func literalOutliers(_ texts: [Profile], beside typed: (links: Int, ends: [Int])) -> Set<Int> {
        var found: Set<Int> = dominantLiteral(texts).map { [$0] } ?? []
        var totals = (0..<Self.depth).map { k in
            texts.reduce(into: [Token: Int]()) { sum, text in sum.merge(text.below[k], uniquingKeysWith: +) }
        }
        var seen = texts.reduce(0) { $0 + $1.count }
        for index in found {
            seen -= texts[index].count
            for k in 0..<Self.depth {
                for (symbol, n) in texts[index].below[k] { totals[k][symbol]! -= n }
            }
        }
        while texts.count - found.count >= (typed.links > 0 ? 1 : 2) {
            var best: (z: Double, index: Int)?
            for k in 0..<Self.depth {
                // how many texts below have each total: chance depends on the total only
                var histogram: [Int: Int] = [:]
                for (_, m) in totals[k] where m >= 2 { histogram[m, default: 0] += 1 }
                for (i, text) in texts.enumerated() where !found.contains(i) && text.count >= Self.minimumEvidence {
                    var own = 0
                    for (symbol, n) in text.below[k] {
                        let m = totals[k][symbol] ?? 0
                        if m >= 2, Double(n) >= 0.9 * Double(m) { own += m }
                    }
                    guard Double(own) >= Self.exclusiveShare * Double(text.count) else { continue }
                    let share = Double(text.count) / Double(seen)
                    var expected = 0.0, variance = 0.0
                    for (m, symbols) in histogram {
                        let p = Self.chanceOfOwning(m, share: share)
                        expected += Double(symbols * m) * p
                        variance += Double(symbols * m * m) * p * (1 - p)
                    }
                    let z = (Double(own) - expected) / (variance + 1).squareRoot()
                    if z > Self.significance, z > best?.z ?? -.infinity { best = (z, i) }
                }
            }
            guard let best = best ?? endingLiteral(texts, leaving: found, beside: typed) else { break }
            found.insert(best.index)
            seen -= texts[best.index].count
            for k in 0..<Self.depth {
                for (symbol, n) in texts[best.index].below[k] { totals[k][symbol]! -= n }
            }
        }
        return found
    }

    /// The text, among those not `found`, whose links end at one depth far more often than the
    /// others' do (the typed values `typed` counts among them): nine in ten of its links or
    /// more where theirs mostly go on, beyond a chance of one in a million (a binomial tail),
    /// the surest first. At the text itself it is a leaf literal among values (`/users/new`
    /// beside users that have pages below them; `/<namespace>/<project>/serverless` beside
    /// deeper namespaces), which has no continuation of its own to show; one or two components
    /// deeper it is a literal whose values below are as many as the others' but end there
    /// (GitLab's `/uploads/<model>` beside `/<namespace>/<project>/...`).
    private func endingLiteral(_ texts: [Profile], leaving found: Set<Int>, beside typed: (links: Int, ends: [Int])) -> (z: Double, index: Int)? {
        let pool = texts.indices.filter { !found.contains($0) }
        let links = pool.reduce(typed.links) { $0 + texts[$1].count }
        var best: (z: Double, index: Int)?
        for depth in 0..<Self.depth {
            let ends = pool.reduce(typed.ends[depth]) { $0 + texts[$1].ends[depth] }
            for i in pool where texts[i].count >= Self.minimumEvidence {
                let count = texts[i].count, own = texts[i].ends[depth]
                let othersLinks = links - count
                guard othersLinks > 0, 10 * own >= 9 * count else { continue }
                let p = (Double(ends - own) + 0.5) / (Double(othersLinks) + 1)
                guard p <= 0.3 else { continue }
                let logChance = Self.logBinomial(own, of: count, share: p)
                if logChance < log(1e-6), -logChance > best?.z ?? -.infinity { best = (-logChance, i) }
            }
        }
        return best
    }

    /// The texts, among those not `found`, seen too rarely for the tests of `literalOutliers`,
    /// that stand beside values of one type with four times their links and do not go on as
    /// those values do: they end where the values go on, beyond a chance of one in a thousand
    /// (`merge_requests/diff_for_path`, twice, beside 31 numbers that all go on), or go on only
    /// to texts that follow no value (`merge_requests/new/diff_for_path`). A text that goes on
    /// as the values do is a value the type misses (`hooks/settings` beside `hooks/<int>`, of
    /// which one in twenty ends).
    private func rareLiterals(_ texts: [Profile], leaving found: Set<Int>, beside typed: Profile, of typedLinks: Int) -> Set<Int> {
        let pool = texts.indices.filter { !found.contains($0) }
        let seen = pool.reduce(0) { $0 + texts[$1].count }
        guard seen > 0, typedLinks >= 4 * seen else { return [] }
        let valueEnds = (Double(typed.ends[0]) + 0.5) / Double(typedLinks + 1)
        return Set(pool.filter { i in
            let text = texts[i]
            guard text.count < Self.minimumEvidence else { return false }
            if text.ends[0] == text.count { return pow(valueEnds, Double(text.count)) < Self.rareLiteralChance }
            return text.ends[0] == 0 && text.below[0].keys.allSatisfy { typed.below[0][$0] == nil }
        })
    }

    /// Whether the texts end here about as often as the typed values beside them do, as values
    /// the type misses would (branch names beside commit hashes: both end, or both go on to
    /// paths): within `significance` standard errors of the typed values' share. Sub-resources
    /// beside numbers that all go on mostly end (`/p/builds` beside `/p/<int>/remove_export`).
    private func endAsValues(_ texts: [Profile], beside typed: (links: Int, ends: [Int])) -> Bool {
        let seen = texts.reduce(0) { $0 + $1.count }, ends = texts.reduce(0) { $0 + $1.ends[0] }
        let share = (Double(typed.ends[0]) + 0.5) / Double(typed.links + 1)
        let expected = share * Double(seen)
        return abs(Double(ends) - expected) <= Self.significance * (expected * (1 - share) + 1).squareRoot()
    }

    /// The chance below which a rare text that ends where the typed values beside it go on is
    /// no value of theirs.
    static let rareLiteralChance = 1e-3

    /// The text that has most of the links and a continuation no other text shares (`/v1`
    /// beside a few stray `/favicon.ico`): its share is too large for the test of
    /// `literalOutliers` to tell it from a popular value, whose continuation the others share.
    private func dominantLiteral(_ texts: [Profile]) -> Int? {
        let seen = texts.reduce(0) { $0 + $1.count }
        guard let index = texts.indices.first(where: { 2 * texts[$0].count > seen }),
              texts[index].count >= Self.minimumEvidence, !texts[index].below[0].isEmpty
        else { return nil }
        let others = texts.indices.filter { $0 != index }
        let shared = others.contains { other in texts[other].below[0].keys.contains { texts[index].below[0][$0] != nil } }
        return shared ? nil : index
    }

    /// How many texts a position needs before texts alike make a placeholder by their
    /// number alone (`closedSet`): more than the literal pages a site puts side by side.
    static let closedSetSize = 16

    /// Whether the texts are the values of a closed set (a catalogue's products, a shop's
    /// sellers, its categories), each perhaps seen hundreds of times: `closedSetSize` resources
    /// or more, pages or with pages below them, going on (where they do) to texts they share
    /// (`goOnAlike`), and seen at another
    /// position of the tree as the same set, popular alike (`ValueSetPositions`). Popularity is
    /// no literalness: a site draws its values from finite sets, so with more traffic every
    /// value is seen often, but they stay many and alike.
    private func closedSet(_ values: [Profile], resources: Int, position: [InferredRoute.Segment]) -> Bool {
        // a set's values are pages, or have pages below them: three in four of their links end
        // at them or one component after (paths of any depth below are a catch-all's)
        let links = values.reduce(0) { $0 + $1.count }, shallow = values.reduce(0) { $0 + $1.ends[0] + $1.ends[1] }
        guard let valueSets, resources >= Self.closedSetSize, 4 * shallow >= 3 * links, Self.goOnAlike(values) else { return false }
        var texts: [[UInt8]: Int] = [:]
        for value in values { texts[Self.bytes(value.token)] = value.count }
        return valueSets.seenElsewhere(texts, at: position)
    }

    /// The indices of the texts that a set's values at another position lack though a value
    /// as popular would be seen there (`ValueSetPositions.missingAtTwins`): `/tags/trending`
    /// beside tags that `/api/tags/{tag}/posts` shows too. Only the last walk knows the
    /// positions.
    private func missingAtTwins(_ texts: [Profile], position: [InferredRoute.Segment]) -> Set<Int> {
        guard let valueSets else { return [] }
        var links: [[UInt8]: Int] = [:]
        for text in texts { links[Self.bytes(text.token)] = text.count }
        let missing = valueSets.missingAtTwins(links, at: position)
        return Set(texts.indices.filter { missing.contains(Self.bytes(texts[$0].token)) })
    }

    /// The links a text needs before it can stand apart from a closed set.
    static let siblingEvidence = 20

    /// Whether nearly all of a text's links end at it (97%), as a page's do.
    private static func isPage(_ text: Profile) -> Bool {
        100 * text.ends[0] >= 97 * text.count
    }

    /// The texts, of those with `siblingEvidence` links, that stand apart from the values beside
    /// them (the others, and `values`, the placeholder a fold made here) as literal pages do:
    /// one whose links nearly all end where the values' go on, one in five or more; one whose
    /// links end too often for a value as popular, by a chance of one in a million, the others'
    /// links taken without its own (a `new` or `featured` page beside values that have pages
    /// below them, whatever stray links go on after it: `/admin/users/invite/edit`), which
    /// `ending` holds too, as pages at every walk; one whose links mostly go on to texts that
    /// follow it alone (`/users/me/orders`). A popular value is no sibling: its links go on as
    /// the others' do (`/users/torvalds`).
    private static func standApart(_ texts: [Profile], beside values: Profile?) -> (apart: Set<Int>, ending: Set<Int>) {
        let all = texts + (values.map { [$0] } ?? [])
        var owners: [Token: Int] = [:]
        for text in all { for symbol in text.below[0].keys { owners[symbol, default: 0] += 1 } }
        let leaves = Set(texts.indices.filter { texts[$0].count >= siblingEvidence && isPage(texts[$0]) })
        // how often the other texts' links end, where they have links enough to tell
        let others = all.indices.filter { !leaves.contains($0) }
        let otherLinks = others.reduce(0) { $0 + all[$1].count }, otherEnds = others.reduce(0) { $0 + all[$1].ends[0] }
        // a text ends too often for a value: the others' links (without its own) end less often,
        // by a chance below `siblingChance`
        let ending = Set(texts.indices.filter { i in
            let own = leaves.contains(i) ? (links: 0, ends: 0) : (links: texts[i].count, ends: texts[i].ends[0])
            let share = (Double(otherEnds - own.ends) + 0.5) / (Double(otherLinks - own.links) + 1)
            return texts[i].count >= siblingEvidence && otherLinks - own.links >= siblingEvidence
                && logBinomialTail(texts[i].ends[0], of: texts[i].count, share: share) < log(siblingChance)
        })
        let apart = Set(texts.indices.filter { i in
            let text = texts[i]
            guard text.count >= siblingEvidence else { return false }
            if ending.contains(i) || leaves.contains(i) && otherLinks >= siblingEvidence && 5 * otherEnds <= 4 * otherLinks { return true }
            // a placeholder below the values takes any text: none is the text's own
            guard values?.below[0][.placeholder(nil)] == nil else { return false }
            let own = text.below[0].filter { $0.value >= 2 && owners[$0.key] == 1 }.values.reduce(0, +)
            return 2 * own >= text.count
        })
        return (apart, ending)
    }

    /// The chance below which a text's links end too often, or are missing at a twin position
    /// too plainly, for a value of the set beside it.
    static let siblingChance = 1e-6

    /// The logarithm of the chance that `k` of `n` links or more do something each does with the
    /// chance `share` (a binomial tail).
    static func logBinomialTail(_ k: Int, of n: Int, share: Double) -> Double {
        // at or below the mean, the tail holds half the chance or more
        guard Double(k) > share * Double(n) else { return 0 }
        let first = logBinomial(k, of: n, share: share)
        var sum = 1.0, term = 1.0
        for j in k..<n {
            // each term from the one before: (n - j) / (j + 1) * share / (1 - share)
            term *= Double(n - j) / Double(j + 1) * share / max(1e-12, 1 - share)
            sum += term
            if term < 1e-12 * sum { break }
        }
        return min(0, first + log(sum))
    }

    /// The logarithm of the chance that `k` of `n` links do something each does with the chance
    /// `share` (a binomial term).
    static func logBinomial(_ k: Int, of n: Int, share: Double) -> Double {
        Double(k) * log(share) + Double(n - k) * log(max(1e-12, 1 - share))
            + lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
    }

    /// Whether the links that go on after the texts go on, three in four or more, with texts
    /// that follow two of them or more (a seller's `reviews`): sections of a site each lead to
    /// words of their own. A few stray links that go on (a tenth of all) show nothing.
    private static func goOnAlike(_ texts: [Profile]) -> Bool {
        let seen = texts.reduce(0) { $0 + $1.count }
        var owners: [Token: Int] = [:]
        var links: [Token: Int] = [:]
        for text in texts {
            for (symbol, n) in text.below[0] {
                owners[symbol, default: 0] += 1
                links[symbol, default: 0] += n
            }
        }
        let going = links.values.filter { $0 >= 2 }.reduce(0, +)
        let own = links.filter { $0.value >= 2 && owners[$0.key] == 1 }.values.reduce(0, +)
        return 10 * going < seen || 4 * own <= going
    }

    /// The share of a position's links above which the texts seen once make an open set.
    static let openShare = 0.07
    /// How many standard errors of that share the texts seen once must show above it.
    static let openMargin = 4.0

    /// Whether `once` texts seen once among `seen` links make an open set: the share of links
    /// that brought a text not seen again (Good and Turing's estimate of the chance that the next
    /// link brings a new one) is above `openShare` by `openMargin` standard errors: a quarter
    /// of 36 links, a tenth of 900. Values of a placeholder keep bringing new texts; sibling
    /// literals bring a few rare ones, which among a few dozen links can be a fifth of them
    /// (`/admin/application_settings/reporting`, 26 links, beside five sub-resources seen once
    /// or twice; `-/merge_requests/<id>/resolve_conflicts` beside eleven seen once in 56).
    static func manySeenOnce(_ once: Int, of seen: Int) -> Bool {
        let error = (openShare * (1 - openShare) / Double(seen)).squareRoot()
        return Double(once) >= (openShare + openMargin * error) * Double(seen)
    }

    /// The chance that at least 90% of `m` links fall under a text that has `share` of them
    /// all, were the texts values of one placeholder (a binomial tail).
    static func chanceOfOwning(_ m: Int, share: Double) -> Double {
        if share >= 1 { return 1 }
        if m > 300 { return share < 0.85 ? 0 : 1 }
        let need = Int((0.9 * Double(m)).rounded(.up))
        return min(1, (need...m).reduce(0.0) { $0 + exp(logBinomial($1, of: m, share: share)) })
    }

    /// Whether the texts, `seen` links in all, lead to continuations of their own at every
    /// depth the links show.
    /// Only texts met twice or more below are evidence (one met once may be a value of the
    /// next placeholder, as a repository after its owner), and only where they take a tenth of
    /// the links or more (a few stray links are none). At each such depth, most of those links
    /// go on with a text that follows one of the texts only, or a third of them do where values
    /// would not by chance (`ownBeyondChance`). Sibling literals each have a subtree of their
    /// own (`-/requirements_management/requirements/import_csv`), but for a few generic words
    /// (`new` after five of GitLab's sub-resources); the values of one placeholder lead to the
    /// same texts at some depth (`/repos/{owner}` to each repository's `issues`), or to none
    /// (`/users/{user}`).
    private func ownContinuations(_ texts: [Profile], seen: Int) -> Bool {
        var shown = false
        for k in 0..<Self.depth {
            var owners: [[UInt8]: Int] = [:]
            var links: [[UInt8]: Int] = [:]
            // each text's links that go on with a text at this depth
            var linksByText: [Int] = []
            for text in texts {
                var going = 0
                for (symbol, n) in text.below[k] {
                    guard case let .literal(bytes) = symbol else { continue }
                    owners[bytes, default: 0] += 1
                    links[bytes, default: 0] += n
                    going += n
                }
                if going > 0 { linksByText.append(going) }
            }
            let repeated = links.filter { $0.value >= 2 }
            let total = repeated.values.reduce(0, +)
            guard total >= Self.minimumEvidence, 10 * total >= seen else { continue }
            let own = repeated.filter { owners[$0.key] == 1 }.values.reduce(0, +)
            // most of the links go on with texts of their own, or a third do, far beyond chance
            let owned = 2 * own >= total || (3 * own >= total && Self.ownBeyondChance(own, of: repeated.values, linksByText: linksByText))
            if !owned { return false }
            shown = true
        }
        return shown
    }

    /// Whether `own` of the links that go on with the texts met twice or more below (`repeated`:
    /// the links of each) going on with a text that follows one text only are more, by
    /// `significance` standard errors, than values of one placeholder would show. For values,
    /// a text of m links below falls under one of them with the chance that m draws agree: the
    /// sum, over the values, of each one's share of the links (`linksByText`) to the power m.
    /// Among fifty sub-resources of a few links each that chance is small, so a third of the
    /// links will do there: one sub-resource more or less must not make the others a placeholder.
    private static func ownBeyondChance(_ own: Int, of repeated: some Collection<Int>, linksByText: [Int]) -> Bool {
        let all = Double(linksByText.reduce(0, +))
        guard all > 0 else { return false }
        var expected = 0.0, variance = 0.0
        for m in repeated {
            let chance = linksByText.reduce(0.0) { $0 + pow(Double($1) / all, Double(m)) }
            expected += Double(m) * chance
            variance += Double(m * m) * chance * (1 - chance)
        }
        return (Double(own) - expected) / (variance + 1).squareRoot() > Self.significance
    }

    /// Whether the texts share their continuation as values of one placeholder do: most of
    /// those with links enough continue (not end) with texts that three or more of them share
    /// (nine in ten where one or two texts are all they share), and either those shared texts
    /// are an open set or the texts that share them are many.
    private func interchangeable(_ texts: [Profile]) -> Bool {
        var rich: [[Token: Int]] = []
        for text in texts where text.count >= Self.minimumEvidence {
            let next = text.below[0].filter { if case .literal = $0.key { return true } else { return false } }
            if 2 * next.values.reduce(0, +) >= text.count { rich.append(next) }
        }
        guard rich.count >= 2 else { return false }
        var owners: [Token: Int] = [:]
        var links: [Token: Int] = [:]
        for next in rich {
            for (symbol, n) in next {
                owners[symbol, default: 0] += 1
                links[symbol, default: 0] += n
            }
        }
        let onceBelow = links.values.filter { $0 == 1 }.count
        let closedBelow = Double(onceBelow) < 0.3 * Double(links.count)
        let sharing = rich.filter { next in
            2 * next.filter { owners[$0.key]! >= 3 }.values.reduce(0, +) >= next.values.reduce(0, +)
        }.count
        // one or two shared texts are a weaker sign than many: sibling sub-resources share a
        // generic `new` or `edit` now and then, the values of one placeholder nearly all share
        // what they share
        let sharedTexts = owners.values.filter { $0 >= 3 }.count
        let most = sharedTexts >= 3 ? 2 * sharing >= rich.count : 10 * sharing >= 9 * rich.count
        return sharing >= 2 && most && (!closedBelow || sharing >= 10)
    }
}
