// Oracle harness for URLNavigator 2.5.1's URLMatcher (Sources/URLMatcher/*.swift, compiled
// unchanged into this module).
//
// stdin: one JSON object a line: {"patterns": ["...", ...], "links": ["...", ...]}
//   patterns are in registration order; links are routed through that table.
// stdout: one JSON object a line: {"links": [{"string": [ANSWER...], "url": [ANSWER...] | null}]}
//   "string": the link handed to the matcher as a String (URLConvertible)
//   "url":    the link handed as URL(string: link); null when URL(string:) is nil (no link)
//   ANSWER = {"target": "R<i>", "args": {...}}; every answer the library can give.
//
// How Navigator (Sources/URLNavigator/Navigator.swift, UIKit-only) passes candidates:
//   :35  register(_:_:) does `viewControllerFactories[pattern] = factory` (a Dictionary:
//        a pattern registered again keeps its key, the new factory replaces the old one)
//   :49  `let urlPatterns = Array(self.viewControllerFactories.keys)`: the Dictionary's order,
//        which Swift seeds per process
//   :50  `self.matcher.match(url, from: urlPatterns)`
//   :51  `self.viewControllerFactories[match.pattern]`: the factory (here: the target)
// URLMatcher.match (URLMatcher.swift:63) returns `results.max(by:)`, the FIRST of the
// equally ranked results in candidate order. Running the matcher on every rotation of the
// key array therefore yields exactly the set of maximal results: in the rotation that starts
// at a maximal candidate, that candidate is first among the maxima.
import Foundation

func jsonString(_ s: String) -> String {
  var out = "\""
  for u in s.unicodeScalars {
    switch u {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if u.value < 0x20 || u.value == 0x7f {
        out += String(format: "\\u%04x", u.value)
      } else {
        out.unicodeScalars.append(u)
      }
    }
  }
  return out + "\""
}

func jsonValue(_ v: Any) -> String {
  switch v {
  case let s as String: return jsonString(s)
  case let i as Int: return String(i)
  case let f as Float:
    if f.isNaN || f.isInfinite { return "{\"$float\": \(jsonString(String(describing: f)))}" }
    return String(describing: f)
  case let d as Double:
    if d.isNaN || d.isInfinite { return "{\"$float\": \(jsonString(String(describing: d)))}" }
    return String(describing: d)
  case let u as UUID: return jsonString(u.uuidString)
  default: return "{\"$other\": \(jsonString(String(describing: v)))}"
  }
}

func answerJSON(target: Int, values: [String: Any]) -> String {
  let args = values.keys.sorted().map { "\(jsonString($0)): \(jsonValue(values[$0]!))" }
  return "{\"target\": \"R\(target)\", \"args\": {\(args.joined(separator: ", "))}}"
}

func route(_ link: URLConvertible, _ matcher: URLMatcher, _ factories: [String: Int]) -> [String] {
  let keys = Array(factories.keys)
  var seen = Set<String>()
  var answers = [String]()
  for start in 0..<max(keys.count, 1) {
    let rotation = keys.isEmpty ? [] : Array(keys[start...] + keys[..<start])
    guard let match = matcher.match(link, from: rotation) else { continue }
    guard let target = factories[match.pattern] else { continue }
    let a = answerJSON(target: target, values: match.values)
    if !seen.contains(a) { seen.insert(a); answers.append(a) }
  }
  return answers.sorted()
}

let matcher = URLMatcher()
while let line = readLine(strippingNewline: true) {
  guard let data = line.data(using: .utf8),
        let obj = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let patterns = obj["patterns"] as? [String],
        let links = obj["links"] as? [String] else {
    print("{\"error\": \"bad input\"}")
    continue
  }
  var factories = [String: Int]()
  for (i, p) in patterns.enumerated() { factories[p] = i }   // Navigator.swift:35
  var outs = [String]()
  for link in links {
    let s = route(link, matcher, factories)
    var u = "null"
    if let url = URL(string: link) {
      u = "[" + route(url, matcher, factories).joined(separator: ", ") + "]"
    }
    outs.append("{\"string\": [\(s.joined(separator: ", "))], \"url\": \(u)}")
  }
  print("{\"links\": [\(outs.joined(separator: ", "))]}")
}
