/// Which components each segment of a matching pattern takes: one each, and for a catch-all
/// one or more, chosen greedily (the longest that lets the rest match), as Rails globs are.
enum Alignment {
    /// The component range of every segment, or nil when the segments do not match.
    static func align(
        _ segments: [Segment], _ components: Components, caseInsensitive: Bool, allowsEmpty: Bool, singlePrecision: Bool
    ) throws(Regex.MatchError) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(segments.count)
        func accepts(_ segment: Segment, _ component: ArraySlice<UInt8>) throws(Regex.MatchError) -> Bool {
            switch segment {
            case let .literal(text):
                return caseInsensitive
                    ? component.lazy.map(ByteClass.lowercased).elementsEqual(text.lazy.map(ByteClass.lowercased))
                    : component.elementsEqual(text)
            case let .placeholder(placeholder):
                guard allowsEmpty || !component.isEmpty else { return false }
                return try placeholder.type.value(component, singlePrecision: singlePrecision) != nil
            case let .composite(composite):
                return try component.withUnsafeBufferPointer { (b) throws(Regex.MatchError) -> Bool in try composite.regex.matches(b) }
            case .wildcard:
                return allowsEmpty || !component.isEmpty
            case .catchAll:
                return true
            }
        }
        func walk(_ s: Int, _ c: Int) throws(Regex.MatchError) -> Bool {
            guard s < segments.count else { return c == components.count }
            if case .catchAll = segments[s] {
                let longest = components.count - (segments.count - s - 1)
                guard longest > c else { return false }
                for end in stride(from: longest, to: c, by: -1) {
                    ranges.append(c..<end)
                    if try walk(s + 1, end) { return true }
                    ranges.removeLast()
                }
                return false
            }
            guard c < components.count, try accepts(segments[s], components[c]) else { return false }
            ranges.append(c..<(c + 1))
            if try walk(s + 1, c + 1) { return true }
            ranges.removeLast()
            return false
        }
        return try walk(0, 0) ? ranges : nil
    }
}
