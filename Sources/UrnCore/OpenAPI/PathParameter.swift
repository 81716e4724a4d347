/// A path parameter of an OpenAPI operation: how its value is written in the path (`style`,
/// `explode`, Swagger 2's `collectionFormat`) and what its schema asks of it (urn-routes(5)
/// OPENAPI TABLES). A class: every link an operation takes reads it, and a reference is
/// passed where a copy of its fields would be retained one by one.
package final class PathParameter: Sendable {
    /// How a value is written in its segment (OpenAPI 3 "Style Values", RFC 6570).
    package enum Style: String, Sendable {
        /// `5`, `3,4,5`, `R,100,G,200` (or `R=100,G=200` exploded).
        case simple
        /// `.5`, `.3,4,5` (or `.3.4.5` exploded).
        case label
        /// `;id=5`, `;id=3,4,5` (or `;id=3;id=4;id=5` exploded).
        case matrix
    }

    /// The name, as the template writes it.
    package let name: String
    /// The name's UTF-8 bytes, the key of its argument.
    let nameBytes: [UInt8]
    package let style: Style
    package let explode: Bool
    /// What the value must be.
    package let schema: ParameterSchema
    /// The separator of an array's items when not exploded: `,`, or Swagger 2's
    /// `collectionFormat` (`ssv`, `tsv`, `pipes`).
    let separator: UInt8
    /// The value is a media type's text (`content`), taken as it is.
    let isContent: Bool
    /// The value is the whole of its segment and one JSON scalar (`simple` style, a primitive
    /// schema), which `ParameterSchema.read` reads in place.
    let isPrimitive: Bool

    /// A parameter.
    package init(name: String, style: Style = .simple, explode: Bool = false, schema: ParameterSchema,
                 separator: UInt8 = UInt8(ascii: ","), isContent: Bool = false) {
        self.name = name
        nameBytes = Array(name.utf8)
        self.style = style
        self.explode = explode
        self.schema = schema
        self.separator = separator
        self.isContent = isContent
        isPrimitive = !isContent && style == .simple && schema.type != .array && schema.type != .object
    }

    /// The argument `written` gives (its segment's text for this parameter, percent-decoded
    /// unless `--raw`) and the first rule it breaks, if any.
    func argument(_ written: ArraySlice<UInt8>) throws(Regex.MatchError) -> (ArgValue, broken: String?) {
        guard !isContent else { return (.string(written), nil) }
        guard let text = unprefixed(written) else { return (.string(written), "style: \(style.rawValue)") }
        switch schema.type {
        case .array?:
            return try array(text)
        case .object?:
            return try object(text)
        default:
            let (value, broken) = try schema.read(text)
            return (value.argument(text), broken)
        }
    }

    /// The value without what its style puts before it (`.` of `label`, `;name=` of
    /// `matrix`); nil when that is missing.
    private func unprefixed(_ written: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        switch style {
        case .simple:
            return written
        case .label:
            return written.first == UInt8(ascii: ".") ? written.dropFirst() : nil
        case .matrix:
            // an exploded object is `;k=v;k=v`: the names are the properties'
            if explode && schema.type == .object { return written.first == UInt8(ascii: ";") ? written.dropFirst() : nil }
            let prefix = [UInt8(ascii: ";")] + nameBytes
            guard written.starts(with: prefix) else { return nil }
            let rest = written.dropFirst(prefix.count)
            // RFC 6570: an empty value is written `;name`, without `=`
            if rest.isEmpty { return rest }
            return rest.first == UInt8(ascii: "=") ? rest.dropFirst() : nil
        }
    }

    /// The separator between an array's items or an object's pairs when exploded.
    private var explodedSeparator: UInt8 {
        switch style {
        case .simple: UInt8(ascii: ",")
        case .label: UInt8(ascii: ".")
        case .matrix: UInt8(ascii: ";")
        }
    }

    /// An array argument, each item read by `items`: its JSON text.
    private func array(_ text: ArraySlice<UInt8>) throws(Regex.MatchError) -> (ArgValue, broken: String?) {
        let items = schema.items ?? .any
        var pieces = text.split(separator: explode ? explodedSeparator : separator, omittingEmptySubsequences: false)
        if explode && style == .matrix {
            // `3;id=4;id=5`: the first item came without its name, the others with it
            let prefix = nameBytes + [UInt8(ascii: "=")]
            for index in pieces.indices.dropFirst() {
                guard pieces[index].starts(with: prefix) else { return (.string(text), "style: matrix") }
                pieces[index] = pieces[index].dropFirst(prefix.count)
            }
        }
        var json = JSONWriter(capacity: 64)
        var broken: String?
        json.beginArray()
        for piece in pieces {
            let (value, rule) = try items.read(piece)
            value.write(piece, into: &json)
            broken = broken ?? rule.map { "items: " + $0 }
        }
        json.endArray()
        return (.json(json.withSpan { $0.withUnsafeBufferPointer { Array($0) } }), broken)
    }

    /// An object argument: `k,v,k,v`, or exploded `k=v` pairs; each value read by its property's
    /// schema.
    private func object(_ text: ArraySlice<UInt8>) throws(Regex.MatchError) -> (ArgValue, broken: String?) {
        var pairs: [(ArraySlice<UInt8>, ArraySlice<UInt8>)] = []
        if explode {
            for piece in text.split(separator: explodedSeparator, omittingEmptySubsequences: false) {
                guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else { return (.string(text), "style: \(style.rawValue)") }
                pairs.append((piece[..<equals], piece[(equals + 1)...]))
            }
        } else {
            let pieces = text.split(separator: separator, omittingEmptySubsequences: false)
            guard pieces.count % 2 == 0 else { return (.string(text), "style: \(style.rawValue)") }
            for index in stride(from: 0, to: pieces.count, by: 2) { pairs.append((pieces[index], pieces[index + 1])) }
        }
        var json = JSONWriter(capacity: 64)
        var broken: String?
        json.beginObject()
        for (key, written) in pairs {
            json.key(key)
            let property = schema.properties.first { $0.name.utf8.elementsEqual(key) }?.schema ?? .any
            let (value, rule) = try property.read(written)
            value.write(written, into: &json)
            broken = broken ?? rule.map { "properties: " + String(decoding: key, as: UTF8.self) + ": " + $0 }
        }
        json.endObject()
        return (.json(json.withSpan { $0.withUnsafeBufferPointer { Array($0) } }), broken)
    }
}

/// A path parameter whose value does not fit its schema or style: the operation still takes the
/// request, as a server routes it and then answers 400 (urnmatch(1) RECORDS, `invalid`).
@_spi(Records) public struct InvalidParameter: Sendable, Equatable {
    /// The parameter's name.
    @_spi(Records) public let param: String
    /// The rule the value breaks, as `keyword: setting` (`type: integer`, `enum: [png, jpg]`).
    @_spi(Records) public let rule: String
    /// The value as the link gives it (percent-decoded unless `--raw`).
    @_spi(Records) public let value: String
}
