/// A route `RouteInference` found: its components, how many links it takes, a few of them,
/// and their methods.
public struct InferredRoute: Equatable, Sendable {
    /// One component of an inferred route.
    public enum Segment: Equatable, Hashable, Sendable {
        /// Text the links all have here (decoded).
        case literal([UInt8])
        /// One component of any text (nil) or of one type.
        case placeholder(InferredType?)
        /// One or more components (a catch-all, Rails' `*name`).
        case glob
        /// A component of fixed text and then any text: a stem and its format
        /// (`histograms.{format}`: the stem `histograms.`, decoded).
        case stemmed([UInt8])
    }

    /// The components, in order.
    public var segments: [Segment]
    /// How many of the links seen it takes.
    public var count: Int
    /// Up to three of those links, as read.
    public var examples: [String]
    /// Their HTTP methods, in the order `HTTPMethod.ordered` gives (empty when none had one).
    public var methods: [String]
    /// For each catch-all, in order, how many components it takes: from the fewest to the most
    /// it took in the links seen (in a run lined up on a catch-all, the links of every route
    /// the run leads to).
    public var globLengths: [ClosedRange<Int>] = []
    /// This route's links by how many components each catch-all took in them (empty without one).
    public var globShares: [GlobShare] = []
    /// How many of its components are literals (urn's precedence rule 1).
    var literalCount: Int { segments.filter(\.isLiteral).count }
    /// The placeholder names, one for each segment that is not a literal (see `names`).
    public var names: [String] { Self.names(for: segments) }

    /// The names of the placeholders of `segments`, in order: the preceding literal made
    /// singular (`users/{user}`), numbered when several follow one literal (`{repo}`,
    /// `{repo2}`), unique in the route, `id` where no literal precedes; `format` after a stem.
    static func names(for segments: [Segment]) -> [String] {
        var used: Set<String> = []
        var names: [String] = []
        var base = "id"
        func unique(_ base: String) -> String {
            var name = base
            var number = 2
            while used.contains(name) {
                name = "\(base)\(number)"
                number += 1
            }
            used.insert(name)
            return name
        }
        for segment in segments {
            switch segment {
            case let .literal(bytes): base = Self.singular(String(decoding: bytes, as: UTF8.self)) ?? base
            case .placeholder, .glob: names.append(unique(base))
            case .stemmed: names.append(unique("format"))
            }
        }
        return names
    }

    /// An identifier made of `word` in the singular (`repos` → `repo`, `branches` → `branch`,
    /// `categories` → `category`), or nil when the word is not one (letters, digits, `_`, `-`)
    /// or holds no letter to start one.
    static func singular(_ word: String) -> String? {
        // a host, a file name or other text names nothing
        guard word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else { return nil }
        var name = String(word.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        while name.hasPrefix("_") { name.removeFirst() }
        while name.hasSuffix("_") { name.removeLast() }
        guard let first = name.first, first.isLetter else { return nil }
        if name.hasSuffix("ies"), name.count > 4 {
            name = String(name.dropLast(3)) + "y"
        } else if ["ches", "shes", "sses", "xes", "zes", "uses"].contains(where: { name.hasSuffix($0) }) {
            name = String(name.dropLast(2))
        } else if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 3 {
            name = String(name.dropLast())
        }
        return name
    }

    /// This route for a syntax without catch-alls (OpenAPI), or with a final one only
    /// (`keepingFinal`: URLNavigator's `<path:>`, WAAppRouting's `*`): once for each number of
    /// components each other catch-all takes (`globLengths`), each with the links it took. A
    /// number no link of this route had is written with no link, and the route's methods.
    func withGlobsExpanded(keepingFinal: Bool) -> [InferredRoute] {
        var variants: [(segments: [Segment], lengths: [Int])] = [([], [])]
        var ranges = globLengths.makeIterator()
        var keptGlobs: [Int] = []
        var keptLengths: [ClosedRange<Int>] = []
        var glob = 0
        for (index, segment) in segments.enumerated() {
            guard segment == .glob else {
                variants = variants.map { ($0.segments + [segment], $0.lengths) }
                continue
            }
            let range = ranges.next() ?? 1...1
            if keepingFinal && index == segments.count - 1 {
                keptGlobs.append(glob)
                keptLengths.append(range)
                variants = variants.map { ($0.segments + [segment], $0.lengths) }
            } else {
                variants = variants.flatMap { variant in
                    range.map { (variant.segments + [Segment](repeating: .placeholder(nil), count: $0), variant.lengths + [$0]) }
                }
            }
            glob += 1
        }
        guard glob > 0 else { return [self] }
        return variants.map { variant in
            var route = InferredRoute(segments: variant.segments, count: 0, examples: [], methods: [], globLengths: keptLengths)
            var methods: Set<String> = []
            for share in globShares.sorted(by: { $0.count > $1.count })
            where share.lengths.indices.filter({ !keptGlobs.contains($0) }).map({ share.lengths[$0] }) == variant.lengths {
                route.count += share.count
                for example in share.examples { ObservedPaths.keep(example, in: &route.examples) }
                methods.formUnion(share.methods)
                if !keptGlobs.isEmpty {
                    route.globShares.add(GlobShare(lengths: keptGlobs.map { share.lengths[$0] }, count: share.count, examples: share.examples,
                                        methods: share.methods))
                }
            }
            route.methods = route.count == 0 ? self.methods : HTTPMethod.ordered(methods)
            return route
        }
    }

    /// Counts `other`'s links as this route's: its count, its examples after this route's (up to
    /// three in all) and its methods.
    mutating func addLinks(of other: InferredRoute) {
        count += other.count
        for example in other.examples { ObservedPaths.keep(example, in: &examples) }
        methods = HTTPMethod.ordered(Set(methods).union(other.methods))
    }

    /// This route with every placeholder untyped, for a syntax of names only (WAAppRouting).
    var untyped: InferredRoute {
        var route = wholeComponents
        route.segments = route.segments.map(\.untyped)
        return route
    }

    /// This route with a placeholder of any text for each stem and format, for a syntax whose
    /// placeholders are whole components (URLNavigator, WAAppRouting).
    var wholeComponents: InferredRoute {
        var route = self
        route.segments = segments.map { if case .stemmed = $0 { .placeholder(nil) } else { $0 } }
        return route
    }

    /// Whether this route comes before `other` in urn's precedence (urn-patterns(7)): more
    /// literal components, then at the first component where the two differ a literal before a
    /// typed placeholder before a plain one before a catch-all, then fewer catch-alls; ties go
    /// by the text, so that the order is total.
    func precedes(_ other: InferredRoute) -> Bool {
        if literalCount != other.literalCount { return literalCount > other.literalCount }
        for (a, b) in zip(segments, other.segments) where a.rank != b.rank { return a.rank < b.rank }
        let myGlobs = segments.filter { $0 == .glob }.count, theirGlobs = other.segments.filter { $0 == .glob }.count
        if myGlobs != theirGlobs { return myGlobs < theirGlobs }
        if segments.count != other.segments.count { return segments.count > other.segments.count }
        for (a, b) in zip(segments, other.segments) where a != b { return a.sortKey.lexicographicallyPrecedes(b.sortKey) }
        return false
    }
}

extension InferredRoute {
    /// The links of a route in which its catch-alls took one number of components each: the
    /// count, examples and methods of each length that a syntax without catch-alls writes as
    /// a route of its own.
    public struct GlobShare: Equatable, Sendable {
        /// How many components each catch-all took, in order.
        public var lengths: [Int]
        /// How many of the links seen.
        public var count: Int
        /// Up to three of them, as read.
        public var examples: [String]
        /// Their HTTP methods, in the order `HTTPMethod.ordered` gives.
        public var methods: [String]
    }
}

extension [InferredRoute] {
    /// For each catch-all of these routes (as many in each, in order), the fewest to the most
    /// components any of them took it for.
    var unitedGlobLengths: [ClosedRange<Int>] {
        (first?.globLengths.indices ?? 0..<0).map { glob in
            map { $0.globLengths[glob].lowerBound }.min()!...map { $0.globLengths[glob].upperBound }.max()!
        }
    }
}

extension [InferredRoute.GlobShare] {
    /// Counts `share`'s links with those in which the catch-alls took as many components.
    mutating func add(_ share: InferredRoute.GlobShare) {
        guard let same = firstIndex(where: { $0.lengths == share.lengths }) else {
            append(share)
            return
        }
        self[same].count += share.count
        for example in share.examples { ObservedPaths.keep(example, in: &self[same].examples) }
        self[same].methods = HTTPMethod.ordered(Set(self[same].methods).union(share.methods))
    }
}

extension InferredRoute.Segment {
    var isLiteral: Bool { if case .literal = self { return true } else { return false } }

    /// This segment with a placeholder's type dropped.
    var untyped: InferredRoute.Segment { if case .placeholder = self { .placeholder(nil) } else { self } }

    /// 0 literal, 1 typed (or a stem and format, a shared segment), 2 plain, 3 catch-all: the
    /// order of urn's precedence rule (2).
    var rank: Int {
        switch self {
        case .literal: return 0
        case .placeholder(.some), .stemmed: return 1
        case .placeholder(nil): return 2
        case .glob: return 3
        }
    }

    /// Bytes that order segments of one rank.
    var sortKey: [UInt8] {
        switch self {
        case let .literal(bytes), let .stemmed(bytes): return bytes
        case let .placeholder(type): return [type?.rawValue ?? 255]
        case .glob: return []
        }
    }
}
