/// Example links for a URLPattern route that the standard's `generate()` refuses: a regexp or
/// wildcard group, an optional or repeated part. Each component is written part by part, a
/// group's value made by urn's regex example maker from the group's own expression; even
/// variants keep the optional parts and odd ones leave them out.
extension ExampleLinks {
    /// The links of `pattern` for `variant` and the two after it, each with the values its
    /// named groups took.
    func urlPatternCandidates(_ pattern: URLPattern, variant: Int, random: inout SplitMix64) -> Result<[Candidate], Failure> {
        var candidates: [Candidate] = []
        var failure = Failure(reason: "no link was found")
        for attempt in 0..<3 {
            var values: [(name: String, value: String)] = []
            do {
                var texts: [String] = []
                for component in URLPattern.Component.allCases {
                    texts.append(try text(of: pattern.compiled[component.rawValue], component, variant: variant + attempt,
                                          values: &values, random: &random))
                }
                let link = Self.link(texts)
                if !candidates.contains(where: { $0.link == link }) {
                    candidates.append(Candidate(link: link, method: nil, values: values))
                }
            } catch {
                failure = Failure(reason: "cannot build a link through a URLPattern: " + error.message)
            }
        }
        return candidates.isEmpty ? .failure(failure) : .success(candidates)
    }

    /// Whether links of `pattern` vary with the values chosen: a component other than the
    /// wildcard `*` has a group or an optional or repeated part.
    static func urlPatternVaries(_ pattern: URLPattern) -> Bool {
        pattern.compiled.contains { !$0.isWildcard && $0.parts.parts.contains { $0.kind != .fixedText || $0.modifier != .none } }
    }

    /// The named groups of `pattern` with the type of their values: a regexp group's own
    /// expression, `string` for the others.
    static func urlPatternPlaceholders(_ pattern: URLPattern) -> [(name: String, type: ValueType?)] {
        var found: [(name: String, type: ValueType?)] = []
        for compiled in pattern.compiled {
            for part in compiled.groups where !(part.name.unicodeScalars.first?.isASCIIDigit ?? true) {
                guard !found.contains(where: { $0.name == part.name }) else { continue }
                let regex = part.kind == .regexp ? try? Self.regex(of: part, in: compiled) : nil
                found.append((part.name, regex.map { .regex($0) } ?? .string))
            }
        }
        return found
    }

    /// The text of one component: a whole-component wildcard (`*`) as a link most often has
    /// it, otherwise its parts in order.
    private func text(of compiled: URLPattern.Compiled, _ component: URLPattern.Component, variant: Int,
                      values: inout [(name: String, value: String)], random: inout SplitMix64) throws(URLPatternError) -> String {
        if compiled.isWildcard {
            switch component {
            case .protocol: return "https"
            case .hostname: return host
            case .pathname: return "/"
            default: return ""
            }
        }
        var out = ""
        for part in compiled.parts.parts where part.modifier == .none || part.modifier == .oneOrMore || variant % 2 == 0 {
            if part.kind == .fixedText {
                out += part.value
                continue
            }
            // each group starts at another value of its list: `/c/alice/bob`, not `/c/alice/alice`
            let value = try groupValue(part, in: compiled, component, variant: variant + values.count, random: &random)
            if let first = part.name.unicodeScalars.first, !first.isASCIIDigit { values.append((part.name, value)) }
            out += part.prefix + (try compiled.encoding(value)) + part.suffix
        }
        return out
    }

    /// A value group `part` takes: a word for a `:name`, a string its regexp takes whole, one
    /// or several segments for a wildcard.
    private func groupValue(_ part: PatternParts.Part, in compiled: URLPattern.Compiled, _ component: URLPattern.Component,
                            variant: Int, random: inout SplitMix64) throws(URLPatternError) -> String {
        let found: String?
        switch part.kind {
        case .regexp:
            found = ExampleValues.matching(try Self.regex(of: part, in: compiled), variant: variant, random: &random)
        case .fullWildcard:
            found = component == .pathname ? Self.unnamedValues[variant % Self.unnamedValues.count] : "any"
        default:
            found = ExampleValues.value(for: part.name, type: .string, variant: variant, random: &random)
        }
        let delimiter = compiled.parts.options.delimiter
        guard let value = found, part.kind != .segmentWildcard || delimiter.isEmpty || !value.contains(delimiter) else {
            throw URLPatternError("no value the group '\(part.name)' of the \(component) takes was found")
        }
        return value
    }

    /// A regexp group's expression, compiled to take a value whole.
    private static func regex(of part: PatternParts.Part, in compiled: URLPattern.Compiled) throws(URLPatternError) -> Regex {
        do {
            return try Regex(try ECMAScriptRegex.pcre(part.value), caseInsensitive: compiled.parts.options.ignoreCase)
        } catch let error as URLPatternError {
            throw error
        } catch {
            throw URLPatternError("the regexp of the group '\(part.name)' does not compile")
        }
    }

    /// The link of the eight component texts, in URL order.
    private static func link(_ texts: [String]) -> String {
        let (scheme, user, password, host, port, path, query, fragment) = (texts[0], texts[1], texts[2], texts[3], texts[4], texts[5], texts[6], texts[7])
        var link = scheme + ":"
        if !host.isEmpty || WebURL.specialSchemes.keys.contains(scheme) {
            link += "//"
            if !user.isEmpty || !password.isEmpty { link += user + (password.isEmpty ? "" : ":" + password) + "@" }
            link += host + (port.isEmpty ? "" : ":" + port)
            if !path.hasPrefix("/") { link += "/" }
        }
        link += path
        if !query.isEmpty { link += "?" + query }
        if !fragment.isEmpty { link += "#" + fragment }
        return link
    }
}
