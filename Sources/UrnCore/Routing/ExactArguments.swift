/// Arguments in the exact dialects: by position, a later placeholder of the same name winning
/// (each library fills a dictionary), in the string forms the app sees.
extension Matcher {
    /// The arguments of `route` against the current `components`, which it matched.
    func exactArguments(_ route: Route, _ link: Link, dialect: Dialect) throws(Regex.MatchError) -> Arguments {
        var args = ArgumentList(reusing: &argumentBuffer)
        if let express = route.pattern.express {
            try expressArguments(express, link, into: &args)
        } else if dialect == .express, route.pattern.optionalSegments.isEmpty, route.pattern.untypedPlaceholders.applies {
            let plain = route.pattern.untypedPlaceholders
            // each value as written unless it has an escape to decode, read where it lies
            plain.names.withUnsafeBufferPointer { names in
                components.withUnsafeParts { bytes, ranges in
                    for slot in plain.slots where slot.index < ranges.count {
                        let name = UnsafeBufferPointer(rebasing: names[slot.name])
                        let written = UnsafeBufferPointer(rebasing: bytes[ranges[slot.index]])
                        if !PercentCoding.needsDecoding(written) {
                            args.set(name: name, string: written, plainName: plain.namesArePlain)
                        } else {
                            args.set(name, .string(expressParameter(name, ArraySlice(written))))
                        }
                    }
                }
            }
            return finishExactArguments(route, link, dialect: dialect, &args)
        }
        let segments = route.pattern.optionalSegments.isEmpty ? route.pattern.segments
            : try matchingVariant(route.pattern, dialect: dialect)
        for (index, segment) in segments.enumerated() where index < components.count {
            switch segment {
            case let .placeholder(placeholder):
                let written = components[index]
                switch dialect {
                case .compass:
                    // Location.swift:19–22 decodes each value once; an invalid escape keeps it as written
                    let value = options.raw ? Array(written) : (PercentCoding.removingPercentEncoding(written) ?? Array(written))
                    args.set(placeholder.nameBytes, .string(value[...]))
                case .navigator:
                    // URLMatcher.swift:10–26: Int(_:), Float(_:), UUID(uuidString:), never decoded
                    guard var value = try placeholder.type.value(written, singlePrecision: true) else { continue }
                    if case .uuid = placeholder.type, case let .string(bytes) = value {
                        value = .string(bytes.map(ByteClass.uppercased)[...])  // UUID.uuidString
                    }
                    args.set(placeholder.nameBytes, value)
                case .express:
                    args.set(placeholder.nameBytes, .string(expressParameter(placeholder.nameBytes, written)))
                case .waap, .urn, .urlpattern:
                    args.set(placeholder.nameBytes, .string(written))  // WARoutePattern.m:97–101
                }
            case let .catchAll(name?) where dialect == .navigator:
                // URLMatcher.swift:23–25: the rest of the path from here, joined with `/`
                var joined: [UInt8] = []
                for i in index..<components.count {
                    if i > index { joined.append(UInt8(ascii: "/")) }
                    joined += components[i]
                }
                args.set(Array(name.utf8), .string(joined[...]))
            default:
                continue
            }
        }
        return finishExactArguments(route, link, dialect: dialect, &args)
    }

    /// Adds the query parameters (`--merge-query`) and the defaults after the path's arguments.
    private func finishExactArguments(_ route: Route, _ link: Link, dialect: Dialect, _ args: inout ArgumentList) -> Arguments {
        if options.mergeQuery {
            var query = ArgumentList()
            forEachQueryPair(link, dialect: dialect) { key, value in query.set(key, .string(value[...])) }
            for item in query.finish() { args.add(item.name, item.value) }
        }
        for (key, value) in route.defaults { args.add(key.utf8, value) }
        return args.finish(into: &argumentBuffer)
    }

    /// The variant of a pattern with optional segments that takes the components: the first in
    /// `variants` order, which fills the earlier optional segments first, as the regex's greedy
    /// groups do (`/a/:x?/b/:y?` reads `/a/b/v` with `y`).
    private func matchingVariant(_ pattern: Pattern, dialect: Dialect) throws(Regex.MatchError) -> [Segment] {
        let rules = SegmentRules(dialect, caseInsensitive: options.caseInsensitive)
        var matching = pattern.segments
        try pattern.forEachVariant { (variant) throws(Regex.MatchError) -> Bool in
            guard variant.count == components.count, try Alignment.align(variant, components, rules: rules, into: &alignment) else { return true }
            matching = variant
            return false
        }
        return matching
    }

    /// The query pairs as the library reads them, in order (a later key replaces an earlier one
    /// in the caller). URLNavigator: split on `&`, the key as written, the value decoded
    /// (URLConvertible.swift:22–33). WAAppRouting: split on every `=` and `&` and taken two by
    /// two, nothing decoded (NSURL+WAAdditions.m:13–21; an odd count makes the library index
    /// past the end, and urn leaves the last key out instead).
    private func forEachQueryPair(_ link: Link, dialect: Dialect, _ body: ([UInt8], [UInt8]) -> Void) {
        guard let query = link.query else { return }
        let text = link.text[query]
        switch dialect {
        case .navigator:
            for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let value = item[(equals + 1)...]
                body(Array(item[..<equals]), options.raw ? Array(value) : (PercentCoding.removingPercentEncoding(value) ?? Array(value)))
            }
        case .waap:
            // CFURL gives an opaque URL (`app:x?k=v`, no `//`) no query (NSURL+WAAdditions.m:14)
            if link.scheme != nil && link.reference.authority == nil { return }
            let parts = text.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "&") }
            var i = 0
            while i + 1 < parts.count {
                body(Array(parts[i]), Array(parts[i + 1]))
                i += 2
            }
        case .express:
            // req.query's default parser decodes keys and values, `+` as a space
            for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
                let key = item[..<equals], value = equals < item.endIndex ? item[(equals + 1)...] : []
                func decoded(_ part: ArraySlice<UInt8>) -> [UInt8] {
                    options.raw ? Array(part) : (PercentCoding.decodedUTF8(part, plusAsSpace: true) ?? Array(part))
                }
                body(decoded(key), decoded(value))
            }
        case .compass, .urn, .urlpattern:
            return
        }
    }

    /// The parameters of an Express path that only its regex matches: each group by its key,
    /// a later group of the same name replacing an earlier one unless it took nothing
    /// (Layer#match in Express 4's lib/router/layer.js).
    private func expressArguments(_ express: ExpressRegex, _ link: Link, into args: inout ArgumentList) throws(Regex.MatchError) {
        let pathname = Self.pathname(link)
        guard let groups = try express.regex.captures(pathname) else { return }
        for (index, key) in express.keys.enumerated() where index < groups.count {
            guard let range = groups[index] else { continue }
            args.set(Array(key.name.utf8), .string(expressParameter(key.name.utf8, pathname[range])))
        }
    }

    /// An Express parameter as `decode_param` gives it (layer.js:166-181): `decodeURIComponent`
    /// of the raw text (as written under `--raw`). A value it cannot decode is kept as written
    /// and, the first of a match, noted in `undecodable`: Express answers 400 for it.
    func expressParameter(_ name: some Collection<UInt8>, _ written: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard PercentCoding.needsDecoding(written) else { return written }
        guard let decoded = PercentCoding.removingPercentEncoding(written) else {
            if undecodable == nil {
                undecodable = UndecodableParameter(name: String(decoding: name, as: UTF8.self), value: String(decoding: written, as: UTF8.self))
            }
            return written
        }
        return options.raw ? written : decoded[...]
    }
}

/// A parameter value `decodeURIComponent` refuses (a `%` without two hex digits, bytes that are
/// not UTF-8): Express answers 400 and runs no route (lib/router/layer.js:166-181).
@_spi(Records) public struct UndecodableParameter: CodedError, Equatable {
    /// The parameter's name (`0`, `1`, … for a group without one).
    @_spi(Records) public let name: String
    /// Its value as written in the link.
    @_spi(Records) public let value: String

    @_spi(Records) public var code: String { "invalid-param-encoding" }
    @_spi(Records) public var message: String {
        "parameter '\(name)' = '\(value)' is not percent-encoded UTF-8: Express answers 400 (decodeURIComponent throws) and runs no route"
    }
    @_spi(Records) public var offset: Int? { nil }
}
