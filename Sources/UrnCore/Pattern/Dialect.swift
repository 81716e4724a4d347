/// The matching semantics of urn-patterns(7) DIALECTS.
public enum Dialect: String, Sendable, CaseIterable {
    /// The toolkit's own, with total and deterministic precedence.
    case urn
    /// Compass 6.
    case compass
    /// URLNavigator 2.5.1.
    case navigator
    /// WAAppRouting 0.0.5.
    case waap
    /// Express 4 (path-to-regexp 0.1.12).
    case express
    /// The WHATWG URL Pattern Standard: constructor strings, matched as `exec()` matches, the
    /// first route in table order winning.
    case urlpattern
}
