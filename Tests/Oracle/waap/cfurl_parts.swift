// Reads links (one JSON string per line) and prints, per link, what CoreFoundation's URL
// parser (swift-corelibs-foundation's NSURL / NSURLComponents, which are CFURL) answers for
// the NSURL properties WAAppRouting 0.0.5 reads: scheme, host, path, query, and
// NSURLComponents for the URL's string (as initWithURL:resolvingAgainstBaseURL:NO reads it)
// with its query set to nil, as `.string`.
// The harness hands these to the library through a stand-in NSURL subclass.
import Foundation

struct Parts: Encodable {
    var ok = false
    var scheme: String?, host: String?, path: String?, query: String?, port: String?
    var absolute: String?, components: String?
    func encode(to encoder: Encoder) throws {
        enum K: String, CodingKey { case ok, scheme, host, path, query, port, absolute, components }
        var c = encoder.container(keyedBy: K.self)
        try c.encode(ok, forKey: .ok)
        for (k, v) in [(K.scheme, scheme), (.host, host), (.path, path), (.query, query), (.port, port),
                       (.absolute, absolute), (.components, components)] {
            if let v = v { try c.encode(v, forKey: k) } else { try c.encodeNil(forKey: k) }
        }
    }
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
while let line = readLine(strippingNewline: true) {
    var out = Parts()
    if let data = line.data(using: .utf8),
       let link = try? JSONDecoder().decode(String.self, from: data),
       let url = NSURL(string: link) {
        out.ok = true
        out.scheme = url.scheme
        out.host = url.host
        out.path = url.path
        out.query = url.query
        // url.port is not read by the library (and swift-corelibs traps on a non-numeric port)
        out.absolute = url.absoluteString
        // NSURLComponents(url:) would bridge to the URL struct, which refuses some links NSURL
        // takes (app://x:y); initWithURL: reads the URL's string, so build it from that string.
        if let comps = NSURLComponents(string: url.absoluteString) {
            comps.query = nil
            out.components = comps.string
        }
    }
    print(String(data: try! encoder.encode(out), encoding: .utf8)!)
}
