import ArgumentParser
@_spi(Records) import UrnCore

/// `urnmatch --against`: each link routed through a second set of tables (OLD) beside the
/// first (NEW), and what changed between them (urnmatch-tables(7) COMPARING TABLES): `before` holds
/// what OLD gives, `change` one of `same`, `target`, `pattern`, `args`, `lost`, `gained`, `error`.
final class TableComparison {
    /// What counts as the same answer (`--compare`).
    enum Basis: String, ExpressibleByArgument, CaseIterable {
        /// The same pattern, target and arguments: the whole answer (the default).
        case answer
        /// The same pattern and arguments.
        case route
        /// The same target and arguments, whatever the pattern.
        case target
        /// Whether any route takes the link.
        case routed
        /// Whether the OS opens the app: iOS on the side of the apple-app-site-association
        /// file, Android on the side of the manifest (`opens`, from the app's association files).
        case opens
    }

    /// How one link's answers differ.
    enum Change: String, CaseIterable {
        /// `target`: another target; `pattern`: the same target through another pattern.
        case same, target, pattern, args, lost, gained, error

        /// Its place in `allCases`.
        var index: Int {
            switch self {
            case .same: 0
            case .target: 1
            case .pattern: 2
            case .args: 3
            case .lost: 4
            case .gained: 5
            case .error: 6
            }
        }
    }

    /// The matcher over the OLD tables, whose scratch state is this comparison's own.
    let matcher: Matcher
    /// Reads links as the OLD tables read them; nil when they read them as the NEW ones do,
    /// and the NEW side's parse serves both.
    let reader: LinkReader?
    let basis: Basis
    /// Print only the records whose change is not `same` (`--changed`).
    let changedOnly: Bool
    /// Explain OLD's answer too (`--explain`).
    let explain: Bool
    /// With `--compare opens`, whether NEW is the iOS side (and OLD the Android one).
    var newIsIOS = true

    /// OLD's answer for the record being compared.
    private(set) var before: Match?
    private(set) var beforeError: (any CodedError)?
    private(set) var beforeExplanations: [Explanation]?
    private(set) var change = Change.same
    /// The link read for OLD, when its tables read links otherwise.
    private var parsed = Link()

    /// What `--stats` and the exit status need.
    struct Summary {
        /// Records by change, in the order of `Change.allCases`.
        var changes = [Int](repeating: 0, count: Change.allCases.count)
        /// For each OLD route whose links moved: how many went to another route, how many to none.
        var moved: [ObjectIdentifier: (elsewhere: Int, nowhere: Int)] = [:]
    }

    init(matcher: Matcher, reader: LinkReader?, basis: Basis, changedOnly: Bool, explain: Bool) {
        self.matcher = matcher
        self.reader = reader
        self.basis = basis
        self.changedOnly = changedOnly
        self.explain = explain
    }

    /// A comparison with a matcher of its own over the same OLD tables (`--jobs`).
    func copyForThread() -> TableComparison {
        let copy = TableComparison(matcher: Matcher(sharingTablesOf: matcher), reader: reader, basis: basis, changedOnly: changedOnly,
                                   explain: explain)
        copy.newIsIOS = newIsIOS
        return copy
    }

    /// Routes the record's link through OLD (`link` already read for NEW as `newLink`) and
    /// compares with NEW's answer `winner`, or its refusal (`newRefusal`: `unreadable` when
    /// NEW could not read the link at all); counts the change into `summary`.
    func compare(_ link: Span<UInt8>, of record: RecordView, newLink: Link, method: String?,
                 winner: Match?, newRefusal: (any CodedError)?, unreadable: Bool,
                 opens: (ios: LinkOpener.IOS?, android: LinkOpener.Android?), into summary: inout Summary) {
        if before != nil { before = nil }
        if beforeError != nil { beforeError = nil }
        if beforeExplanations != nil { beforeExplanations = nil }
        var refused = false
        do {
            if let reader {
                try reader.read(link, of: record, into: &parsed)
                try route(parsed, method: method)
            } else if unreadable {
                // the same parser reads both sides: a link NEW could not read, OLD cannot either
                beforeError = newRefusal
                refused = true
            } else {
                try route(newLink, method: method)
            }
        } catch {
            beforeError = error as? any CodedError
            before = nil
            refused = true
        }
        change = basis == .opens ? Self.change(opens, newIsIOS: newIsIOS)
            : Self.change(from: before, refused, to: winner, newRefusal != nil, basis: basis)
        summary.changes[change.index] += 1
        if let before, change == .target || change == .pattern || change == .lost {
            var moved = summary.moved[ObjectIdentifier(before.route)] ?? (0, 0)
            if change == .lost { moved.nowhere += 1 } else { moved.elsewhere += 1 }
            summary.moved[ObjectIdentifier(before.route)] = moved
        }
    }

    /// Routes `link` through OLD: `before`, and with `--explain` why nothing took it.
    private func route(_ link: Link, method: String?) throws {
        before = try matcher.firstMatch(link, method: method)
        if before == nil { try matcher.throwRefusal() }
        if explain, before == nil { beforeExplanations = try matcher.explain(link, method: method) }
    }

    /// How OLD's answer (`old`, or an error) and NEW's (`new`, or an error) differ on `basis`.
    static func change(from old: Match?, _ oldRefused: Bool, to new: Match?, _ newRefused: Bool, basis: Basis) -> Change {
        if oldRefused || newRefused { return oldRefused == newRefused ? .same : .error }
        switch (old, new) {
        case (nil, nil): return .same
        case (nil, _?): return .gained
        case (_?, nil): return .lost
        case let (old?, new?):
            if basis == .routed { return .same }
            // which part changed, of those the basis compares: the target first, then the pattern
            if basis != .route || old.route.pattern.text != new.route.pattern.text, old.route.target != new.route.target {
                return .target
            }
            if basis != .target, old.route.pattern.text != new.route.pattern.text { return .pattern }
            return old.args.holdsTheSame(as: new.args) ? .same : .args
        }
    }

    /// How the two platforms' answers differ, NEW's platform against OLD's: `gained` when only
    /// NEW's opens the app, `lost` when only OLD's does.
    static func change(_ opens: (ios: LinkOpener.IOS?, android: LinkOpener.Android?), newIsIOS: Bool) -> Change {
        let ios = opens.ios == .app, android = opens.android == .app
        let (new, old) = newIsIOS ? (ios, android) : (android, ios)
        return new == old ? .same : new ? .gained : .lost
    }

    /// Writes `before` and `change` into the open record.
    func write(routes: RouteSchema, into json: inout JSONWriter) {
        json.key("before")
        json.beginObject()
        json.key("route")
        if let before { routes.write(before, into: &json) } else { json.null() }
        if let beforeError { ErrorSchema.write(beforeError, into: &json) }
        if let beforeExplanations { ExplainSchema(routes: routes).write(beforeExplanations, into: &json) }
        json.endObject()
        json.key("change")
        json.string(change.rawValue)
    }
}

extension TableComparison.Summary {
    /// Adds what another thread gathered.
    mutating func add(_ other: TableComparison.Summary) {
        for index in changes.indices { changes[index] += other.changes[index] }
        moved.merge(other.moved) { ($0.elsewhere + $1.elsewhere, $0.nowhere + $1.nowhere) }
    }

    /// Whether some link's answer changed.
    var differs: Bool { changes.dropFirst().contains { $0 > 0 } }
}
