extension RouteTableParser {
    /// The app-link table or OpenAPI document in `bytes` (urn-routes(5) APP-LINK TABLES, OPENAPI
    /// TABLES), or nil when they hold a route table. Leading blank lines, `#` comments and the directives `@format` and `@host`
    /// come first; the format is `format` (`--format`), else `@format`, else what the rest
    /// looks like.
    func appLinkTable(_ bytes: [UInt8], name: String) throws(TableError) -> RouteTable? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var written: RouteFileFormat?
        var hosts = self.hosts
        var otherDirective: Int?
        var line = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            line += 1
            // only a directive's line is made text: a document may be one line of megabytes
            let first = bytes[start..<end].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            guard first == nil || first == UInt8(ascii: "@") || first == UInt8(ascii: "#") else { break }
            let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingBlanks()
            if text.hasPrefix("@") {
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                switch words[0] {
                case "@format":
                    guard words.count == 2, let format = RouteFileFormat(rawValue: words[1]) else {
                        throw TableError(table: name, line: line, column: 1,
                                         reason: "@format takes one of: " + RouteFileFormat.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    written = format
                case "@host":
                    guard words.count >= 2 else { throw TableError(table: name, line: line, column: 1, reason: "@host takes one or more hosts") }
                    for word in words.dropFirst() {
                        guard let host = HostPattern(word) else {
                            throw TableError(table: name, line: line, column: 1, reason: "@host '\(word)' is not a host (example.com or *.example.com)")
                        }
                        hosts.append(host)
                    }
                default:
                    otherDirective = otherDirective ?? line
                }
            } else if !text.isEmpty, !text.hasPrefix("#") {
                break
            }
            start = min(end + 1, bytes.count)
        }
        let format = self.format ?? written ?? RouteFileFormat.detect(bytes[start...])
        guard format != .routes else { return nil }
        if let otherDirective {
            throw TableError(table: name, line: otherDirective, column: 1,
                             reason: "only @format and @host go with an app-link table or OpenAPI document (\(format.rawValue))")
        }
        let routes: [Route]
        var notes: [(line: Int, detail: String)] = []
        var document: JSONDocument.Node?
        switch format {
        case .aasa: routes = try AASAReader(table: name, bytes: bytes, start: start).routes()
        case .android:
            guard let manifests else {
                throw TableError(table: name, line: 1, column: nil,
                                 reason: "an AndroidManifest.xml table needs libxml2: read it through the UrnAppLinks product (ManifestTables)")
            }
            routes = try manifests.routes(table: name, bytes: bytes, start: start)
        default:
            (routes, notes, document) = try OpenAPIReader(table: name, bytes: bytes, start: start, hosts: hosts,
                                                          caseInsensitive: caseInsensitive, yaml: yaml).routes()
        }
        var table = RouteTable(name: name, dialect: dialect, scheme: nil, delimiter: delimiter, routes: routes)
        table.notes = notes
        table.document = document
        table.format = format
        table.hosts = hosts
        return table
    }
}

extension String {
    /// The text without blanks (spaces, tabs, a carriage return) at either end.
    fileprivate func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
