/// Reads an OpenAPI document written in YAML into the tree a JSON document gives. YAML needs
/// libyaml, so the reader comes with the UrnOpenAPI product (`YAMLDocuments`), and the routing
/// engine, which reads JSON documents itself, links no YAML library.
package protocol YAMLReading: Sendable {
    /// The tree of the YAML document in `bytes` from byte `start` on, held to `limits`, with the
    /// values `outline` leaves out `.omitted`; `position` gives lines and columns for errors
    /// about table `table`.
    func document(table: String, bytes: [UInt8], start: Int, position: TextPosition, limits: DocumentLimits,
                  outline: OpenAPIOutline) throws(TableError) -> JSONDocument.Node
}
