import FuzzDriver
import UrnCLI
import UrnCore

/// The last line is a link, the lines before it an app-link table (an apple-app-site-association
/// file or an AndroidManifest.xml, forced by its first byte): the table is read, checked, and the
/// link matched, explained and stacked; nothing may crash and the route JSON must be valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let cut = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
    let text = String(decoding: bytes[..<cut], as: UTF8.self)
    let format: RouteFileFormat = bytes.first == UInt8(ascii: "<") ? .android : .aasa
    guard let table = try? RouteTableParser(format: format, hosts: [HostPattern("*.example.com")!]).parse(text, name: "fuzz") else { return 0 }
    _ = TableCheck.findings([table])
    guard let link = try? LinkParser().parse(Array(bytes[(cut + 1)...])) else { return 0 }
    let matcher = Matcher(tables: [table], options: Matcher.Options(mergeQuery: true))
    guard let matches = try? matcher.match(link, all: true) else { return 0 }
    var json = JSONWriter(capacity: 256)
    json.beginArray()
    let routes = RouteSchema(matcher: matcher)
    for match in matches { routes.write(match, into: &json) }
    json.endArray()
    json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
    if matches.isEmpty { _ = try? matcher.explain(link) }
    _ = try? StackBuilder(matcher: matcher).stack(for: link)
    return 0
}

@_cdecl("FuzzAppLinkTable_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
