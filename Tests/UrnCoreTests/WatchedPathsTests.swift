import Testing
@_spi(Records) @testable import UrnCore

/// The values a scan notes at watched paths are those that following each path through the
/// text finds (`JSONPath.resolve` over `JSONSkipper`), value for value.
@Suite struct WatchedPathsTests {
    static let records = [
        #"{"link":"a","route":{"pattern":"/u/:id","target":"User","args":{"id":"42","n":7},"table":"t","line":3}}"#,
        #"{ "stack" : [ {"target":"A","args":{}} , {"target":"B","args":{"x":[1,2,{"y":null}]}} ] , "e":[] , "o":{} }"#,
        #"{"a":{"b":1,"b":2},"a":{"b":3,"c":{"d":"e\"f"}},"k\u0065y":"escaped","n":null}"#,
        #"{"aps":{"alert":"hi","urn":"user:self"},"deep":[[["x"]],[]],"t":true,"f":false,"num":-1.5e3}"#,
        // a later duplicate forgets what the earlier one gave below it
        #"{"route":{"target":"T","args":{"owner":"o"}},"route":{"args":{}},"a":{"c":{"d":1}},"a":{"b":2}}"#,
        #"{"route":{"target":"T"},"route":"flat","stack":[{"target":"A"}],"stack":{"0":{"target":"key 0"}}}"#,
        // keys that share their first eight bytes, or are told apart by length alone; keys
        // within eight bytes of the text's end
        #"{"abcdefgh":1,"abcdefghj":2,"abcdefghi":3,"abcdefgh_long_name_one":{"x":4},"abcdefgh_long_name_two":{"x":5},"ab":6}"#,
        #"{"k":{"abcdefgh":"near the end","ke":7,"kez":8}}"#,
        // containers no path goes into (scanned without the watching) holding the names the
        // paths take, nested, before and after the watched members of the same names
        #"{"x":{"link":"inner","route":{"target":"no"},"stack":[{"target":"no"}]},"link":"outer","z":[{"route":{"args":{"id":"no"}}},[{"a":{"b":0}}]],"route":{"x":{"target":"no"},"target":"yes","args":{"q":{"id":"no"},"id":"42"}},"stack":[{"target":"A","o":{"target":"no"}}]}"#,
    ]

    static let paths = [
        "link", "route", "route.target", "route.args.id", "route.args.n", "route.args.missing", "route.line",
        "route.args.owner", "route.args",
        "stack", "stack.0.target", "stack.1.args.x.2.y", "stack.1.args.x.1", "stack.2", "stack.-1", "stack.x", "stack.+1", "stack.01",
        "e.0", "o.p", "a.b", "a.c.d", "a.c", "key", "n", "aps.urn", "deep.0.0.0", "deep.1.0", "t", "num.x", "missing", "kez", "ke",
        "route.args.idx",
        "abcdefgh", "abcdefghi", "abcdefghij", "abcdefgh_long_name_two.x", "abcdefgh_long_name_one.x",
        "abcdefgh_long_name_thr.x", "ab", "k.ke", "k.kez", "k.abcdefgh",
    ].compactMap(JSONPath.init)

    @Test(arguments: records)
    func agreesWithTheText(_ record: String) throws {
        let text = Array(record.utf8)
        // every path twice: a path watched in two slots has its value in both
        let watched = WatchedPaths(Self.paths + Self.paths)
        try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer, watching: watched)
            #expect(scanner.watched.count == 2 * Self.paths.count)
            for (slot, path) in watched.paths.enumerated() {
                let viaText = scanner.members.last { JSONString.equals($0.key, in: buffer, path.head) }
                    .flatMap { path.resolve(from: $0.value, kind: $0.kind, step: 1, in: buffer) }
                let found = scanner.watched[slot]
                guard found.isWatched else {
                    #expect(["stack.+1", "stack.01"].contains(path.steps.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")))
                    continue
                }
                let viaWatch = found.kind == .null ? nil : (found.range, found.kind)
                // the text walk finds a null too: both read as no value
                let expected = viaText?.1 == .null ? nil : viaText
                #expect(viaWatch?.0 == expected?.0 && viaWatch?.1 == expected?.1,
                        "\(path.steps.map { String(decoding: $0, as: UTF8.self) }) in \(record)")
            }
        }
    }

    /// A value read as text from where the scan noted it is the value read the general way,
    /// made into text: strings decoded (escaped or not), other values as their JSON text,
    /// nothing for null or missing; a view without watched values answers the same.
    @Test(arguments: records)
    func textOfAWatchedValueIsItsValue(_ record: String) throws {
        let text = Array(record.utf8)
        let watched = WatchedPaths(Self.paths)
        try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer, watching: watched)
            let view = RecordView(text: buffer, members: scanner.members, watched: scanner.watched, isJSON: true)
            let unwatched = RecordView(text: buffer, members: scanner.members, isJSON: true)
            for (slot, path) in watched.paths.enumerated() {
                let expected: String? = switch unwatched.value(at: path) {
                case let .string(bytes)?, let .json(bytes)?: String(decoding: bytes, as: UTF8.self)
                case nil: nil
                }
                let name = path.steps.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ".")
                #expect(view.valueText(watched: slot, at: path) == expected, "\(name) in \(record)")
                #expect(unwatched.valueText(watched: slot, at: path) == expected, "\(name) in \(record)")
            }
        }
    }

    /// Issue 37: in `{"\\\\":{},"\\":[]}` the first key decodes to two backslashes and the
    /// second to one, but the second's bytes as written are the first's name. The scan notes
    /// `{}` at the path `\\`; the text walk compared a key token as long as the name byte for
    /// byte, escape and all, took `"\\"` for `\\` too and found `[]`, the later duplicate.
    @Test(arguments: [
        // the fuzzer's minimal input
        (#"{"\\\\":{},"\\":[]}"#, [#"\\"#: "{}", #"\\.0"#: nil, #"\"#: "[]", #"\.0"#: nil]),
        // `01` is followed through the text, as urnfmt follows it: element 1 of the array
        // under the wrong key, or member `01` of the object under the right one
        (#"{"\\\\":{"01":"right"},"\\":["wrong","wrong too"]}"#,
         [#"\\.01"#: "right", #"\\"#: #"{"01":"right"}"#, #"\.1"#: "wrong too", #"\\.1"#: nil]),
    ] as [(String, [String: String?])])
    func keyWrittenAsAnotherKeysName(_ record: String, _ expected: [String: String?]) throws {
        let text = Array(record.utf8)
        let names = expected.keys.sorted()
        let paths = names.compactMap(JSONPath.init)
        let watched = WatchedPaths(paths)
        try text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner()
            try scanner.scanObject(buffer, watching: watched)
            let view = RecordView(text: buffer, members: scanner.members, watched: scanner.watched, isJSON: true)
            let unwatched = RecordView(text: buffer, members: scanner.members, isJSON: true)
            for (slot, path) in paths.enumerated() {
                let want = expected[names[slot]]!
                #expect(view.valueText(watched: slot, at: path) == want, "watched \(names[slot]) in \(record)")
                #expect(unwatched.valueText(watched: slot, at: path) == want, "text walk \(names[slot]) in \(record)")
            }
        }
    }

    /// The comparison under the text walk: a key token whose bytes are a name's, but which holds
    /// an escape, decodes to something shorter and is not that name.
    @Test func keyTokenHoldingAnEscapeIsNotItsBytes() {
        let token = Array(#""\\""#.utf8)
        token.withUnsafeBufferPointer { buffer in
            #expect(!JSONString.equals(0..<buffer.count, in: buffer, Array(#"\\"#.utf8)))
            #expect(JSONString.equals(0..<buffer.count, in: buffer, Array(#"\"#.utf8)))
        }
        let plain = Array(#""ab""#.utf8)
        plain.withUnsafeBufferPointer { buffer in
            #expect(JSONString.equals(0..<buffer.count, in: buffer, Array("ab".utf8)))
            #expect(!JSONString.equals(0..<buffer.count, in: buffer, Array("ac".utf8)))
        }
    }

    /// One scan's values do not leak into the next, and a scan that watches nothing has none.
    @Test func arePerScan() throws {
        let watched = WatchedPaths(["a.b", "c"].compactMap(JSONPath.init))
        var scanner = JSONScanner()
        let first = Array(#"{"a":{"b":1},"c":2}"#.utf8)
        let second = Array(#"{"c":3}"#.utf8)
        try first.withUnsafeBufferPointer { try scanner.scanObject($0, watching: watched) }
        try second.withUnsafeBufferPointer { buffer in
            try scanner.scanObject(buffer, watching: watched)
            #expect(scanner.watched[0].kind == .null)
            #expect(scanner.watched[1].range == 5..<6)
            try scanner.scanObject(buffer)
            #expect(scanner.watched.isEmpty)
        }
    }
}
