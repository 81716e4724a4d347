@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as a JSON record: scanned, every member and nested path followed, strings decoded,
    /// and the record written back with a field appended; the output must be valid JSON. The
    /// record is scanned again watching those paths, and every value the scan notes must be the
    /// one the text walk finds, its escape flag what the text holds.
    public static func jsonReader(_ input: [UInt8]) {
        input.withUnsafeBufferPointer { text in checkRecord(text) }
    }

    private static func checkRecord(_ text: UnsafeBufferPointer<UInt8>) {
        var scanner = JSONScanner()
        guard (try? scanner.scanObject(text)) != nil else { return }
        var json = JSONWriter(capacity: text.count + 64)
        json.beginObject()
        var paths: [JSONPath] = []
        for member in scanner.members {
            json.rawMember(key: UnsafeBufferPointer(rebasing: text[member.key]), value: UnsafeBufferPointer(rebasing: text[member.value]))
            _ = JSONString.decoded(member.key, in: text)
            if member.kind == .string { _ = JSONString.decoded(member.value, in: text) }
            let view = RecordView(text: text, members: scanner.members, isJSON: true)
            let name = String(decoding: JSONString.decoded(member.key, in: text), as: UTF8.self)
            for path in [name, name + ".0", name + ".a.b", name + ".1.x"] {
                if let path = JSONPath(path) {
                    _ = view.value(at: path)
                    paths.append(path)
                }
            }
        }
        let watched = WatchedPaths(paths)
        guard (try? scanner.scanObject(text, watching: watched)) != nil else { fatalError("valid once, invalid watched") }
        let view = RecordView(text: text, members: scanner.members, watched: scanner.watched, isJSON: true)
        for (slot, path) in paths.enumerated() {
            let viaWatch = view.value(watched: slot, at: path)
            let viaText = view.value(at: path)
            if String(describing: viaWatch) != String(describing: viaText) { fatalError("watched \(slot) differs from the text walk") }
            let found = view.watched[slot]
            if found.isWatched, found.escaped != (found.kind == .string && JSONString.hasEscape(UnsafeBufferPointer(rebasing: text[found.range]))) {
                fatalError("watched \(slot) says escaped: \(found.escaped), the text says otherwise")
            }
        }
        withExtendedLifetime(scanner) {}  // the members and values above are views into its storage
        json.key("added")
        json.string(Array(text.prefix(64)))
        json.endObject()
        json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
    }
}
