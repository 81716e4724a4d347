/// A dotted path into nested JSON objects and arrays (`aps.urn`, `stack.0.target`).
@_spi(Records) public struct JSONPath: Sendable, Equatable {
    /// The path's steps, each a key or, inside arrays, an index.
    @_spi(Records) public let steps: [[UInt8]]
    /// The steps as a template program reads them (`TemplateProgram`): their bytes one after
    /// another, and where each lies, so that following a path retains no array of a step.
    let flatSteps: [UInt8]
    let places: [Place]

    /// Where one step lies in `flatSteps`, and the array index it names (-1 when it is not a
    /// decimal number).
    struct Place: Sendable, Equatable {
        let start: Int
        let count: Int
        let index: Int
    }

    /// The path `text` split on `.`; nil when a step is empty.
    @_spi(Records) public init?(_ text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { return nil }
        self.init(steps: parts.map { Array($0) })
    }

    /// The path of the top-level field `name`, whatever bytes it holds.
    @_spi(Records) public init(field name: String) {
        self.init(steps: [Array(name.utf8)])
    }

    /// The path of its first `count` steps.
    func prefix(_ count: Int) -> JSONPath {
        count == steps.count ? self : JSONPath(steps: Array(steps.prefix(count)))
    }

    private init(steps: [[UInt8]]) {
        self.steps = steps
        var flat: [UInt8] = []
        var places: [Place] = []
        for step in steps {
            // an index past Int32 names no element of any record a line can hold (the watched
            // paths keep indexes in 32 bits): such a step is a key only
            let index = Int(String(decoding: step, as: UTF8.self)).map { $0 >= 0 && $0 <= Int(Int32.max) ? $0 : -1 } ?? -1
            places.append(Place(start: flat.count, count: step.count, index: index))
            flat += step
        }
        flatSteps = flat
        self.places = places
    }

    /// The first step, the top-level field name.
    @_spi(Records) public var head: [UInt8] { steps[0] }

    /// Follows the path's remaining steps (after `from`) down from the value `start` of `kind`
    /// in `text`, which must be valid JSON (it is not checked again).
    @_spi(Records) public func resolve(
        from start: Range<Int>, kind: JSONKind, step first: Int,
        in text: UnsafeBufferPointer<UInt8>
    ) -> (Range<Int>, JSONKind)? {
        var range = start
        var current = kind
        for step in steps[first...] {
            switch current {
            case .object:
                guard let member = JSONSkipper.member(named: step, of: range, in: text) else { return nil }
                range = member.value
                current = member.kind
            case .array:
                guard let index = Int(String(decoding: step, as: UTF8.self)), index >= 0,
                      let element = JSONSkipper.element(index, of: range, in: text) else { return nil }
                (range, current) = element
            default:
                return nil
            }
        }
        return (range, current)
    }
}
