extension Matcher {
    /// The routes of an app-link table that take `link`, in the order the system tries them.
    /// apple-app-site-association: a universal link is an http(s) link of one of the table's
    /// hosts (any host without `--host`/`@host`); in each detail the first entry that matches
    /// decides, an exclusion taking the link away from that detail's apps, and the details are
    /// tried in order. AndroidManifest.xml: every link filter that takes the link, in document
    /// order (Android offers them all; the first is the winner here), each reading the link as
    /// Android's `Uri.parse` reads it (`AndroidURI`).
    func appLinkMatches(_ link: Link, in table: CompiledTable, all: Bool) throws(Regex.MatchError) -> [Match] {
        var matches: [Match] = []
        if table.table.format == .aasa, Self.universalLinkRefusal(link, hosts: table.table.hosts) != nil { return [] }
        var decided: Int?
        var uri: AndroidURI?
        for route in table.routes {
            switch route.appLink {
            case let .universalLink(rule):
                guard rule.detail != decided, try rule.accepts(link) else { continue }
                decided = rule.detail
                if rule.exclude { continue }
            case let .intentFilter(rule):
                if uri == nil { uri = AndroidURI(link.text) }
                guard rule.refusal(uri.unsafelyUnwrapped) == nil else { continue }
            case nil:
                continue
            }
            matches.append(Match(route: route, args: appLinkArguments(link)))
            if !all { break }
        }
        return matches
    }

    /// The apple-app-site-association entry that took `link` away from its app when no entry of
    /// the tables opens it: an `exclude` component (or a legacy `NOT ` path) that decided its
    /// detail, so iOS opens the link in the browser; nil otherwise. Asked for links no route took.
    @_spi(Records) public func universalLinkExclusion(_ link: Link) throws(Regex.MatchError) -> Route? {
        for table in compiled where table.table.format == .aasa && Self.universalLinkRefusal(link, hosts: table.table.hosts) == nil {
            var decided: Int?
            var exclusion: Route?
            for route in table.routes {
                guard case let .universalLink(rule)? = route.appLink, rule.detail != decided, try rule.accepts(link) else { continue }
                decided = rule.detail
                guard rule.exclude else { return nil }
                if exclusion == nil { exclusion = route }
            }
            if let exclusion { return exclusion }
        }
        return nil
    }

    /// Why `link` is no universal link for a table of `hosts`, or nil.
    static func universalLinkRefusal(_ link: Link, hosts: [HostPattern]) -> String? {
        guard let scheme = link.scheme, WebScheme.isHTTP(link.text[scheme]), let host = link.host else {
            return "a universal link is an http or https link"
        }
        guard hosts.isEmpty || hosts.contains(where: { $0.accepts(link.text[host]) }) else {
            return "the host '\(String(decoding: link.text[host], as: UTF8.self))' is not one the table is for (\(hosts.map(\.text).joined(separator: ", ")))"
        }
        return nil
    }

    /// An app-link route's arguments: none of its own, the query's with `--merge-query`.
    private func appLinkArguments(_ link: Link) -> Arguments {
        guard options.mergeQuery else { return Arguments() }
        var args = ArgumentList()
        addQueryParameters(of: link, to: &args)
        return args.finish()
    }

    /// Why each route of an app-link table does not take `link`, in table order.
    func appLinkExplanations(_ link: Link, in table: CompiledTable) throws(Regex.MatchError) -> [Explanation] {
        var explanations: [Explanation] = []
        let refusal = table.table.format == .aasa ? Self.universalLinkRefusal(link, hosts: table.table.hosts) : nil
        var decidedBy: [Int: Route] = [:]
        var uri: AndroidURI?
        for route in table.routes {
            var reason: String
            var near = false
            switch route.appLink {
            case let .universalLink(rule):
                if let refusal {
                    reason = refusal
                } else if let earlier = decidedBy[rule.detail] {
                    reason = "line \(earlier.line) ('\(earlier.pattern.text)') decides first" + (earlier.appLink.isExclusion ? ": the link is excluded" : "")
                    near = true
                } else if let refused = try rule.refusal(link) {
                    reason = refused.reason(rule)
                    near = refused != .path
                } else {
                    decidedBy[rule.detail] = route
                    reason = rule.exclude ? "excluded: this entry takes the link away from \(rule.appIDs.joined(separator: ", "))" : "matches"
                    near = true
                }
            case let .intentFilter(rule):
                if uri == nil { uri = AndroidURI(link.text) }
                let refused = rule.refusal(uri.unsafelyUnwrapped)
                reason = refused?.reason(rule) ?? "matches"
                near = refused == .path || refused == .defaultCategory
            case nil:
                continue
            }
            explanations.append(Explanation(route: route, reason: reason, leadingLiterals: near ? 1 : 0, distance: near ? 0 : 100, caseDifferences: 0))
        }
        return explanations
    }
}

extension Optional where Wrapped == AppLinkRule {
    /// An apple-app-site-association exclusion.
    fileprivate var isExclusion: Bool {
        if case let .universalLink(rule)? = self { return rule.exclude }
        return false
    }
}
