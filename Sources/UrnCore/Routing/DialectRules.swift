/// Each dialect's behaviour as named rules, in one table: matching, explaining,
/// checking, table reading and stacking ask for a rule, not for a dialect. Where a rule is a
/// whole implementation (a library's pattern syntax, its argument forms, its component
/// readings), the code for it lives in one file each: `ExactSyntax`, `ExactArguments`,
/// `LinkComponents`. What a segment accepts is `SegmentRules`, built from these.
package struct DialectRules: Sendable {
    /// How a route's scheme (and host) constrain a link.
    package enum SchemeTest: Sendable {
        /// urn: a scheme or host in the pattern must be the link's, letter case ignored.
        case caseless
        /// URLNavigator: the pattern's scheme, as written, must be the link's, and a pattern
        /// without one takes only links without one (URLMatcher.swift:57 at b881f23).
        case exact
        /// Compass and WAAppRouting: no test of their own (a waap `app:` is a component).
        case none
    }

    /// Which of two matching routes wins.
    package enum Ranking: Sendable {
        /// urn-patterns(7) PRECEDENCE: more literals; literal, typed, plain, catch-all at the first difference; fewer
        /// catch-alls; table order.
        case urnPrecedence
        /// Compass (Navigator.swift:89–119) and URLNavigator: the most literal components,
        /// then table order.
        case mostLiterals
        /// WAAppRouting: the first in table order (the library walks a dictionary).
        case tableOrder
        /// An OpenAPI document: a concrete path first (OpenAPI 3.1.0 §4.8.8.2 Path Templating
        /// Matching), then the path with fewer template expressions, then document order, as
        /// openapi-core ranks the rest, which the specification leaves to the tool.
        case fewestExpressions
        /// A urlpattern table under `--precedence specific`: the URL Pattern Standard's
        /// tentative `compareComponent`, component by component in URL order (protocol to
        /// hash), the more specific first; then table order.
        case urlPatternSpecificity
    }

    /// Placeholders and `*` take an empty component (Compass: Navigator.swift:100–106).
    package let emptyValues: Bool
    /// Floats parse as `Float(_:)` does (URLNavigator: URLMatcher.swift:10–26).
    package let singlePrecisionFloats: Bool
    /// A pattern registered again replaces the earlier route: the libraries keep a dictionary
    /// keyed by pattern (urn keeps both and `--check` reports a duplicate).
    package let lastRegistrationWins: Bool
    /// Tables may hold WAAppRouting registration chains and block handlers, and stacks come
    /// from the chains (WAAppRouteRegistrar.m:52–125 at 57eb35e).
    package let registrationChains: Bool
    /// Arguments come from the reading of host and path, whichever reading matched
    /// (WAAppRouteMatcher.m:28–35).
    package let argumentsFromRouteString: Bool
    /// A `scheme://name` with `?` or `#` switches to Compass's host mode (Navigator.swift:31).
    package let hostMode: Bool
    /// The arguments are the library's own string forms (`ExactArguments`), not urn's typed,
    /// decoded values.
    package let libraryArguments: Bool
    /// A link the parser refuses is matched as its raw text, as the app passes it as a `String`
    /// (URLNavigator: URLConvertible.swift:40–55, URLMatcher.swift:130–135).
    package let linksAsText: Bool
    /// Literals compare as Swift `String`s do, by canonical equivalence (NFC `café` is NFD
    /// `cafe\u{301}`), a pattern's spellings being one dictionary key (URLNavigator:
    /// URLMatcher.swift:155, Navigator.swift:35).
    package let canonicalLiterals: Bool
    /// How the scheme constrains a link.
    package let schemeTest: SchemeTest
    /// Which matching route wins.
    package let ranking: Ranking
    /// Literals compare without regard to case even without `-i` (Express's `caseSensitive` is
    /// off by default: path-to-regexp's `i` flag).
    package let caselessLiterals: Bool
    /// Only the pathname is matched (never scheme or host), and one that does not start with
    /// `/` (the asterisk form `*`) only by the paths a regex serves (Express routes `req.url`'s
    /// pathname).
    package let pathnameOnly: Bool
    /// Links are HTTP request targets, read as Node's HTTP parser and `parseurl` read them
    /// (`LinkParser.requestTargets`): Express never sees a link Node refuses.
    package let requestTargets: Bool
    /// A route whose path takes the link decodes its parameters before its method is checked,
    /// and a value `decodeURIComponent` refuses answers 400, whatever the method: no route runs
    /// (Express: lib/router/layer.js:166-181, index.js:224-261).
    package let decodesBeforeMethod: Bool
    /// A blank inside braces belongs to the pattern, as a `{name:REGEX}` placeholder's regex may
    /// hold one; in the libraries' own syntaxes braces hold no regex, so a blank always ends
    /// the pattern of a text route and an unclosed `{` never swallows the target.
    package let bracesHoldBlanks: Bool

    static var urn: DialectRules { DialectRules(emptyValues: false, singlePrecisionFloats: false, lastRegistrationWins: false,
                                  registrationChains: false, argumentsFromRouteString: false, hostMode: false,
                                  libraryArguments: false, linksAsText: false, canonicalLiterals: false, schemeTest: .caseless, ranking: .urnPrecedence, caselessLiterals: false, pathnameOnly: false, requestTargets: false, decodesBeforeMethod: false, bracesHoldBlanks: true) }
    static var compass: DialectRules { DialectRules(emptyValues: true, singlePrecisionFloats: false, lastRegistrationWins: true,
                                      registrationChains: false, argumentsFromRouteString: false, hostMode: true,
                                      libraryArguments: true, linksAsText: false, canonicalLiterals: false, schemeTest: .none, ranking: .mostLiterals, caselessLiterals: false, pathnameOnly: false, requestTargets: false, decodesBeforeMethod: false, bracesHoldBlanks: false) }
    static var navigator: DialectRules { DialectRules(emptyValues: false, singlePrecisionFloats: true, lastRegistrationWins: true,
                                        registrationChains: false, argumentsFromRouteString: false, hostMode: false,
                                        libraryArguments: true, linksAsText: true, canonicalLiterals: true, schemeTest: .exact, ranking: .mostLiterals, caselessLiterals: false, pathnameOnly: false, requestTargets: false, decodesBeforeMethod: false, bracesHoldBlanks: false) }
    static var waap: DialectRules { DialectRules(emptyValues: false, singlePrecisionFloats: false, lastRegistrationWins: true,
                                   registrationChains: true, argumentsFromRouteString: true, hostMode: false,
                                   libraryArguments: true, linksAsText: false, canonicalLiterals: false, schemeTest: .none, ranking: .tableOrder, caselessLiterals: false, pathnameOnly: false, requestTargets: false, decodesBeforeMethod: false, bracesHoldBlanks: false) }
    // computed, not stored: a stored static is a lazily made global, checked on every use, and
    // these are read per link; as constants the optimizer folds them away

    /// Express 4: the raw pathname against each path in registration order, the first wins
    /// (Router#handle walks its stack); parameters decoded with `decodeURIComponent`.
    static var express: DialectRules { DialectRules(emptyValues: false, singlePrecisionFloats: false, lastRegistrationWins: false,
                                      registrationChains: false, argumentsFromRouteString: false, hostMode: false,
                                      libraryArguments: true, linksAsText: false, canonicalLiterals: false, schemeTest: .none, ranking: .tableOrder, caselessLiterals: true, pathnameOnly: true, requestTargets: true, decodesBeforeMethod: true, bracesHoldBlanks: true) }
}

extension DialectRules {
    /// The URL Pattern Standard: each route's `exec()` in table order, the first that matches
    /// wins; its groups are the arguments, undecoded. `exec()` reads the link with the WHATWG
    /// URL parser, so urn's own parser refuses and repairs nothing (links as text).
    static var urlpattern: DialectRules { DialectRules(emptyValues: false, singlePrecisionFloats: false, lastRegistrationWins: false,
                                         registrationChains: false, argumentsFromRouteString: false, hostMode: false,
                                         libraryArguments: true, linksAsText: true, canonicalLiterals: false, schemeTest: .none, ranking: .tableOrder, caselessLiterals: false, pathnameOnly: false, requestTargets: false, decodesBeforeMethod: false, bracesHoldBlanks: false) }
}

extension Dialect {
    /// The dialect's rules.
    package var rules: DialectRules {
        switch self {
        case .urn: return .urn
        case .compass: return .compass
        case .navigator: return .navigator
        case .waap: return .waap
        case .express: return .express
        case .urlpattern: return .urlpattern
        }
    }
}
