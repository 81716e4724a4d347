// Compass oracle harness: answers link cases with Compass 6.0.0's own Navigator and Router.
//
// stdin: one JSON object a line,
//   {"id": "...", "scheme": "myapp", "delimiter": ":", "routes": ["user:{id}", ...],
//    "links": [{"link": "myapp://user:1", "via": "url"}, {"link": "user:1", "via": "urn"}]}
// stdout: one line per input line,
//   {"id": "...", "results": [{"path": "...", "args": {...}, "route": 0} | {"none": "..."}]}
// "via": "url"  → URL(string: link) then Navigator.parse(url:), as an app's open-URL handler does;
// "via": "urn"  → Navigator.navigate(urn: link) (percent-encodes, then parses).
// The Location then goes through Compass's Router. A table row i is registered as an app does:
// Navigator.routes.append(pattern) and router.routes[pattern] = handler i, so a pattern given
// twice ranks at its first place in the Array but dispatches to its last handler (a Dictionary);
// "route" is the index of the handler that ran.
// Every link runs in a forked child so that a trap inside the library is recorded, not fatal.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class Recorder: Routable {
  let index: Int
  init(index: Int) { self.index = index }
  func navigate(to location: Location, from currentController: CurrentController) throws {
    var out: [String: Any] = ["path": location.path, "route": index]
    out["args"] = location.arguments
    emit(out)
  }
}

final class Miss: ErrorRoutable {
  func handle(routeError error: Error, from currentController: CurrentController) {
    emit(["none": "router-not-found"])
  }
}

var resultFD: Int32 = -1

func emit(_ object: [String: Any]) {
  let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  data.withUnsafeBytes { raw in
    var off = 0
    while off < raw.count {
      let n = write(resultFD, raw.baseAddress! + off, raw.count - off)
      if n <= 0 { break }
      off += n
    }
  }
}

func runLink(scheme: String, delimiter: String, routes: [String], link: String, via: String) {
  Navigator.scheme = scheme
  Navigator.delimiter = delimiter
  Navigator.routes = routes
  var router = Router()
  for (i, p) in routes.enumerated() {
    router.routes[p] = Recorder(index: i)
  }
  router.errorRoute = Miss()
  let controller = StandInController()
  if via == "urn" {
    Navigator.handle = { location in router.navigate(to: location, from: controller) }
    do {
      try Navigator.navigate(urn: link)
    } catch {
      // navigate(urn:) throws notFound both when URL(string:) fails and when parse finds nothing
      let encoded = PercentEncoder.encode(string: link, allowedCharacters: delimiter)
      if URL(string: "\(Navigator.scheme)\(encoded)") == nil {
        emit(["none": "no-url"])
      } else {
        emit(["none": "no-location"])
      }
    }
  } else {
    guard let url = URL(string: link) else { emit(["none": "no-url"]); return }
    guard let location = Navigator.parse(url: url) else { emit(["none": "no-location"]); return }
    router.navigate(to: location, from: controller)
  }
}

func answer(scheme: String, delimiter: String, routes: [String], link: String, via: String) -> Any {
  var fds: [Int32] = [0, 0]
  guard pipe(&fds) == 0 else { fatalError("pipe") }
  fflush(stdout)
  let pid = fork()
  if pid == 0 {
    close(fds[0])
    resultFD = fds[1]
    runLink(scheme: scheme, delimiter: delimiter, routes: routes, link: link, via: via)
    close(fds[1])
    _exit(0)
  }
  close(fds[1])
  var bytes = [UInt8]()
  var buf = [UInt8](repeating: 0, count: 4096)
  while true {
    let n = read(fds[0], &buf, buf.count)
    if n <= 0 { break }
    bytes.append(contentsOf: buf[0..<n])
  }
  close(fds[0])
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  let signal = status & 0x7f
  if signal != 0 {
    return ["none": "trap", "signal": Int(signal)]
  }
  if bytes.isEmpty { return ["none": "no-output"] }
  return try! JSONSerialization.jsonObject(with: Data(bytes), options: [])
}

while let line = readLine(strippingNewline: true) {
  if line.isEmpty { continue }
  let obj = try! JSONSerialization.jsonObject(with: line.data(using: .utf8)!, options: []) as! [String: Any]
  let scheme = obj["scheme"] as! String
  let delimiter = obj["delimiter"] as? String ?? ":"
  let routes = obj["routes"] as! [String]
  let links = obj["links"] as! [[String: Any]]
  var results = [Any]()
  for l in links {
    results.append(answer(scheme: scheme, delimiter: delimiter, routes: routes,
                          link: l["link"] as! String, via: l["via"] as? String ?? "url"))
  }
  let out: [String: Any] = ["id": obj["id"] ?? "", "results": results]
  let data = try! JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
  FileHandle.standardOutput.write(data)
  FileHandle.standardOutput.write("\n".data(using: .utf8)!)
}
