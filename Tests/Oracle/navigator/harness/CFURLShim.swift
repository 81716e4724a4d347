// Compiled into the "cfurl" build only. Inside the harness module this struct shadows
// Foundation's URL, so URLMatcher's unchanged sources (URLConvertible.swift's
// `URL(string:)`, `.scheme`, `.absoluteString`, `.query`) parse links with
// swift-corelibs-foundation's NSURL, which is CoreFoundation's CFURL: the parser that
// Foundation's URL used on Apple platforms up to iOS 16.
import Foundation

public struct URL {
  let ns: NSURL

  // URL(string:) was CFURLCreateWithString: nil when the string is not a valid URL; the
  // Swift overlay's initializer returns nil for the empty string before asking CFURL.
  public init?(string: String) {
    guard !string.isEmpty, let ns = NSURL(string: string) else { return nil }
    self.ns = ns
  }

  // URL.absoluteString: CFURLGetString of the absolute URL (as written, never re-encoded).
  public var absoluteString: String { return ns.absoluteString ?? "" }

  // URL.scheme: CFURLCopyScheme.
  public var scheme: String? { return ns.scheme }

  // URL.query: CFURLCopyQueryString (escapes kept).
  public var query: String? { return ns.query }
}
