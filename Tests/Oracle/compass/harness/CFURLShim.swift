// Compiled into the "cfurl" flavour only. Inside this module these two types shadow
// Foundation's URL and URLComponents, so Compass's unchanged sources parse links with
// swift-corelibs-foundation's NSURL (CoreFoundation's CFURL) and NSURLComponents
// (CoreFoundation's _CFURLComponents), as Foundation's URL and URLComponents did on
// Apple platforms before the Swift URL parser (iOS 16 and earlier).
import Foundation

public struct URL {
  let ns: NSURL

  public init?(string: String) {
    guard let ns = NSURL(string: string) else { return nil }
    self.ns = ns
  }

  // Foundation's URL.absoluteString is CFURLGetString of the absolute URL.
  public var absoluteString: String { return ns.absoluteString ?? "" }

  // Foundation's URL.host is CFURLCopyHostName (escapes removed).
  public var host: String? { return ns.host }
}

public struct URLComponents {
  let ns: NSURLComponents

  // URLComponents(url:resolvingAgainstBaseURL: false) is
  // _CFURLComponentsCreateWithString(CFURLGetString(url)).
  public init?(url: URL, resolvingAgainstBaseURL resolve: Bool) {
    guard let ns = NSURLComponents(string: url.absoluteString) else { return nil }
    self.ns = ns
  }

  public var queryItems: [URLQueryItem]? { return ns.queryItems }
  public var fragment: String? { return ns.fragment }
}
