@_spi(Records) import UrnCore
import UrnDomains

@_spi(Fuzzing) extension FuzzProperty {
    /// Any bytes as a template: compiled, then rendered against a fixed record and link.
    public static func template(_ input: [UInt8]) {
        guard let template = try? Template(String(decoding: input, as: UTF8.self)) else {
            return
        }
        let record = Array(#"{"link":"https://u:p@h:1/a%20b?x=1&x=2#f","route":{"target":"T","args":{"id":7}},"stack":[{"t":null}]}"#.utf8)
        record.withUnsafeBufferPointer { text in
            var scanner = JSONScanner()
            try! scanner.scanObject(text)
            withExtendedLifetime(scanner) {
                var renderer = TemplateRenderer(record: RecordView(text: text, members: scanner.members, isJSON: true), domains: SystemDomains())
                var out = ByteBuffer(capacity: 64)
                _ = try? renderer.render(template, into: &out) { $0 = try LinkParser().parse("https://u:p@h:1/a%20b?x=1&x=2#f"); return true }
            }
        }
    }
}
