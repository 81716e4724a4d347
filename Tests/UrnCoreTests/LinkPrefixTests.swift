import Testing
@_spi(Records) @testable import UrnCore

/// Where an ancestor frame's link ends (`LinkPrefix`): in the urn and waap dialects, after an
/// app scheme's host and then after each path segment as `Link.forEachSegment` splits the link
/// (empty segments and a trailing `/` included); past the last component, at the link's end.
@Suite struct LinkPrefixTests {
    @Test(arguments: ["app://list/3/extra", "https://api.github.com/repos/a/b", "/a//b/", "list/3", "app://host",
                      "app://h/a/", "app://h//", "myapp:user:7", "/"])
    func endsAfterEachComponent(text: String) throws {
        let delimiter = [UInt8(ascii: ":")]
        let link = try LinkParser().parse(text)
        var ends: [Int] = []
        if link.kind == .url, let scheme = link.scheme, !WebScheme.contains(link.text[scheme]), let host = link.host {
            ends.append(host.upperBound)
        }
        link.forEachSegment(delimiter: delimiter) { ends.append($0.upperBound) }
        for dialect in [Dialect.urn, .waap] {
            let prefix = LinkPrefix(link, dialect: dialect)
            for count in 1...(ends.count + 2) {
                let expected = count <= ends.count ? ends[count - 1] : link.text.count
                #expect(prefix.end(components: count, of: link.text, delimiter: delimiter) == expected, "\(dialect) \(count)")
            }
            #expect(prefix.end(components: 0, of: link.text, delimiter: delimiter) == 0)
        }
    }
}
