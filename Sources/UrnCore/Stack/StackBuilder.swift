/// Builds the navigation stack a link opens (urnstack(1)): frames from the root screen to the route that
/// took the link. In a waap table the ancestors come from the registration chain (each prefix of
/// the route's pattern that the table declares with a target); elsewhere each proper prefix of
/// the link's components that some route matches is a frame, root first.
public struct StackBuilder {
    /// The matcher with the tables.
    public let matcher: Matcher

    /// A builder over `matcher`'s tables.
    public init(matcher: Matcher) {
        self.matcher = matcher
    }

    /// The stack of `link`, or `[]` when no screen route takes it.
    public func stack(for link: Link) throws(Regex.MatchError) -> [Frame] {
        try opening(for: link).frames
    }

    /// What `link` opens: the stack of screens, and the WAAppRouting block handler that runs as
    /// well (with the screen's arguments, or its own when no screen route takes the link).
    public func opening(for link: Link) throws(Regex.MatchError) -> (frames: [Frame], handler: Frame?) {
        var storage: [Frame] = []
        return try opening(for: link, reusing: &storage)
    }

    /// `opening(for:)`, its frames put in the storage of `storage`, which it takes: a caller that
    /// gives back the frames of the last link once done with them (`storage = frames`) builds
    /// the next stack without allocating its array.
    public func opening(for link: Link, reusing storage: inout [Frame]) throws(Regex.MatchError) -> (frames: [Frame], handler: Frame?) {
        guard let (top, walked) = try matcher.firstMatchWalkingPrefixes(link) else { return ([], nil) }
        return try opening(for: link, top: top.route, topArgs: .values(top.args), handler: top.handler,
                           prefixes: walked.map { .walked($0) } ?? .lookedUp, reusing: &storage)
    }

    /// What `link` opens when its top route and block handler are already known (from an
    /// upstream `route`): a block as the top is no screen, so it is the handler of no stack.
    public func opening(for link: Link, top: Route, topArgs: Frame.Arguments,
                        handler: Route?) throws(Regex.MatchError) -> (frames: [Frame], handler: Frame?) {
        var storage: [Frame] = []
        return try opening(for: link, top: top, topArgs: topArgs, handler: handler, prefixes: .lookedUp, reusing: &storage)
    }

    /// Where the winners of a link's prefixes come from: the matcher's walk for the top route
    /// (`Matcher.walkedPrefixWinner`, for this many lengths), or a look-up of their own.
    private enum PrefixWinners {
        case walked(Int)
        case lookedUp
    }

    /// `opening(for:top:topArgs:handler:)`, with the prefixes' winners from `prefixes` and the
    /// frames in the storage of `storage`.
    private func opening(for link: Link, top: Route, topArgs: Frame.Arguments, handler: Route?,
                         prefixes: PrefixWinners, reusing storage: inout [Frame]) throws(Regex.MatchError) -> (frames: [Frame], handler: Frame?) {
        // the whole link's text is taken where a frame needs it: taken first, or in a closure,
        // it kept a copy of the whole link alive across the stack's building
        if top.isBlock { return ([], Frame(route: top, link: link.reference.text[...], args: topArgs)) }
        let text = link.reference.text
        let frames = try stack(for: link, text: text, top: top, topArgs: topArgs, prefixes: prefixes, reusing: &storage)
        guard let handler else { return (frames, nil) }
        return (frames, Frame(route: handler, link: text[...], args: topArgs))
    }

    /// The stack of `link` whose top route is already known (from an upstream `route`).
    public func stack(for link: Link, top: Route, topArgs: Frame.Arguments) throws(Regex.MatchError) -> [Frame] {
        var storage: [Frame] = []
        return try stack(for: link, text: link.reference.text, top: top, topArgs: topArgs, prefixes: .lookedUp, reusing: &storage)
    }

    /// The stack of `link` (whose text is `text`: read from the link here, it was copied whole
    /// for each frame) under `top`, the prefixes' winners taken from `source`, in the storage of
    /// `storage` (which it takes).
    private func stack(for link: Link, text: [UInt8], top: Route, topArgs: Frame.Arguments,
                       prefixes source: PrefixWinners, reusing storage: inout [Frame]) throws(Regex.MatchError) -> [Frame] {
        let dialect = matcher.dialect(of: top)
        let delimiter = matcher.delimiter(of: top)
        var frames: [Frame] = []
        swap(&frames, &storage)
        frames.removeAllShort()
        if dialect.rules.registrationChains {
            // WAAppRouting: the chain's prefixes that the table declares with a target
            let segments = top.pattern.text.split(separator: "/", omittingEmptySubsequences: false)
            let prefix = LinkPrefix(link, dialect: dialect)
            frames.reserveCapacity(segments.count)
            if segments.count > 1 {
                for length in 1..<segments.count {
                    let pattern = segments[..<length].joined(separator: "/")
                    guard let route = matcher.route(sharingTableWith: top, pattern: pattern), route.target != nil, !route.isBlock,
                          let match = try matcher.apply(route, to: link, prefix: length) else { continue }
                    frames.append(Frame(route: route, link: prefix.text(components: length, of: text, delimiter: delimiter),
                                        args: .values(match.args)))
                }
            }
        } else {
            var lookedUp: [Match?] = []
            let lengths: Int
            switch source {
            case let .walked(count): lengths = count
            case .lookedUp:
                lookedUp = try matcher.prefixMatches(link)
                lengths = lookedUp.count
            }
            frames.reserveCapacity(lengths)  // at most one a prefix, and the top
            var prefix: LinkPrefix?
            var prefixDelimiter = delimiter
            // the route of the last frame: comparing `frames.last?.route` copied the whole frame
            var lastRoute: ObjectIdentifier?
            if lengths > 1 {
                for length in 1..<lengths {
                    let found: Match?
                    if case .walked = source { found = try matcher.walkedPrefixWinner(link, length: length) } else { found = lookedUp[length] }
                    guard let match = found, match.route !== top else { continue }
                    // The routes of one table split the link alike; another table may not. A
                    // walk has one table: the top's.
                    if case .walked = source {
                        if prefix == nil { prefix = LinkPrefix(link, dialect: dialect) }
                    } else {
                        let routeDialect = matcher.dialect(of: match.route), routeDelimiter = matcher.delimiter(of: match.route)
                        if prefix?.dialect != routeDialect || prefixDelimiter != routeDelimiter {
                            prefix = LinkPrefix(link, dialect: routeDialect)
                            prefixDelimiter = routeDelimiter
                        }
                    }
                    // a route that takes several prefixes (an optional segment) is one screen, at its longest
                    let route = ObjectIdentifier(match.route)
                    let frame = Frame(match, link: prefix!.text(components: length, of: text, delimiter: prefixDelimiter))
                    if lastRoute == route { frames[frames.count - 1] = frame } else { frames.append(frame) }
                    lastRoute = route
                }
            }
        }
        frames.append(Frame(route: top, link: text[...], args: topArgs))
        return frames
    }
}

/// How to go from one stack to another: pop the frames that differ, push the new ones. Frames
/// the two stacks share are kept; a modal frame starts a new presentation, so nothing after it is
/// shared.
public struct Transition: Sendable {
    /// How many frames to pop from the current stack.
    public let pop: Int
    /// The frames to push, root-most first.
    public let push: [Frame]

    /// The transition from `current` to `next`.
    public init(from current: [Frame], to next: [Frame]) {
        var shared = 0
        while shared < min(current.count, next.count), current[shared].isSame(as: next[shared]) {
            shared += 1
            if next[shared - 1].modal { break }
        }
        pop = current.count - shared
        push = Array(next[shared...])
    }
}
