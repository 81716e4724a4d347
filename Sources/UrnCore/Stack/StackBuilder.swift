/// Builds the navigation stack a link opens (urnstack(1)): frames from the root screen to the route that
/// took the link. In a waap table the ancestors come from the registration chain (each prefix of
/// the route's pattern that the table declares with a target); elsewhere each proper prefix of
/// the link's components that some route matches is a frame, root first.
@_spi(Records) public struct StackBuilder {
    /// The matcher with the tables.
    @_spi(Records) public let matcher: Matcher

    /// A builder over `matcher`'s tables.
    @_spi(Records) public init(matcher: Matcher) {
        self.matcher = matcher
    }

    /// The stack of `link`, or `[]` when no screen route takes it.
    @_spi(Records) public func stack(for link: Link) throws(Regex.MatchError) -> [Frame] {
        try opening(for: link).frames
    }

    /// What `link` opens: the stack of screens, and the WAAppRouting block handler that runs as
    /// well (with the screen's arguments, or its own when no screen route takes the link).
    @_spi(Records) public func opening(for link: Link) throws(Regex.MatchError) -> (frames: [Frame], handler: Frame?) {
        var layout = StackLayout()
        try layOut(link, into: &layout)
        return (layout.frames, layout.handler)
    }

    /// Lays out what `link` opens (see `opening(for:)`) in `layout`, whose storage a caller keeps
    /// from link to link.
    @_spi(Records) public func layOut(_ link: Link, into layout: inout StackLayout) throws(Regex.MatchError) {
        layout.reset(text: link.reference.text, matcher: matcher)
        let held = matcher.startHolding()
        defer { matcher.endHolding(held) }
        guard let (top, walked) = try matcher.firstMatchWalkingPrefixes(link) else { return }
        try layOut(link, top: top.route, topArgs: .values(top.args), handler: top.handler, dialect: matcher.dialect(of: top.route),
                   prefixes: walked.map { .walked($0) } ?? .lookedUp, into: &layout)
    }

    /// Lays out what `link` opens when its top route and block handler are already known (from
    /// an upstream `route`): a block as the top is no screen, so it is the handler of no stack.
    @_spi(Records) public func layOut(_ link: Link, top: Route, topArgs: Frame.Arguments, handler: Route?,
                       into layout: inout StackLayout) throws(Regex.MatchError) {
        layout.reset(text: link.reference.text, matcher: matcher)
        let dialect = matcher.dialect(of: top)
        let held = matcher.startHolding()
        defer { matcher.endHolding(held) }
        // a chain's parents come from the table, not from the link's prefixes: no walk for them
        let walked = top.isBlock || dialect.rules.registrationChains ? nil : try matcher.walkingPrefixes(link)
        try layOut(link, top: top, topArgs: topArgs, handler: handler, dialect: dialect,
                   prefixes: walked.map { .walked($0) } ?? .lookedUp, into: &layout)
    }

    /// Where the winners of a link's prefixes come from: the matcher's walk for the top route
    /// (`Matcher.forEachWalkedPrefixWinner`, below this many lengths), or a look-up of their own.
    private enum PrefixWinners {
        case walked(Int)
        case lookedUp
    }

    /// Lays out the frames of `link` under `top` (a route of a table of `dialect`), the
    /// prefixes' winners taken from `source`, and the block handler, in `layout`, already reset
    /// for the link.
    private func layOut(_ link: Link, top: Route, topArgs: Frame.Arguments, handler: Route?, dialect: Dialect,
                        prefixes source: PrefixWinners, into layout: inout StackLayout) throws(Regex.MatchError) {
        if top.isBlock {
            layout.setHandler(top, args: topArgs)
            return
        }
        let delimiter = matcher.delimiter(of: top)
        if dialect.rules.registrationChains {
            // WAAppRouting: each parent is the screen registered for the class the chain names
            // before this one, found by class whatever the link (WAAppRouteHandler.m:145-160,
            // WAAppRouteRegistrar.m:181-195); a route registered alone has none. A class that is
            // its own ancestor makes the app loop for ever: urn stops at the first repeat.
            var parents: [Route] = []
            var current = top
            while let parentClass = current.parentClass, let parent = matcher.route(sharingTableWith: top, target: parentClass),
                  parent !== top, !parents.contains(where: { $0 === parent }) {
                parents.append(parent)
                current = parent
            }
            let prefix = LinkPrefix(link, dialect: dialect)
            for parent in parents.reversed() {
                let length = parent.pattern.segments.count
                // a parent whose pattern the link's reading does not give is a frame without arguments
                let match = try matcher.apply(parent, to: link, prefix: length)
                layout.append(.passUnretained(parent), linkEnd: prefix.end(components: length, of: layout.text, delimiter: delimiter),
                              args: .values(match?.args ?? Arguments()))
            }
        } else {
            var frames = PrefixFrames(top: top, dialect: dialect, delimiter: delimiter)
            switch source {
            case let .walked(count):
                try matcher.forEachWalkedPrefixWinner(link, below: count) { length, match in
                    frames.place(length, match, of: link, lookedUpIn: nil, into: &layout)
                }
            case .lookedUp:
                let lookedUp = try matcher.prefixMatches(link)
                for length in lookedUp.indices.dropFirst() {
                    if let match = lookedUp[length] { frames.place(length, match, of: link, lookedUpIn: matcher, into: &layout) }
                }
            }
        }
        layout.append(.passUnretained(top), linkEnd: layout.text.count, args: topArgs)
        if let handler { layout.setHandler(handler, args: topArgs) }
    }
}

/// The frames of a link's proper prefixes, laid out one winner at a time. A value the caller
/// keeps, rather than local variables a nested function captures: those a closure passed to the
/// matcher reaches are boxed, and every access to them was checked at run time.
private struct PrefixFrames {
    /// The route that took the whole link, which is no frame of its prefixes.
    let topReference: UnsafeMutableRawPointer
    /// The dialect of the top's table, which splits the link for a walk.
    let dialect: Dialect
    /// How the link was split last, and the delimiter of that split.
    var prefix: LinkPrefix?
    var prefixDelimiter: [UInt8]
    /// The route of the last frame.
    var lastRoute: UnsafeMutableRawPointer?

    init(top: Route, dialect: Dialect, delimiter: [UInt8]) {
        topReference = Unmanaged.passUnretained(top).toOpaque()
        self.dialect = dialect
        prefixDelimiter = delimiter
    }

    /// Lays out the frame of `match`, the winner for the first `length` components of `link`:
    /// looked up in `matcher`'s tables, whose routes may split the link otherwise, or (nil) found
    /// by the matcher's walk of one table, the top's. The routes
    /// are compared and kept by reference, and the frame's link is cut from the link's own text
    /// (the layout's is the same), which count no reference.
    mutating func place(_ length: Int, _ match: Match, of link: Link, lookedUpIn matcher: Matcher?,
                        into layout: inout StackLayout) {
        let route = match.routeReference.toOpaque()
        guard route != topReference else { return }
        if let matcher {
            let routeDialect = matcher.dialect(of: match.route), routeDelimiter = matcher.delimiter(of: match.route)
            if prefix?.dialect != routeDialect || prefixDelimiter != routeDelimiter {
                prefix = LinkPrefix(link, dialect: routeDialect)
                prefixDelimiter = routeDelimiter
            }
        } else if prefix == nil {
            prefix = LinkPrefix(link, dialect: dialect)
        }
        let end = prefix.unsafelyUnwrapped.end(components: length, of: link.reference.text, delimiter: prefixDelimiter)
        // a route that takes several prefixes (an optional segment) is one screen, at its longest
        if lastRoute == route {
            layout.replaceLast(match.routeReference, linkEnd: end, args: .values(match.args))
        } else {
            layout.append(match.routeReference, linkEnd: end, args: .values(match.args))
        }
        lastRoute = route
    }
}

/// How to go from one stack to another: pop the frames that differ, push the new ones. Frames
/// the two stacks share are kept; a modal frame starts a new presentation, so nothing after it is
/// shared.
@_spi(Records) public struct Transition: Sendable {
    /// How many frames to pop from the current stack.
    @_spi(Records) public let pop: Int
    /// The frames to push, root-most first.
    @_spi(Records) public let push: [Frame]

    /// The transition from `current` to `next`.
    @_spi(Records) public init(from current: [Frame], to next: [Frame]) {
        var shared = 0
        while shared < min(current.count, next.count), current[shared].isSame(as: next[shared]) {
            shared += 1
            if next[shared - 1].modal { break }
        }
        pop = current.count - shared
        push = Array(next[shared...])
    }
}
