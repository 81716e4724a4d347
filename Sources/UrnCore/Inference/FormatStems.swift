/// Finds formats among inferred routes: routes alike but for one literal component, which is
/// one stem with a different extension in each (`histograms.json`, `histograms.xml`), take one
/// route whose component holds the stem and a placeholder (`histograms.{format}`), as Rails
/// writes `histograms.:format`. One text with two extensions is evidence enough: an app names
/// a resource once and serves it in formats, where two names differing only so are rare.
enum FormatStems {
    /// The longest extension: `json`, `atom`, `patch`, `geojson`.
    static let longestExtension = 8

    /// `routes` with those alike but for one stem's extensions merged into one, where it is
    /// written. A route joins at most one such merge, the first of its components that can.
    static func merge(_ routes: [InferredRoute]) -> [InferredRoute] {
        var members: [[InferredRoute.Segment]: [Int]] = [:]
        for (index, route) in routes.enumerated() {
            for key in keys(route.segments) { members[key, default: []].append(index) }
        }
        var taken: Set<Int> = []
        var merged: [Int: InferredRoute] = [:]
        for (index, route) in routes.enumerated() where !taken.contains(index) {
            for key in keys(route.segments) {
                let group = members[key]!.filter { !taken.contains($0) }
                guard group.count >= 2 else { continue }
                taken.formUnion(group)
                merged[index] = joined(group.map { routes[$0] }, segments: key)
                break
            }
        }
        return routes.indices.compactMap { merged[$0] ?? (taken.contains($0) ? nil : routes[$0]) }
    }

    /// For each literal component of `segments` that is a stem and an extension, `segments`
    /// with that component a stem and format.
    private static func keys(_ segments: [InferredRoute.Segment]) -> [[InferredRoute.Segment]] {
        segments.indices.compactMap { index in
            guard case let .literal(text) = segments[index], let stem = stem(of: text) else { return nil }
            var key = segments
            key[index] = .stemmed(stem)
            return key
        }
    }

    /// The text up to and with its last dot, where a stem comes before it and an extension after
    /// it: one to `longestExtension` ASCII letters and digits, a letter among them (`v1.2` is
    /// a version, not a format).
    static func stem(of text: [UInt8]) -> [UInt8]? {
        guard let dot = text.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return nil }
        let extensionText = text[(dot + 1)...]
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        guard (1...longestExtension).contains(extensionText.count),
              extensionText.allSatisfy({ isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              extensionText.contains(where: isLetter)
        else { return nil }
        return Array(text[...dot])
    }

    /// One route of `segments` for `group`: their links, examples (the most linked route's
    /// first), methods and catch-all lengths.
    private static func joined(_ group: [InferredRoute], segments: [InferredRoute.Segment]) -> InferredRoute {
        var route = InferredRoute(segments: segments, count: 0, examples: [], methods: [])
        for member in group.sorted(by: { $0.count > $1.count }) {
            route.addLinks(of: member)
            for share in member.globShares { route.globShares.add(share) }
        }
        route.globLengths = group.unitedGlobLengths
        return route
    }
}
