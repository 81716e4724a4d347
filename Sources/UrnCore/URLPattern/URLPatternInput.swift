/// The eight component texts of a link as a URLPattern's `exec()` reads them, in one buffer
/// that is reused from link to link: a router reads each link once for all its patterns.
struct URLPatternInput {
    /// The texts, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each component's text lies in `bytes`.
    private(set) var ranges = Ranges()
    /// The last base URL read and its parse, so that a table's base is parsed once.
    private var base: (text: String, url: WebURL?)?

    /// Where each of the eight texts lies, in URL order (`URLPattern.Component`): held inline,
    /// so that reading one takes no reference count.
    struct Ranges {
        private var storage = (0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0, 0..<0)

        /// The range of component `index`.
        subscript(index: Int) -> Range<Int> {
            get { withUnsafeBytes(of: storage) { $0.load(fromByteOffset: index * MemoryLayout<Range<Int>>.stride, as: Range<Int>.self) } }
            set {
                withUnsafeMutableBytes(of: &storage) {
                    $0.storeBytes(of: newValue, toByteOffset: index * MemoryLayout<Range<Int>>.stride, as: Range<Int>.self)
                }
            }
        }
    }

    /// The texts seen through a pointer, for the duration of one `withTexts` call: what a
    /// pattern's test reads, with no reference to count.
    struct Texts {
        let bytes: UnsafeBufferPointer<UInt8>
        let ranges: Ranges

        /// The text of component `index`.
        subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[ranges[index]])
        }
    }

    /// An empty input.
    init() {}

    /// The texts of `components` (`URLPattern.texts(of:)`).
    init(_ components: [String]) {
        set(components)
    }

    /// The text of `component`.
    subscript(component: URLPattern.Component) -> ArraySlice<UInt8> {
        bytes[ranges[component.rawValue]]
    }

    /// Calls `body` with the texts. Mutating, though it changes nothing, so that the input is
    /// read in place rather than copied out of the matcher that holds it.
    mutating func withTexts<Result, Failure: Error>(_ body: (Texts) throws(Failure) -> Result) throws(Failure) -> Result {
        try bytes.withUnsafeBufferPointer { (bytes) throws(Failure) -> Result in try body(Texts(bytes: bytes, ranges: ranges)) }
    }

    /// Reads `link` resolved against `baseURL` (with `domainToASCII` for IDNA): a plain
    /// absolute http(s) link from its bytes (`PlainWebURL`), any other through the WHATWG URL
    /// parser. False, with the texts left empty, when the parser reads no URL.
    mutating func read(_ link: [UInt8], baseURL: String?, domainToASCII: (@Sendable (String) -> String?)?) -> Bool {
        if baseURL == nil, let plain = link.withUnsafeBufferPointer(PlainWebURL.parts) {
            set(plain, of: link)
            return true
        }
        return read(resolving: link, against: baseURL, domainToASCII: domainToASCII)
    }

    /// `read(_:baseURL:domainToASCII:)` for a link resolved against a base, or not plain.
    private mutating func read(resolving link: [UInt8], against baseURL: String?, domainToASCII: (@Sendable (String) -> String?)?) -> Bool {
        var base: WebURL?
        if let baseURL {
            if self.base?.text != baseURL { self.base = (baseURL, WebURL(baseURL, domainToASCII: domainToASCII)) }
            // exec() reads no URL at all against a base that is none
            guard let url = self.base?.url else { return clear() }
            base = url
            // an absolute plain link: the base changes nothing
            if let plain = link.withUnsafeBufferPointer(PlainWebURL.parts) {
                set(plain, of: link)
                return true
            }
        }
        guard let url = WebURL(String(decoding: link, as: UTF8.self), base: base, domainToASCII: domainToASCII) else { return clear() }
        set(URLPattern.texts(of: url))
        return true
    }

    /// Makes the texts those of `link`, a plain link whose parts are `parts`: its bytes, copied
    /// (sharing them would keep the reader from reusing the storage of the next link).
    private mutating func set(_ parts: PlainWebURL.Parts, of link: [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: link)
        let none = parts.host.lowerBound..<parts.host.lowerBound
        ranges[0] = parts.scheme
        ranges[1] = none
        ranges[2] = none
        ranges[3] = parts.host
        ranges[4] = none
        ranges[5] = parts.path
        ranges[6] = parts.query
        ranges[7] = parts.fragment
        if parts.path.isEmpty {
            bytes.append(UInt8(ascii: "/"))
            ranges[5] = (bytes.count - 1)..<bytes.count
        }
    }

    /// Empties the texts; false.
    private mutating func clear() -> Bool {
        set(Array(repeating: "", count: URLPattern.Component.allCases.count))
        return false
    }

    /// Makes `components` the texts.
    private mutating func set(_ components: [String]) {
        bytes.removeAll(keepingCapacity: true)
        for (index, text) in components.enumerated() {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            ranges[index] = start..<bytes.count
        }
    }
}
