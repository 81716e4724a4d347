/// The arguments of a route that matched: the dialect's string forms, typed values, query
/// parameters and defaults, copied into the matcher's argument buffer.
extension Matcher {
    private static let slash = [UInt8(ascii: "/")]

    /// The arguments of `route` against the current `components`.
    func arguments(_ route: Route, _ link: Link, dialect: Dialect, delimiter: [UInt8]) throws(Regex.MatchError) -> Arguments {
        if let operation = route.operation { return try operationArguments(route, operation, link) }
        guard !dialect.rules.libraryArguments else { return try exactArguments(route, link, dialect: dialect) }
        var args = ArgumentList(reusing: &argumentBuffer)
        if route.pattern.untypedPlaceholders.applies {
            let namesArePlain = route.pattern.untypedPlaceholders.namesArePlain
            let valuesArePlain = components.isPlain
            forEachPlainSlot(of: route) { _, name, value in
                args.addNew(name: name, string: value, plainName: namesArePlain, plainValue: valuesArePlain)
            }
        } else {
            guard try addSegmentArguments(of: route, delimiter: delimiter, to: &args) else {
                _ = args.finish(into: &argumentBuffer)
                return Arguments()
            }
        }
        if options.mergeQuery { addQueryParameters(of: link, to: &args) }
        if !route.defaults.isEmpty {
            for (key, value) in route.defaults { args.add(key.utf8, value) }
        }
        return args.finish(into: &argumentBuffer)
    }

    /// Calls `body` with each placeholder of `route`, whose `untypedPlaceholders` apply, in
    /// pattern order: its place among them, its name and its component's bytes, read in place
    /// through the route (lists bound to a name were copies, each retained).
    @inline(__always)
    func forEachPlainSlot<E: Error>(of route: Route, _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws(E) -> Void) throws(E) {
        try route.pattern.untypedPlaceholders.names.withUnsafeBufferPointer { (names) throws(E) in
            try route.pattern.untypedPlaceholders.slots.withUnsafeBufferPointer { (slots) throws(E) in
                try components.withUnsafeParts { (bytes, ranges) throws(E) in
                    for (k, slot) in slots.enumerated() where slot.index < ranges.count {
                        try body(k, UnsafeBufferPointer(rebasing: names[slot.name]), UnsafeBufferPointer(rebasing: bytes[ranges[slot.index]]))
                    }
                }
            }
        }
    }

    /// Adds the arguments that `route`'s segments take from the current `components` (typed,
    /// composite and catch-all ones included); false when its catch-alls cannot take them.
    private func addSegmentArguments(of route: Route, delimiter: [UInt8], to args: inout ArgumentList) throws(Regex.MatchError) -> Bool {
        // Without catch-alls segment i takes component i; with them, find the split.
        let aligned = route.pattern.catchAllCount > 0
        if aligned {
            let rules = SegmentRules(.urn, caseInsensitive: options.caseInsensitive)
            guard try Alignment.align(route.pattern.segments, components, rules: rules, into: &alignment) else { return false }
        }
        for (index, segment) in route.pattern.segments.enumerated() {
            let range = aligned ? alignment[index] : index..<(index + 1)
            switch segment {
            case .literal, .wildcard:
                continue
            case let .placeholder(placeholder):
                if let typed = try placeholder.type.value(components[range.lowerBound]) {
                    args.addNew(placeholder.nameBytes, typed)
                }
            case let .composite(composite):
                let segmentBytes = Array(components[range.lowerBound])
                guard let groups = try composite.regex.captures(segmentBytes) else { continue }
                for (k, placeholder) in composite.placeholders.enumerated() {
                    guard let group = groups[composite.groups[k]] else { continue }
                    if let typed = try placeholder.type.value(segmentBytes[group]) {
                        args.addNew(placeholder.nameBytes, typed)
                    }
                }
            case let .catchAll(name):
                guard var name else { continue }
                let separator = route.pattern.slashSeparated ? Self.slash : delimiter
                // the components joined straight into the arguments' buffer
                name.withUTF8 { name in
                    components.withUnsafeParts { bytes, ranges in
                        separator.withUnsafeBufferPointer { separator in
                            args.addNew(name: name, joining: UnsafeBufferPointer(rebasing: ranges[range]), of: bytes, separator: separator)
                        }
                    }
                }
            }
        }
        return true
    }

    /// Adds `link`'s query parameters (`--merge-query`), decoded unless `--raw`; a name already
    /// there keeps its value.
    func addQueryParameters(of link: Link, to args: inout ArgumentList) {
        let decode = !options.raw
        link.forEachParameter { key, valueRange in
            let name = decode ? (PercentCoding.decodedUTF8(link.text[key], plusAsSpace: true) ?? Array(link.text[key])) : Array(link.text[key])
            let raw = link.text[valueRange]
            let value = decode ? (PercentCoding.decodedUTF8(raw, plusAsSpace: true) ?? Array(raw)) : Array(raw)
            args.add(name, .string(value[...]))
        }
    }
}
