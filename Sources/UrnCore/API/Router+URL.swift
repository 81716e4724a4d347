#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Router {
    /// The route that takes `url`, read from its text (`absoluteString`), as the app's router
    /// reads the URL it is handed.
    public func route(_ url: URL, method: String? = nil) throws(UrnError) -> RouteMatch? {
        try route(url.absoluteString, method: method)
    }
}
