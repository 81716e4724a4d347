import FuzzDriver
import UrnCLI
import UrnCore

/// Any bytes as a link, with every option, normalized and resolved: nothing may crash, and the
/// JSON written for it must be valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    for leniency in [Leniency.strict, .queryAndFragment, .everywhere] {
        guard let link = try? LinkParser(compassScheme: "app", leniency: leniency).parse(input) else { continue }
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        var fields = LinkSchema(normalize: true, domains: true, hostForm: leniency == .strict ? .ascii : .unicode)
        fields.write(link, into: &json)
        json.endObject()
        json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
        if let resolver = try? LinkResolver(base: "http://a/b/c/d;p?q") {
            _ = try? LinkParser().parse(input, base: resolver)
        }
    }
    return 0
}

@_cdecl("FuzzLinkParser_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
