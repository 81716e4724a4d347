import UrnCLI
@_spi(Records) import UrnCore

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as a link, with every option, normalized and resolved: nothing may crash, and the
    /// JSON written for it must be valid.
    public static func linkParser(_ input: [UInt8]) {
            for leniency in [Leniency.strict, .queryAndFragment, .everywhere] {
            guard let link = try? LinkParser(compassScheme: "app", leniency: leniency).parse(input) else { continue }
            var json = JSONWriter(capacity: 256)
            json.beginObject()
            var fields = LinkSchema(normalize: true, domains: true, hostForm: leniency == .strict ? .ascii : .unicode)
            fields.write(link, into: &json)
            json.endObject()
            json.withSpan { $0.withUnsafeBytes { requireValidJSON($0) } }
            if let resolver = try? LinkResolver(base: "http://a/b/c/d;p?q") {
                _ = input.withUnsafeBufferPointer { try? LinkParser().parse($0, base: resolver) }
            }
        }
    }
}
