@_spi(Records) import UrnCore

/// The members that say where an app-link route comes from (urnmatch(1) APP-LINK TABLES),
/// written after `"table","line"`: an apple-app-site-association entry's `"detail"` and
/// `"component"` (0-based indices in `details` and in its `components` or `paths`, and
/// `"exclude":true` for an exclusion), an Android filter's `"filter"` (0-based among the
/// manifest's link filters) and `"autoVerify"`.
enum AppLinkSchema {
    /// Writes the members of `route`'s origin in an app-link table; nothing for other routes.
    static func writeOrigin(of route: Route, into json: inout JSONWriter) {
        switch route.appLink {
        case let .universalLink(rule)?:
            json.key("detail")
            json.int(rule.detail)
            json.key("component")
            json.int(rule.component)
            if rule.exclude {
                json.key("exclude")
                json.bool(true)
            }
        case let .intentFilter(rule)?:
            json.key("filter")
            json.int(rule.filter)
            json.key("autoVerify")
            json.bool(rule.autoVerify)
        case nil:
            break
        }
    }
}
