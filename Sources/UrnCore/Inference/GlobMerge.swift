/// Finds catch-alls among inferred routes: routes alike but for how many placeholders stand in
/// a row at one place (`/groups/{g}/-/x`, `/groups/{g}/{g2}/-/x`) take one route with a
/// catch-all there (`/groups/<*group>/-/x`), as a Rails glob or `*path` would have been written.
enum GlobMerge {
    /// A route's shape with every run of plain placeholders as one mark: the key routes merge by.
    private enum Shape: Hashable {
        case segment(InferredRoute.Segment)
        case run
    }

    /// Every run length must be seen in at least this share of the links for a catch-all: a
    /// rare longer link (a stray suffix) is not evidence of one.
    static let lengthShare = 0.1

    /// Where a route that has a catch-all already may take another.
    enum SecondCatchAll {
        /// Anywhere: the syntax writes catch-alls as they are (urn, Express).
        case anywhere
        /// At its end only: the syntax keeps a final catch-all and writes the others once for
        /// each length (URLNavigator's `<path:>`).
        case final
        /// Nowhere: the syntax writes every catch-all once for each length (WAAppRouting,
        /// OpenAPI), and two would multiply their lengths.
        case none
    }

    /// One route of a shape: its route and the placeholders of each run, in order.
    private typealias Member = (route: InferredRoute, runs: [[InferredType?]])

    /// `routes` with those alike but for their run lengths merged into one, where two or more
    /// lengths each take `lengthShare` of their links and the shape has a literal to anchor it.
    /// A run holds placeholders of any type, so that a value typed at one depth and not at
    /// another (a stray `%31` among numbers) does not keep the routes apart; the run whose length
    /// varies holds untyped ones only, after the typed ones all its routes start it with
    /// (`/raw/<hex:sha>/<*path>`), or ones of a single type (`/commits/<*id>/signatures`, where
    /// ids had one to three numeric components). A shape that has a catch-all already takes a
    /// second one (`/<*id>/{id2}/builds/{build}/artifacts/browse/<*browse>`): urn's rule 3
    /// (fewer catch-alls) ranks it after the routes that take its links' starts with one, where
    /// one route for each length would tie with them.
    static func merge(_ routes: [InferredRoute], secondCatchAll: SecondCatchAll) -> [InferredRoute] {
        var groups: [[Shape]: [Member]] = [:]
        var order: [[Shape]] = []
        for route in routes {
            let (shape, runs) = Self.shape(of: route.segments)
            if groups[shape] == nil { order.append(shape) }
            groups[shape, default: []].append((route, runs))
        }
        var merged: [InferredRoute] = []
        for shape in order {
            let members = groups[shape]!
            var linksByLengths: [[Int]: Int] = [:]
            for member in members { linksByLengths[member.runs.map(\.count), default: 0] += member.route.count }
            let total = members.reduce(0) { $0 + $1.route.count }
            let common = linksByLengths.values.filter { Double($0) >= lengthShare * Double(total) }.count
            let anchored = shape.contains { if case .segment(.literal) = $0 { return true } else { return false } }
            let varying = (0..<(members.first?.runs.count ?? 0)).filter { run in Set(members.map { $0.runs[run].count }).count > 1 }
            let uniform = varying.allSatisfy { run in
                let typed = Self.typedStart(of: members.map { $0.runs[run] })
                // after the typed start, placeholders of one type, or all untyped
                return Set(members.flatMap { $0.runs[run].dropFirst(typed.count) }).count <= 1
            }
            let allowed = switch secondCatchAll {
            case .anywhere: true
            case .final: varying.first == members[0].runs.count - 1 && shape.last == .run
            case .none: false
            }
            guard common >= 2, anchored, varying.count == 1, uniform, allowed || !shape.contains(.segment(.glob)) else {
                merged += members.map(\.route)
                continue
            }
            merged.append(Self.joined(members, shape: shape))
        }
        return merged
    }

    /// The typed placeholders that every one of `runs` starts with, leaving one placeholder or
    /// more of the shortest run.
    private static func typedStart(of runs: [[InferredType?]]) -> [InferredType] {
        var start: [InferredType] = []
        let shortest = runs.map(\.count).min() ?? 0
        while start.count < shortest - 1, let type = runs[0][start.count], runs.allSatisfy({ $0[start.count] == type }) {
            start.append(type)
        }
        return start
    }

    /// The shape of `segments` and the placeholders of each run, in order.
    private static func shape(of segments: [InferredRoute.Segment]) -> ([Shape], [[InferredType?]]) {
        var shape: [Shape] = []
        var runs: [[InferredType?]] = []
        for segment in segments {
            if case let .placeholder(type) = segment {
                if shape.last == .run {
                    runs[runs.count - 1].append(type)
                } else {
                    shape.append(.run)
                    runs.append([type])
                }
            } else {
                shape.append(.segment(segment))
            }
        }
        return (shape, runs)
    }

    /// One route for `members`: each run whose length varies becomes a catch-all and as many
    /// single placeholders as the shortest run has beyond one (after the catch-all, or before it
    /// at the end of the route), as GitLab writes `/<*namespace_id>/<project_id>/-/…`.
    private static func joined(_ members: [Member], shape: [Shape]) -> InferredRoute {
        var segments: [InferredRoute.Segment] = []
        // the run whose length varies, its shortest and longest: the catch-all takes one
        // component for the shortest, and one more for each component beyond it
        var (varying, shortestVarying, longestVarying) = (0, 0, 0)
        var run = 0
        for (index, part) in shape.enumerated() {
            guard case .run = part else {
                if case let .segment(segment) = part { segments.append(segment) }
                continue
            }
            let lengths = members.map { $0.runs[run].count }
            let shortest = lengths.min()!, longest = lengths.max()!
            let typed = shortest == longest ? [] : Self.typedStart(of: members.map { $0.runs[run] })
            segments += typed.map { .placeholder($0) }
            let singles = [InferredRoute.Segment](repeating: .placeholder(nil), count: shortest - typed.count - 1)
            if shortest == longest {
                // each placeholder keeps the type the members agree on, else takes any text
                segments += (0..<shortest).map { slot in
                    let types = Set(members.map { $0.runs[run][slot] })
                    return .placeholder(types.count == 1 ? types.first! : nil)
                }
            } else if index == shape.count - 1 {
                segments += singles + [.glob]
            } else {
                segments += [.glob] + singles
            }
            if shortest != longest { (varying, shortestVarying, longestVarying) = (run, shortest, longest) }
            run += 1
        }
        var joined = InferredRoute(segments: segments, count: 0, examples: [], methods: [])
        // the catch-alls the members had keep their place among the route's, before or after
        // the new one, with the lengths their links took
        let before = Self.catchAlls(before: varying, in: shape)
        for member in members.sorted(by: { $0.route.count > $1.route.count }) {
            joined.addLinks(of: member.route)
            let length = member.runs[varying].count - shortestVarying + 1
            let shares = member.route.globShares.isEmpty
                ? [InferredRoute.GlobShare(lengths: member.route.globLengths.map(\.lowerBound), count: member.route.count,
                                           examples: member.route.examples, methods: member.route.methods)]
                : member.route.globShares
            for var share in shares {
                share.lengths.insert(length, at: before)
                joined.globShares.add(share)
            }
        }
        joined.globLengths = members.map(\.route).unitedGlobLengths
        joined.globLengths.insert(1...(longestVarying - shortestVarying + 1), at: before)
        return joined
    }

    /// How many catch-alls `shape` has before its run `run`.
    private static func catchAlls(before run: Int, in shape: [Shape]) -> Int {
        var runs = 0
        var before = 0
        for part in shape {
            if part == .run { runs += 1 } else if part == .segment(.glob), runs <= run { before += 1 }
        }
        return before
    }
}
