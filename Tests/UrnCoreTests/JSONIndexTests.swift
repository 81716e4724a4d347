import Testing
@testable import UrnCore

/// A path followed through the index a scan builds finds what following it through the text
/// finds (`JSONPath.resolve` over `JSONSkipper`), value for value.
@Suite struct JSONIndexTests {
    static let records = [
        #"{"link":"a","route":{"pattern":"/u/:id","target":"User","args":{"id":"42","n":7},"table":"t","line":3}}"#,
        #"{ "stack" : [ {"target":"A","args":{}} , {"target":"B","args":{"x":[1,2,{"y":null}]}} ] , "e":[] , "o":{} }"#,
        #"{"a":{"b":1,"b":2},"a":{"b":3,"c":{"d":"e\"f"}},"k\u0065y":"escaped","n":null}"#,
        #"{"aps":{"alert":"hi","urn":"user:self"},"deep":[[["x"]],[]],"t":true,"f":false,"num":-1.5e3}"#,
    ]

    static let paths = [
        "link", "route", "route.target", "route.args.id", "route.args.n", "route.args.missing", "route.line",
        "stack", "stack.0.target", "stack.1.args.x.2.y", "stack.1.args.x.1", "stack.2", "stack.-1", "stack.x", "stack.+1", "stack.01",
        "e.0", "o.p", "a.b", "a.c.d", "key", "n", "aps.urn", "deep.0.0.0", "deep.1.0", "t", "num.x", "missing", "kez", "ke", "route.args.idx",
    ]

    @Test(arguments: records)
    func agreesWithTheText(_ record: String) throws {
        let text = Array(record.utf8)
        try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer, indexing: true)
            #expect(!scanner.index.isEmpty)
            for path in Self.paths.compactMap(JSONPath.init) {
                let viaText = scanner.members.last { JSONString.equals($0.key, in: buffer, path.head) }
                    .flatMap { path.resolve(from: $0.value, kind: $0.kind, step: 1, in: buffer) }
                let viaIndex = scanner.index.resolve(path, in: buffer)
                #expect(viaIndex?.0 == viaText?.0 && viaIndex?.1 == viaText?.1, "\(path.steps.map { String(decoding: $0, as: UTF8.self) })")
            }
        }
    }

    /// An index outgrows its first storage (more entries than it starts with) and still
    /// finds every value, in that record and in the next, smaller one.
    @Test func growsPastItsFirstStorage() throws {
        let big = Array(("{\"a\":[" + (0..<300).map(String.init).joined(separator: ",") + "],\"b\":{\"c\":\"d\"}}").utf8)
        var scanner = JSONScanner()
        try big.withUnsafeBufferPointer { buffer in
            try scanner.scanObject(buffer, indexing: true)
            for (path, expected) in [("a.0", "0"), ("a.299", "299"), ("b.c", "\"d\"")] {
                let found = scanner.index.resolve(JSONPath(path)!, in: buffer)
                #expect(found.map { String(decoding: buffer[$0.0], as: UTF8.self) } == expected, "\(path)")
            }
            #expect(scanner.index.resolve(JSONPath("a.300")!, in: buffer) == nil)
        }
        let small = Array(#"{"x":{"y":[true]}}"#.utf8)
        try small.withUnsafeBufferPointer { buffer in
            try scanner.scanObject(buffer, indexing: true)
            #expect(scanner.index.resolve(JSONPath("x.y.0")!, in: buffer).map { String(decoding: buffer[$0.0], as: UTF8.self) } == "true")
            #expect(scanner.index.resolve(JSONPath("a.0")!, in: buffer) == nil)
        }
    }

    /// A record scanned without indexing has an empty index, and one scan's index does not
    /// leak into the next.
    @Test func isPerScan() throws {
        var scanner = JSONScanner()
        let first = Array(#"{"a":{"b":1}}"#.utf8)
        let second = Array(#"{"c":2}"#.utf8)
        try first.withUnsafeBufferPointer { try scanner.scanObject($0, indexing: true) }
        try second.withUnsafeBufferPointer { buffer in
            try scanner.scanObject(buffer, indexing: true)
            #expect(scanner.index.resolve(JSONPath("a.b")!, in: buffer) == nil)
            #expect(scanner.index.resolve(JSONPath("c")!, in: buffer)?.0 == 5..<6)
            try scanner.scanObject(buffer)
            #expect(scanner.index.isEmpty)
        }
    }
}
