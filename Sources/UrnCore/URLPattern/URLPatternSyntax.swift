/// A route of the `urlpattern` dialect: a constructor string (`https://*.example.com/:slug`)
/// or, written as a JSON object, a `URLPatternInit` dictionary, made into a `URLPattern`.
enum URLPatternSyntax {
    /// The pattern of `text`: a dictionary when it is a JSON object, else a constructor string
    /// resolved against `baseURL`. The constructor's errors are pattern errors, at the code
    /// point the standard found them.
    static func pattern(_ text: String, baseURL: String?, ignoreCase: Bool,
                        domainToASCII: (@Sendable (String) -> String?)?) throws(PatternError) -> Pattern {
        do {
            let made: URLPattern
            if text.hasPrefix("{\"") {
                var dictionary = try URLPatternInit(json: text)
                if dictionary.baseURL == nil { dictionary.baseURL = baseURL }
                made = try URLPattern(dictionary, ignoreCase: ignoreCase, domainToASCII: domainToASCII)
            } else {
                made = try URLPattern(text, baseURL: baseURL, ignoreCase: ignoreCase, domainToASCII: domainToASCII)
            }
            return Pattern(text: text, scheme: nil, schemeAsWritten: nil, host: nil, segments: [], sourceRanges: [],
                           slashSeparated: true, urlPattern: made)
        } catch {
            throw PatternError("invalid URLPattern: \(error.message)", at: error.index ?? 0)
        }
    }
}

extension URLPatternInit {
    /// The dictionary a JSON object writes: its component members and `baseURL`, each a string.
    init(json text: String) throws(URLPatternError) {
        self.init()
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { (text) throws(URLPatternError) in
            var scanner = JSONScanner()
            do throws(JSONError) { try scanner.scanObject(text) } catch { throw URLPatternError("not a JSON object: \(error.message)") }
            for member in scanner.members {
                let key = String(decoding: JSONString.decoded(member.key, in: text), as: UTF8.self)
                guard member.kind == .string else { throw URLPatternError("'\(key)' is not a string") }
                let value = String(decoding: JSONString.decoded(member.value, in: text), as: UTF8.self)
                if key == "baseURL" {
                    baseURL = value
                } else if let component = URLPattern.Component.allCases.first(where: { "\($0)" == key }) {
                    self[component] = value
                } else {
                    throw URLPatternError("'\(key)' is no URLPatternInit member")
                }
            }
        }
    }
}
