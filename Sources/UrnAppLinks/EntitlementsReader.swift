import CLibXML2
@_spi(Records) import UrnCore

/// Reads an iOS app's .entitlements file (an XML property list) into its Associated Domains
/// entitlement: the strings of the array under `com.apple.developer.associated-domains` in the
/// top-level dictionary, each with its line.
public struct EntitlementsReader: Sendable {
    /// The key of the Associated Domains entitlement.
    static let key = "com.apple.developer.associated-domains"

    /// A reader.
    public init() {}

    /// The entitlement of the file `name`, whose content is `bytes`.
    @_spi(Records) public func read(_ bytes: [UInt8], name: String) throws(TableError) -> EntitlementsFile {
        let document = try XMLTree.read(bytes, name: name, table: name, lineOffset: 0)
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), XMLTree.name(of: root) == "plist",
              let dictionary = XMLTree.children(of: root).first, XMLTree.name(of: dictionary) == "dict" else {
            throw TableError(table: name, line: 1, column: nil, reason: "not a property list whose top level is a <dict>")
        }
        let members = XMLTree.children(of: dictionary)
        guard let keyIndex = members.indices.first(where: { XMLTree.name(of: members[$0]) == "key" && XMLTree.text(of: members[$0]) == Self.key }) else {
            throw TableError(table: name, line: 1, column: nil, reason: "the property list has no \(Self.key) entitlement")
        }
        let line = Int(xmlGetLineNo(members[keyIndex]))
        guard keyIndex + 1 < members.count, XMLTree.name(of: members[keyIndex + 1]) == "array" else {
            throw TableError(table: name, line: line, column: nil, reason: "\(Self.key) is not an <array> of <string>s")
        }
        var strings: [(text: String, line: Int)] = []
        for element in XMLTree.children(of: members[keyIndex + 1]) {
            guard XMLTree.name(of: element) == "string" else {
                throw TableError(table: name, line: Int(xmlGetLineNo(element)), column: nil, reason: "\(Self.key) holds a <\(XMLTree.name(of: element))>, not a <string>")
            }
            strings.append((XMLTree.text(of: element), Int(xmlGetLineNo(element))))
        }
        return EntitlementsFile(name: name, strings: strings)
    }
}
