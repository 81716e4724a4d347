/// What a route of an app-link table tests (urn-routes(5) APP-LINK TABLES): an
/// apple-app-site-association entry or an Android intent filter.
/// Its cases are boxed: every route holds an optional rule, which inline would make every
/// route of a plain table larger.
@_spi(Records) public indirect enum AppLinkRule: Sendable {
    /// An entry of an apple-app-site-association file's `applinks`.
    case universalLink(UniversalLinkRule)
    /// An intent filter of an AndroidManifest.xml.
    case intentFilter(IntentFilterRule)
}
