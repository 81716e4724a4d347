import CLibXML2
@_spi(Records) import UrnCore

/// The XML documents the app-link readers read (an AndroidManifest.xml, an entitlements plist),
/// parsed by libxml2 without network access or entity substitution, and walked element by
/// element.
enum XMLTree {
    /// The document of `bytes`; the caller frees it (`xmlFreeDoc`). A document that is not
    /// well-formed is the error libxml2 gives, at its line of `table` (after `lineOffset` lines).
    static func read(_ bytes: [UInt8], name: String, table: String, lineOffset: Int) throws(TableError) -> xmlDocPtr {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlReadMemory(chars.baseAddress, Int32(clamping: chars.count), name, nil, options)
            }
        }
        guard let document = parsed else {
            var reason = "not well-formed XML"
            var line = 1
            if let error = xmlGetLastError() {
                reason = String(cString: error.pointee.message)
                while reason.last == "\n" { reason.removeLast() }
                line = Int(error.pointee.line)
            }
            throw TableError(table: table, line: lineOffset + max(line, 1), column: nil, reason: reason)
        }
        return document
    }

    /// The element's name.
    static func name(of node: xmlNodePtr) -> String {
        String(cString: node.pointee.name)
    }

    /// The element children of `node`, in order (those named `name`, when given).
    static func children(of node: xmlNodePtr, named name: String? = nil) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, name == nil || Self.name(of: current) == name { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    /// The text of `node`'s text and CDATA children, in order.
    static func text(of node: xmlNodePtr) -> String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }
}
