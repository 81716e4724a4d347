import CLibXML2
@_spi(Records) import UrnCore

/// Reads an AndroidManifest.xml into routes, one for each `<intent-filter>` of an `<activity>`
/// or `<activity-alias>` that has action `android.intent.action.VIEW` and category
/// `android.intent.category.BROWSABLE` (Android, "Create deep links to app content"). The XML
/// is parsed by libxml2 without network access or entity substitution.
package struct ManifestReader {
    /// The Android attribute namespace.
    static let namespace = "http://schemas.android.com/apk/res/android"

    /// The table's name, for routes and errors.
    let table: String
    /// The whole file.
    let bytes: [UInt8]
    /// Where the XML starts in `bytes` (after `@` directives).
    let start: Int
    /// Lines before the XML.
    private let lineOffset: Int

    /// A reader of the XML at `start` of `bytes`.
    package init(table: String, bytes: [UInt8], start: Int) {
        self.table = table
        self.bytes = bytes
        self.start = start
        lineOffset = bytes[..<start].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The routes of the manifest, in document order.
    package func routes() throws(TableError) -> [Route] {
        let document = try XMLTree.read(Array(bytes[start...]), name: "AndroidManifest.xml", table: table, lineOffset: lineOffset)
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), XMLTree.name(of: root) == "manifest" else {
            throw TableError(table: table, line: lineOffset + 1, column: nil, reason: "the root element is not <manifest>")
        }
        let package = Self.plainAttribute(root, "package")
        var routes: [Route] = []
        for application in XMLTree.children(of: root, named: "application") {
            for component in XMLTree.children(of: application) {
                let kind = XMLTree.name(of: component)
                guard kind == "activity" || kind == "activity-alias" else { continue }
                let activity = Self.qualified(try attribute(component, "name", line: lineOffset + Int(xmlGetLineNo(component))) ?? "", package: package)
                for filter in XMLTree.children(of: component, named: "intent-filter") {
                    if let rule = try self.rule(filter, activity: activity, index: routes.count) {
                        let pattern = Pattern(text: rule.text, scheme: nil, schemeAsWritten: nil, host: nil, segments: [],
                                              sourceRanges: [], slashSeparated: true)
                        routes.append(Route(pattern: pattern, target: activity, table: table,
                                            line: lineOffset + Int(xmlGetLineNo(filter)), appLink: .intentFilter(rule)))
                    }
                }
            }
        }
        return routes
    }

    /// The rule of a link filter (VIEW and BROWSABLE), or nil for any other filter. What the
    /// public parser would throw on refuses the manifest, in any filter
    /// (ParsedIntentInfoUtils.java `parseData`).
    private func rule(_ filter: xmlNodePtr, activity: String, index: Int) throws(TableError) -> IntentFilterRule? {
        var actions: [String] = [], categories: [String] = []
        var schemes: [String] = [], authorities: [IntentFilterRule.Authority] = [], paths: [AndroidPathMatcher] = []
        var elements: [(scheme: String?, host: String?)] = []
        var hasMimeType = false
        for child in XMLTree.children(of: filter) {
            let line = lineOffset + Int(xmlGetLineNo(child))
            switch XMLTree.name(of: child) {
            case "action": actions.append(try attribute(child, "name", line: line) ?? "")
            case "category": categories.append(try attribute(child, "name", line: line) ?? "")
            case "data":
                if let type = try attribute(child, "mimeType", line: line) {
                    // IntentFilter.addDataType: a type needs a '/' with text on both sides
                    guard let slash = type.utf16.firstIndex(of: UInt16(UInt8(ascii: "/"))), slash > type.utf16.startIndex,
                          type.utf16.distance(from: slash, to: type.utf16.endIndex) >= 2 else {
                        throw TableError(table: table, line: line, column: nil, reason: "android:mimeType '\(type)' is not a type/subtype")
                    }
                    hasMimeType = true
                }
                let scheme = try attribute(child, "scheme", line: line), host = try attribute(child, "host", line: line)
                elements.append((scheme, host))
                if let scheme, !schemes.contains(scheme) { schemes.append(scheme) }
                if let host {
                    var port: Int?
                    if let written = try attribute(child, "port", line: line) {
                        // AuthorityEntry(String, String): Integer.parseInt, a negative port being none
                        guard let number = JavaText.parseInt(written) else {
                            throw TableError(table: table, line: line, column: nil, reason: "android:port '\(written)' is not a number")
                        }
                        port = Int(number)
                    }
                    authorities.append(IntentFilterRule.Authority(host: host, port: port))
                }
                for kind in AndroidPathMatcher.Kind.allCases {
                    guard let value = try attribute(child, kind.rawValue, line: line) else { continue }
                    do throws(AndroidPathMatcher.Failure) {
                        paths.append(try AndroidPathMatcher(kind, value))
                    } catch {
                        throw TableError(table: table, line: line, column: nil, reason: "android:\(kind.rawValue) '\(value)': \(error.reason)")
                    }
                }
            default: continue
            }
        }
        guard actions.contains("android.intent.action.VIEW"), categories.contains("android.intent.category.BROWSABLE") else { return nil }
        return IntentFilterRule(activity: activity, filter: index, autoVerify: try attribute(filter, "autoVerify", line: lineOffset + Int(xmlGetLineNo(filter))) == "true",
                                hasDefaultCategory: categories.contains("android.intent.category.DEFAULT"), schemes: schemes,
                                authorities: authorities, paths: paths, hasMimeType: hasMimeType, elements: elements)
    }

    /// The `android:` attribute `name` of `node` (on `line`), its string escapes read as aapt2
    /// reads them; an escape aapt2 refuses is a table error (Android has no app to install).
    private func attribute(_ node: xmlNodePtr, _ name: String, line: Int) throws(TableError) -> String? {
        var value = xmlGetNsProp(node, name, Self.namespace)
        if value == nil { value = xmlGetProp(node, "android:" + name) }
        guard let value else { return nil }
        defer { urn_xml_free(value) }
        let text = String(cString: value)
        guard let unescaped = Self.unescaped(text) else {
            throw TableError(table: table, line: line, column: nil, reason: "android:\(name) '\(text)': aapt2 refuses the \\u escape (four hex digits)")
        }
        return unescaped
    }

    /// An attribute without a namespace (`package` of `<manifest>`).
    private static func plainAttribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { urn_xml_free(value) }
        return String(cString: value)
    }

    /// A resource string's escapes as aapt2 reads them in an attribute (tools/aapt2/ResourceUtils.cpp
    /// `StringBuilder::AppendText` with `preserve_spaces`, as XmlFlattener.cpp calls it): `\t`
    /// and `\n` are a tab and a newline, `\uXXXX` that character (fewer digits at the end of
    /// the text; none naming a surrogate), `\` before anything else that character (so a
    /// manifest writes a literal `*` of a `pathPattern` as `\\*`), and a `\` at the end is
    /// dropped. Nil where aapt2 fails the build: a `\u` with a non-hex digit among its four.
    static func unescaped(_ text: String) -> String? {
        guard text.contains("\\") else { return text }
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else { out.append(scalar); continue }
            guard let next = scalars.popFirst() else { break }
            switch next {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "u":
                // AppendUnicodeEscapeSequence: up to four hex digits
                var code: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = scalars.popFirst() else { break }
                    guard let value = digit.properties.isASCIIHexDigit ? UInt32(String(digit), radix: 16) : nil else { return nil }
                    code = code << 4 | value
                }
                if let decoded = Unicode.Scalar(code) { out.append(decoded) }
            default: out.append(next)
            }
        }
        return String(out)
    }

    /// An activity's name completed with the manifest's package: `.Main` and `Main` are
    /// `com.example.Main`.
    static func qualified(_ name: String, package: String?) -> String {
        guard let package, !name.isEmpty else { return name }
        if name.hasPrefix(".") { return package + name }
        return name.contains(".") ? name : package + "." + name
    }
}
