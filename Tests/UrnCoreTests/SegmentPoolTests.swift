import Testing
@_spi(Records) @testable import UrnCore

/// Patterns parsed with one pool share their equal literals and untyped placeholders, and read
/// the same as patterns parsed each on its own.
@Suite struct SegmentPoolTests {
    @Test func sharesEqualLiteralsAndPlaceholders() throws {
        var pool = SegmentPool()
        let parser = PatternParser()
        let first = try parser.parse("/svc1/:id/items", pool: &pool)
        let second = try parser.parse("/svc2/:id/items", pool: &pool)
        guard case let .placeholder(a) = first.segments[1], case let .placeholder(b) = second.segments[1] else {
            Issue.record("':id' is a placeholder")
            return
        }
        #expect(a === b)
        guard case let .literal(x) = first.segments[2], case let .literal(y) = second.segments[2] else {
            Issue.record("'items' is a literal")
            return
        }
        x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in #expect(x.baseAddress == y.baseAddress) } }
    }

    @Test func readsAsWithoutAPool() throws {
        var pool = SegmentPool()
        let parser = PatternParser()
        for text in ["/a%20b/:id", "/a%20b/{id}", "/a b/:name/x", "/x/:id/:name", "/:id/y", "/a%20b/:id"] {
            let pooled = try parser.parse(text, pool: &pool)
            let alone = try parser.parse(text)
            #expect(pooled.segments.map(describe) == alone.segments.map(describe), "\(text)")
            #expect(pooled.placeholderNames == alone.placeholderNames, "\(text)")
            #expect(pooled.untypedPlaceholders.names == alone.untypedPlaceholders.names, "\(text)")
        }
    }

    private func describe(_ segment: Segment) -> String {
        switch segment {
        case let .literal(text): "literal \(text)"
        case let .placeholder(placeholder): "placeholder \(placeholder.name) \(placeholder.nameBytes)"
        default: "other \(segment.placeholderNames)"
        }
    }
}
