extension Matcher {
    /// The arguments of an OpenAPI operation's route against the current `components`: each
    /// template expression's value read by its parameter's style and schema (a name the
    /// operation declares no parameter for keeps its text), and in `invalidParameters` the
    /// values that break their schema, and the empty ones (`emptyValue`).
    func operationArguments(_ route: Route, _ operation: OpenAPIOperation, _ link: Link) throws(Regex.MatchError) -> Arguments {
        var args = ArgumentList(reusing: &argumentBuffer)
        if !invalidParameters.isEmpty { invalidParameters.removeAll(keepingCapacity: true) }
        if route.pattern.untypedPlaceholders.applies {
            try addSlotArguments(route, operation, to: &args)
        } else {
            try addSegmentArguments(route, operation, to: &args)
        }
        if options.mergeQuery { addQueryParameters(of: link, to: &args) }
        return args.finish(into: &argumentBuffer)
    }

    /// Adds the arguments of a route whose placeholders are whole segments, each one's parameter
    /// found when the route was built; a primitive value is read and added in place, as an urn
    /// table's plain placeholders are (every link the operation takes comes through here).
    private func addSlotArguments(_ route: Route, _ operation: OpenAPIOperation, to args: inout ArgumentList) throws(Regex.MatchError) {
        let namesArePlain = route.pattern.untypedPlaceholders.namesArePlain
        let valuesArePlain = components.isPlain
        try operation.slotParameters.withUnsafeBufferPointer { (parameters) throws(Regex.MatchError) in
            try forEachPlainSlot(of: route) { (k, name, text) throws(Regex.MatchError) in
                if text.isEmpty {
                    args.addNew(name: name, string: text, plainName: namesArePlain, plainValue: true)
                    return noteEmpty(parameters[k].map { $0.takeUnretainedValue().name } ?? String(decoding: name, as: UTF8.self))
                }
                guard let held = parameters[k] else {
                    return args.addNew(name: name, string: text, plainName: namesArePlain, plainValue: valuesArePlain)
                }
                unowned(unsafe) let parameter = held.takeUnretainedValue()
                guard parameter.isPrimitive else { return try addArgument(of: parameter, ArraySlice(text), to: &args) }
                let (value, broken) = try parameter.schema.read(text)
                if value == .string {
                    args.addNew(name: name, string: text, plainName: namesArePlain, plainValue: valuesArePlain)
                } else {
                    args.addNew(name: name, value.argument([]))  // typed: the text is not kept
                }
                if let broken {
                    invalidParameters.append(InvalidParameter(param: parameter.name, rule: broken, value: String(decoding: text, as: UTF8.self)))
                }
            }
        }
    }

    /// Adds the arguments of each placeholder of `route`'s segments, whole or inside one,
    /// finding its parameter by name.
    private func addSegmentArguments(_ route: Route, _ operation: OpenAPIOperation, to args: inout ArgumentList) throws(Regex.MatchError) {
        for (index, segment) in route.pattern.segments.enumerated() where index < components.count {
            switch segment {
            case let .placeholder(placeholder):
                try addArgument(placeholder.nameBytes, components[index], operation, to: &args)
            case let .composite(composite):
                let written = Array(components[index])
                guard let groups = try composite.regex.captures(written) else { continue }
                for (k, placeholder) in composite.placeholders.enumerated() where !PathTemplate.isRepeat(placeholder.nameBytes) {
                    guard let group = groups[composite.groups[k]] else { continue }
                    try addArgument(placeholder.nameBytes, written[group], operation, to: &args)
                }
            case .literal, .wildcard, .catchAll:
                continue
            }
        }
    }

    /// Adds the argument `written` gives the parameter `name`, noting a broken rule.
    private func addArgument(_ name: [UInt8], _ written: ArraySlice<UInt8>, _ operation: OpenAPIOperation,
                             to args: inout ArgumentList) throws(Regex.MatchError) {
        if written.isEmpty {
            args.addNew(name, .string(written))
            return noteEmpty(operation.parameter(named: name)?.name ?? String(decoding: name, as: UTF8.self))
        }
        guard let parameter = operation.parameter(named: name) else {
            args.addNew(name, .string(written))
            return
        }
        try addArgument(of: parameter, written, to: &args)
    }

    /// Adds the argument `written` gives `parameter`, noting a broken rule.
    private func addArgument(of parameter: PathParameter, _ written: ArraySlice<UInt8>, to args: inout ArgumentList) throws(Regex.MatchError) {
        let (value, broken) = try parameter.argument(written)
        args.addNew(parameter.nameBytes, value)
        if let broken {
            invalidParameters.append(InvalidParameter(param: parameter.name, rule: broken, value: String(decoding: written, as: UTF8.self)))
        }
    }

    /// Notes the empty value of the parameter `name`: it takes its template expression (as
    /// openapi-core's `[^/]*` does) but is no value. A path parameter is required (OpenAPI
    /// 3.1.0 §4.8.12.1), and the simple style writes an undefined value as nothing (OpenAPI
    /// 3.1.1 §4.8.12.6 Style Examples), so an empty segment is one a client had no value for.
    private func noteEmpty(_ name: String) {
        invalidParameters.append(InvalidParameter(param: name, rule: Self.emptyValueRule, value: ""))
    }

    /// The rule an empty path value breaks.
    static let emptyValueRule = "required: true"

    /// Why the OpenAPI operation of `match` refuses its values: one explanation a broken rule
    /// (`--explain` on a record whose `route` has `invalid`).
    @_spi(Records) public func explain(invalid match: Match) -> [Explanation] {
        match.invalid.map { invalid in
            Explanation(route: match.route, reason: "parameter '\(invalid.param)': '\(invalid.value)' breaks \(invalid.rule)",
                        leadingLiterals: 0, distance: 0, caseDifferences: 0)
        }
    }
}
