import ArgumentParser
@_spi(Records) import UrnCore

/// `--method-field`, where a record holds its HTTP method: urnmatch routes by it, and
/// `urnparse --log json` reads it into `method`.
package struct MethodFieldOption: ParsableArguments {
    /// The method field's path, as given.
    @Option(help: ArgumentHelp("Read each record's HTTP method from this field (a name or a dotted path).", valueName: "path"))
    package var methodField: String?

    package init() {}

    package func validate() throws {
        if let methodField, JSONPath(methodField) == nil { throw ValidationError("invalid --method-field path '\(methodField)'") }
    }

    /// The method field's path (validated), if one is given.
    package var path: JSONPath? { methodField.flatMap(JSONPath.init) }
}
