@preconcurrency import Glibc
@_spi(Records) import UrnCore

/// urnmatch's work on one record: route the link, select, add `route` (and `explain`), count.
struct MatchStage: RecordStage {
    enum Selection { case matched, unmatched, every, count, stats }

    /// Whether a route matched. The winner itself, and what only `--all-matches` and
    /// `--explain` find, are kept in the stage until the next record (`winner`, `all`,
    /// `explanations`): the driver passes the result around, and a result that held the match
    /// would be destroyed, through an outlined value-witness call, on every record.
    struct Result {
        let matched: Bool
    }

    /// The matcher, whose scratch state is this stage's own (`copyForThread`).
    private(set) var matcher: Matcher
    let reader: LinkReader
    private(set) var routes: RouteSchema
    let selection: Selection
    let invert: Bool
    let allMatches: Bool
    let explain: Bool
    /// `--method`, and the field `--method-field` reads a record's method from.
    let method: String?
    let methodField: JSONPath?
    /// The link being routed, whose storage the next record's reuses.
    private var parsed = Link()
    /// Whether the last link parsed needs no JSON escape (`RecordStage.linkNeedsNoEscape`).
    private(set) var linkNeedsNoEscape = false
    /// The last record's winning route, if any.
    private var winner: Match?
    /// With `--all-matches`, the last record's matches in precedence order (the winner
    /// first); with `--explain`, why it matched nothing.
    private var all: [Match] = []
    private var explanations: [Explanation]?
    /// Whether a table is an apple-app-site-association file, whose exclusions are answers.
    private let readsUniversalLinks: Bool
    /// The last record's exclusion: the apple-app-site-association entry that took its link away
    /// from the app (written as `excluded` beside a null `route`).
    private var excluded: Route?
    /// The counts of `-c` and `--stats`.
    private var summary = Summary()
    /// With `--against`, the OLD tables each link is also routed through, and how the answers
    /// differ.
    private var comparison: TableComparison?
    /// Why NEW refused the link being compared (a comparison writes a record for it).
    private var newError: (any CodedError)?
    /// With the app's association files, what each OS does with a link (`opens`), and its
    /// answer for the last link.
    private var opener: LinkOpener?
    private var opens: (ios: LinkOpener.IOS?, android: LinkOpener.Android?) = (nil, nil)
    /// Whether there is an opener: a flag the record loop tests, where binding the optional
    /// would retain and release it on every record.
    private let writesOpens: Bool

    /// What `-c` and `--stats` count.
    struct Summary {
        var selected = 0
        var unmatched = 0
        /// Records whose link is `null`, which no route takes: neither hits nor unmatched.
        var noLink = 0
        /// Records that became error records (`--stats` counts them beside hits and unmatched).
        var errors = 0
        /// Records an OpenAPI operation took with a value that breaks its schema, counted apart
        /// from the hits: in all, and by route.
        var invalid = 0
        var invalidByRoute: [ObjectIdentifier: Int] = [:]
        /// Hits by route, and by route and method when records have one.
        var hits: [ObjectIdentifier: Int] = [:]
        var hitsByMethod: [ObjectIdentifier: [String: Int]] = [:]
        /// What `--against` found.
        var comparison = TableComparison.Summary()
    }

    init(matcher: Matcher, reader: LinkReader, selection: Selection, invert: Bool, allMatches: Bool, explain: Bool,
         method: String?, methodField: JSONPath?, readsRequestLines: Bool, comparison: TableComparison? = nil,
         opener: LinkOpener? = nil) {
        self.comparison = comparison
        self.opener = opener
        writesOpens = opener != nil
        self.matcher = matcher
        self.reader = reader
        routes = RouteSchema()
        self.selection = selection
        self.invert = invert
        self.allMatches = allMatches
        self.explain = explain
        self.method = method
        self.methodField = methodField
        self.readsRequestLines = readsRequestLines
        readsUniversalLinks = matcher.tables.contains { $0.format == .aasa }
    }

    var fieldNames: [String] {
        ["route"] + (readsUniversalLinks ? ["excluded"] : []) + (explain ? ["explain"] : []) + (writesOpens ? ["opens"] : [])
            + (comparison == nil ? [] : ["before", "change"])
    }
    let readsRequestLines: Bool
    var writesRecords: Bool { selection != .count && selection != .stats }

    mutating func prepare(link: Span<UInt8>, record: RecordView) throws -> Result {
        guard comparison != nil else { return try route(link, of: record) }
        // both sides answer for every link: a link NEW refuses is a record too
        var result = Result(matched: false)
        if newError != nil { newError = nil }
        var unreadable = false
        do {
            result = try route(link, of: record)
        } catch {
            newError = error as? any CodedError
            unreadable = error is LinkError
            if winner != nil { winner = nil }
            explanations = nil
        }
        let method = self.method == nil && methodField == nil && !record.isRequestLine ? nil : record.requestMethod(field: methodField, otherwise: method)
        comparison?.compare(link, of: record, newLink: parsed, method: method, winner: winner, newRefusal: newError,
                            unreadable: unreadable, opens: opens, into: &summary.comparison)
        return result
    }

    /// Routes the record's link through the tables (NEW, with `--against`).
    private mutating func route(_ link: Span<UInt8>, of record: RecordView) throws -> Result {
        try reader.read(link, of: record, into: &parsed)
        linkNeedsNoEscape = parsed.textNeedsNoEscape
        // nil spelled out when there is no method, rather than a copy of the nil property
        let method = self.method == nil && methodField == nil && !record.isRequestLine ? nil : record.requestMethod(field: methodField, otherwise: method)
        // let go first, so that the matcher can reuse the argument buffer the last winner holds
        if self.winner != nil { self.winner = nil }
        if allMatches {
            all = []  // first, so that the matcher can reuse the argument buffer these hold
            all = try matcher.match(parsed, all: true, method: method)
        }
        let winner = allMatches ? all.first : try matcher.firstMatch(parsed, method: method)
        if selection == .stats, let winner, !winner.invalid.isEmpty {
            summary.invalid += 1
            summary.invalidByRoute[ObjectIdentifier(winner.route), default: 0] += 1
        } else if selection == .stats, let winner {
            // only --stats reads the hits
            summary.hits[ObjectIdentifier(winner.route), default: 0] += 1
            if let handler = winner.handler { summary.hits[ObjectIdentifier(handler), default: 0] += 1 }
            if let method { summary.hitsByMethod[ObjectIdentifier(winner.route), default: [:]][method, default: 0] += 1 }
        } else if winner == nil {
            // Express answers 400, not 404, and a urlpattern table may read no URL from the link:
            // an error record, as for a link urnmatch cannot read
            try matcher.throwRefusal()
            summary.unmatched += 1
        }
        if readsUniversalLinks { excluded = winner == nil ? try matcher.universalLinkExclusion(parsed) : nil }
        if writesOpens { opens = try opener.unsafelyUnwrapped.opens(parsed) }
        if explain {
            if let winner {
                explanations = winner.invalid.isEmpty ? nil : matcher.explain(invalid: winner)
            } else {
                explanations = try matcher.explain(parsed, method: method)
            }
        }
        self.winner = consume winner
        return Result(matched: self.winner != nil)
    }

    /// A record whose link is `null` (a log line whose request names no target): a link no
    /// route takes, with no explanation, counted on a line of its own by `--stats`.
    mutating func prepare(nullLinkOf record: RecordView) throws -> Result? {
        linkNeedsNoEscape = false
        if winner != nil { winner = nil }
        if allMatches { all = [] }
        explanations = nil
        summary.noLink += 1
        return Result(matched: false)
    }

    mutating func selects(_ result: Result) -> Bool {
        if let comparison {
            // every record, as -a prints them, or with --changed those whose answer changed
            let isSelected = !comparison.changedOnly || comparison.change != .same
            if isSelected { summary.selected += 1 }
            return isSelected
        }
        let isSelected: Bool
        let matched = result.matched
        // what a server refuses: no operation takes the request, or one takes it with a value
        // that breaks its schema (an OpenAPI table's `invalid`)
        let refused = !matched || !winner.unsafelyUnwrapped.invalid.isEmpty
        switch selection {
        case .matched: isSelected = matched
        case .unmatched: isSelected = refused
        case .every: isSelected = true
        case .count, .stats: isSelected = invert ? refused : matched
        }
        if isSelected && (selection != .every || matched) { summary.selected += 1 }
        return isSelected
    }

    /// Under `-q`, a selected record answers when records are selected by matching (or not).
    func settlesStatus(_ result: Result) -> Bool {
        // a comparison's status is diff's: it is known only at the end
        comparison == nil && (selection == .matched || selection == .unmatched || (selection == .every && result.matched))
    }

    mutating func countError() { summary.errors += 1 }

    /// A copy with a matcher of its own over the same compiled tables, and route encodings of
    /// its own.
    func copyForThread() -> MatchStage {
        var copy = self
        copy.matcher = Matcher(sharingTablesOf: matcher)
        copy.routes = routes.copyForThread()
        copy.comparison = comparison?.copyForThread()
        copy.opener = opener?.copyForThread()
        return copy
    }

    mutating func takeSummary() -> Summary {
        defer { summary = Summary() }
        return summary
    }

    mutating func add(_ other: Summary) {
        summary.selected += other.selected
        summary.unmatched += other.unmatched
        summary.noLink += other.noLink
        summary.errors += other.errors
        summary.invalid += other.invalid
        summary.invalidByRoute.merge(other.invalidByRoute, uniquingKeysWith: +)
        summary.hits.merge(other.hits, uniquingKeysWith: +)
        summary.hitsByMethod.merge(other.hitsByMethod) { $0.merging($1, uniquingKeysWith: +) }
        summary.comparison.add(other.comparison)
    }

    func write(_ result: Result, into json: inout JSONWriter) {
        if allMatches {
            json.key("route")
            json.beginArray()
            for match in all { routes.write(match, into: &json) }
            json.endArray()
        } else if result.matched {
            json.rawMembersAndKey(#""route":{"#)
            routes.writeOpened(winner.unsafelyUnwrapped, into: &json)  // not bound to a name, which copied the match
        } else {
            json.key("route")
            json.null()
            if let excluded {
                json.key("excluded")
                RouteSchema.writeDeclaration(of: excluded, target: true, into: &json)
            }
        }
        if writesOpens { writeOpens(into: &json) }
        if let explanations {
            ExplainSchema(routes: routes).write(explanations, into: &json)
        }
        if let comparison {
            if let newError { ErrorSchema.write(newError, into: &json) }
            comparison.write(routes: routes, into: &json)
        }
    }

    /// `"opens":{"ios":…,"android":…}`, each platform the opener answers: null for a link that is
    /// no web link.
    private func writeOpens(into json: inout JSONWriter) {
        let opener = opener.unsafelyUnwrapped
        json.key("opens")
        json.beginObject()
        if opener.answersIOS {
            json.key("ios")
            if let ios = opens.ios { json.string(ios.rawValue) } else { json.null() }
        }
        if opener.answersAndroid {
            json.key("android")
            if let android = opens.android { json.string(android.rawValue) } else { json.null() }
        }
        json.endObject()
    }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        if comparison != nil { return try finishComparison(into: writer) }
        switch selection {
        case .count:
            try writer.line(String(summary.selected))
        case .stats:
            let stats = StatsSchema(routes: routes)
            let byMethod = method != nil || methodField != nil
            for table in matcher.tables {
                for route in table.routes {
                    stats.write(route: route, hits: summary.hits[ObjectIdentifier(route)] ?? 0,
                                byMethod: byMethod ? summary.hitsByMethod[ObjectIdentifier(route)] ?? [:] : nil,
                                invalid: route.operation == nil ? nil : summary.invalidByRoute[ObjectIdentifier(route)] ?? 0, into: &writer.json)
                    try writer.endText()
                }
            }
            stats.write(count: "unmatched", summary.unmatched, into: &writer.json)
            try writer.endText()
            if matcher.tables.contains(where: { $0.format == .openapi }) {
                stats.write(count: "invalid", summary.invalid, into: &writer.json)
                try writer.endText()
            }
            stats.write(count: "noLink", summary.noLink, into: &writer.json)
            try writer.endText()
            stats.write(count: "errors", summary.errors, into: &writer.json)
            try writer.endText()
            return summary.hits.isEmpty && summary.invalid == 0 ? .nothingSelected : .success
        default:
            break
        }
        return summary.selected > 0 ? .success : .nothingSelected
    }

    /// The end of a comparison: `-c`'s count or `--stats`' lines (one a change kind, then one
    /// for each OLD route whose links moved), and diff's status: 1 when some link's answer
    /// changed, else 0.
    private func finishComparison(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        let found = summary.comparison
        switch selection {
        case .count:
            try writer.line(String(summary.selected))
        case .stats:
            for change in TableComparison.Change.allCases {
                writer.json.beginObject()
                writer.json.key("change")
                writer.json.string(change.rawValue)
                writer.json.key("count")
                writer.json.int(found.changes[change.index])
                writer.json.endObject()
                try writer.endText()
            }
            for table in comparison?.matcher.tables ?? [] {
                for route in table.routes {
                    guard let moved = found.moved[ObjectIdentifier(route)] else { continue }
                    writer.json.beginObject()
                    writer.json.key("table")
                    writer.json.string(route.table)
                    writer.json.key("line")
                    writer.json.int(route.line)
                    writer.json.key("pattern")
                    writer.json.string(route.pattern.text)
                    writer.json.key("elsewhere")
                    writer.json.int(moved.elsewhere)
                    writer.json.key("nowhere")
                    writer.json.int(moved.nowhere)
                    writer.json.endObject()
                    try writer.endText()
                }
            }
        default:
            break
        }
        return found.differs ? .nothingSelected : .success
    }
}
