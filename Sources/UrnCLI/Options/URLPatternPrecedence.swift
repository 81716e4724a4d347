import ArgumentParser

/// `--precedence`: which of the routes of a urlpattern table that take a link wins.
package enum URLPatternPrecedence: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The first in table order, as routers that try each pattern in turn do.
    case order
    /// The most specific, by URLPattern's tentative `compareComponent`.
    case specific
}
