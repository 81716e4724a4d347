#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The positions of an inferred tree that hold many texts, each with the links of every text:
/// the evidence that a closed set's values leave (`SlotDecision.closedSet`). A site uses one set
/// of values at several places (a shop's sellers at `/s/{seller}` and `/api/sellers/{seller}`),
/// and a value popular at one is popular at the other. Sibling literals that two places share
/// (the actions of a merge request on the web and in the API) are each a route of its own, with
/// a popularity of its own at each place.
struct ValueSetPositions {
    /// Each noted position's texts and their links.
    private var positions: [[[UInt8]: Int]] = []
    /// The positions each text is noted at.
    private var byText: [[UInt8]: [Int]] = [:]
    /// Where each noted position is in the tree, by the route segments before it.
    private var keys: [[InferredRoute.Segment]: Int] = [:]
    /// The literals before each noted position.
    private var literals: [[[UInt8]]] = []

    /// How many texts a position needs to be noted.
    static let minimumTexts = SlotDecision.closedSetSize
    /// How many texts two positions must share.
    static let minimumShared = 8
    /// The correlation of their links (logarithms) that two positions' shared texts must show.
    static let minimumCorrelation = 0.5

    /// Notes the texts at the position after `key` (route segments), when they are many.
    mutating func note(_ texts: [[UInt8]: Int], at key: [InferredRoute.Segment]) {
        guard texts.count >= Self.minimumTexts, keys[key] == nil else { return }
        keys[key] = positions.count
        literals.append(Self.literals(of: key))
        for text in texts.keys { byText[text, default: []].append(positions.count) }
        positions.append(texts)
    }

    /// Whether `texts` (with their links), at the position after `key`, are seen as a set's
    /// values are at another noted position: eight texts or more in common, holding half the
    /// links here (there, literal siblings may take most: `/s/featured` beside the sellers),
    /// whose links at the two positions go together (a correlation of their logarithms of one
    /// half or more).
    func seenElsewhere(_ texts: [[UInt8]: Int], at key: [InferredRoute.Segment]) -> Bool {
        let links = texts.values.reduce(0, +)
        return twins(of: texts, at: key).contains { 2 * $0.common.reduce(0) { $0 + texts[$1]! } >= links }
    }

    /// The texts, of those with `SlotDecision.siblingEvidence` links at the position after
    /// `key`, that a twin position lacks though a value as popular would be there too: a chance
    /// below `SlotDecision.siblingChance` of seeing it nowhere, were its links there as many,
    /// for its links here, as the shared texts' are (Poisson). A twin (`twins`) holds the set:
    /// half its links are of the shared texts, and it lacks few of the popular texts here; it
    /// need not hold half the links here (`/s/featured` takes most of the sellers' position).
    /// Where the position was noted (by a fold, which kept only some of its texts apart), its
    /// noted texts are compared, as the twin's were noted.
    func missingAtTwins(_ texts: [[UInt8]: Int], at key: [InferredRoute.Segment]) -> Set<[UInt8]> {
        let own = keys[key].map { positions[$0] } ?? texts
        var missing: Set<[UInt8]> = []
        for (other, common) in twins(of: own, at: key) {
            let shared = common.reduce(0) { $0 + other[$1]! }
            guard 2 * shared >= other.values.reduce(0, +) else { continue }
            let rate = Double(shared) / Double(common.reduce(0) { $0 + own[$1]! })
            let expected = own.filter { $0.value >= SlotDecision.siblingEvidence && -rate * Double($0.value) < log(SlotDecision.siblingChance) }
            let absent = expected.keys.filter { other[$0] == nil }
            // siblings are few: where many popular texts are missing, the twin is another set
            guard absent.count <= max(1, expected.count / 10) else { continue }
            missing.formUnion(absent.filter { texts[$0] != nil })
        }
        return missing
    }

    /// The noted positions that share `minimumShared` texts or more with `texts` (at the position
    /// after `key`), whose links at the two positions go together (a correlation of their
    /// logarithms of `minimumCorrelation` or more): each one's texts, and the texts in common.
    /// A position with the same literals before it is the same route's, reached through values
    /// of another number (GitLab's namespaces of one, two or three groups), not a twin.
    private func twins(of texts: [[UInt8]: Int], at key: [InferredRoute.Segment]) -> [(other: [[UInt8]: Int], common: [[UInt8]])] {
        let ownLiterals = Self.literals(of: key)
        var shared: [Int: Int] = [:]
        for text in texts.keys {
            for position in byText[text] ?? [] where literals[position] != ownLiterals { shared[position, default: 0] += 1 }
        }
        return shared.compactMap { position, count in
            guard count >= Self.minimumShared else { return nil }
            let other = positions[position]
            let common = texts.keys.filter { other[$0] != nil }
            guard Self.correlation(common.map { log(Double(texts[$0]!)) }, common.map { log(Double(other[$0]!)) }) >= Self.minimumCorrelation
            else { return nil }
            return (other, common)
        }
    }

    /// The literals of `key`, in order.
    private static func literals(of key: [InferredRoute.Segment]) -> [[UInt8]] {
        key.compactMap { if case let .literal(bytes) = $0 { bytes } else { nil } }
    }

    /// Pearson's correlation of `x` and `y`; 0 where either does not vary.
    static func correlation(_ x: [Double], _ y: [Double]) -> Double {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n, my = y.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
            syy += (b - my) * (b - my)
        }
        return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
    }
}
