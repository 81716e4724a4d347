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

    /// `routes` with those alike but for their run lengths merged into one, where two or more
    /// lengths each take `lengthShare` of their links and the shape has a literal to anchor it.
    static func merge(_ routes: [InferredRoute]) -> [InferredRoute] {
        var groups: [[Shape]: [(route: InferredRoute, lengths: [Int])]] = [:]
        var order: [[Shape]] = []
        for route in routes {
            let (shape, lengths) = Self.shape(of: route.segments)
            if groups[shape] == nil { order.append(shape) }
            groups[shape, default: []].append((route, lengths))
        }
        var merged: [InferredRoute] = []
        for shape in order {
            let members = groups[shape]!
            var linksByLengths: [[Int]: Int] = [:]
            for member in members { linksByLengths[member.lengths, default: 0] += member.route.count }
            let total = members.reduce(0) { $0 + $1.route.count }
            let common = linksByLengths.values.filter { Double($0) >= lengthShare * Double(total) }.count
            let anchored = shape.contains { if case .segment(.literal) = $0 { return true } else { return false } }
            let varying = (0..<(members.first?.lengths.count ?? 0)).filter { run in Set(members.map { $0.lengths[run] }).count > 1 }
            // two catch-alls in one route could each take the other's text: --check could not
            // call the table free of overlaps
            guard common >= 2, anchored, varying.count == 1 else {
                merged += members.map(\.route)
                continue
            }
            merged.append(Self.joined(members, shape: shape))
        }
        return merged
    }

    /// The shape of `segments` and the length of each run, in order.
    private static func shape(of segments: [InferredRoute.Segment]) -> ([Shape], [Int]) {
        var shape: [Shape] = []
        var lengths: [Int] = []
        for segment in segments {
            if segment == .placeholder(nil) {
                if shape.last == .run {
                    lengths[lengths.count - 1] += 1
                } else {
                    shape.append(.run)
                    lengths.append(1)
                }
            } else {
                shape.append(.segment(segment))
            }
        }
        return (shape, lengths)
    }

    /// One route for `members`: each run whose length varies becomes a catch-all and as many
    /// single placeholders as the shortest run has beyond one (after the catch-all, or before it
    /// at the end of the route), as GitLab writes `/<*namespace_id>/<project_id>/-/…`.
    private static func joined(_ members: [(route: InferredRoute, lengths: [Int])], shape: [Shape]) -> InferredRoute {
        var segments: [InferredRoute.Segment] = []
        var globLengths: [ClosedRange<Int>] = []
        var run = 0
        for (index, part) in shape.enumerated() {
            guard case .run = part else {
                if case let .segment(segment) = part { segments.append(segment) }
                continue
            }
            let lengths = members.map { $0.lengths[run] }
            run += 1
            let shortest = lengths.min()!, longest = lengths.max()!
            let singles = [InferredRoute.Segment](repeating: .placeholder(nil), count: shortest == longest ? shortest : shortest - 1)
            if shortest == longest {
                segments += singles
            } else if index == shape.count - 1 {
                segments += singles + [.glob]
            } else {
                segments += [.glob] + singles
            }
            if shortest != longest { globLengths.append(1...(longest - shortest + 1)) }
        }
        var examples: [String] = []
        var methods: Set<String> = []
        for member in members.sorted(by: { $0.route.count > $1.route.count }) {
            for example in member.route.examples { ObservedPaths.keep(example, in: &examples) }
            methods.formUnion(member.route.methods)
        }
        return InferredRoute(segments: segments, count: members.reduce(0) { $0 + $1.route.count }, examples: examples,
                             methods: HTTPMethod.ordered(methods), globLengths: globLengths)
    }
}
