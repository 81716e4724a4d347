/// Strings a regex matches, made from its text for example links (urnmatch --examples). The
/// PCRE2 syntax that decides what a string holds is followed: literals, escapes, classes (with
/// ranges, negation and POSIX names), `.`, groups of every kind, alternation, quantifiers and
/// back-references. What takes no text (anchors, look-around, option settings, comments) is
/// left out. A string made this way is a candidate only: the caller keeps it when PCRE2 accepts
/// it, so a look-around the text breaks costs an example, never a wrong one.
struct RegexExample {
    /// One part of the regex.
    indirect enum Node {
        case text(Unicode.Scalar)
        case set(ScalarSet)
        case sequence([Node])
        case alternation([Node])
        /// A group; capturing groups carry their number, for back-references.
        case group(Node, number: Int?)
        case repeated(Node, min: Int, max: Int?)
        case backReference(Int)
        /// `^` (or `\A`): the start of the text; takes none.
        case start
        /// `$` (or `\z`, `\Z`): the end of the text; takes none.
        case end
    }

    /// The regex, read.
    let root: Node
    /// Whether the regex uses what a string made from it may not satisfy (look-around, a
    /// back-reference by name, a Unicode property): then more candidates are worth trying.
    let approximate: Bool

    /// The regex `source`, read.
    init(_ source: String) {
        var parser = Parser(Array(source.unicodeScalars))
        root = parser.alternation()
        approximate = parser.approximate
    }

    /// The `variant`th string: variant 0 takes the first alternative of each choice and words
    /// a person would write; later ones vary by `random`.
    func string(variant: Int, random: inout SplitMix64) -> String {
        var maker = Maker(variant: variant, random: random)
        var out: [Unicode.Scalar] = []
        maker.make(root, into: &out)
        random = maker.random
        return String(String.UnicodeScalarView(out))
    }

    /// A set of scalars: ranges, possibly negated.
    struct ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(scalar.value) } != negated
        }

        static let digits = ScalarSet(ranges: [0x30...0x39])
        static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        static let space = ScalarSet(ranges: [0x09...0x0D, 0x20...0x20])
        static let letters = ScalarSet(ranges: [0x41...0x5A, 0x61...0x7A])
        static let any = ScalarSet(ranges: [0x0A...0x0A], negated: true)

        var inverted: ScalarSet { ScalarSet(ranges: ranges, negated: !negated) }
    }

    /// Reads the regex text into nodes.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0
        var groups = 0
        /// The number of each named group read so far.
        var names: [String: Int] = [:]
        var approximate = false

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var atEnd: Bool { i >= scalars.count }

        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            i + offset < scalars.count ? scalars[i + offset] : nil
        }

        mutating func alternation() -> Node {
            var branches = [sequence()]
            while peek() == "|" {
                i += 1
                branches.append(sequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func sequence() -> Node {
            var nodes: [Node] = []
            while let scalar = peek(), scalar != "|", scalar != ")" {
                guard let atom = atom() else { continue }
                nodes.append(quantified(atom))
            }
            return .sequence(nodes)
        }

        /// The next atom, or nil for what takes no text.
        mutating func atom() -> Node? {
            let scalar = scalars[i]
            i += 1
            switch scalar {
            case "^": return .start
            case "$": return .end
            case ".": return .set(.any)
            case "[": return .set(characterClass())
            case "(": return group()
            case "\\": return escape()
            default: return .text(scalar)
            }
        }

        /// A quantifier after `atom`, if one follows; a `{` that starts none is text.
        mutating func quantified(_ atom: Node) -> Node {
            var node = atom
            while let scalar = peek() {
                var range: (Int, Int?)?
                switch scalar {
                case "*": range = (0, nil); i += 1
                case "+": range = (1, nil); i += 1
                case "?": range = (0, 1); i += 1
                case "{":
                    guard let counted = counted() else { return node }
                    range = counted
                default: return node
                }
                // lazy and possessive forms match the same strings
                if peek() == "?" || peek() == "+" { i += 1 }
                if let (min, max) = range { node = .repeated(node, min: min, max: max) }
            }
            return node
        }

        /// `{n}`, `{n,}` or `{n,m}` at `i`, read; nil (nothing read) otherwise.
        mutating func counted() -> (Int, Int?)? {
            var j = i + 1
            func number() -> Int? {
                let start = j
                while j < scalars.count, let digit = scalars[j].properties.numericType, digit == .decimal, scalars[j].isASCII { j += 1 }
                guard j > start else { return nil }
                return Int(String(String.UnicodeScalarView(scalars[start..<j])))
            }
            guard let min = number() else { return nil }
            var max: Int? = min
            if j < scalars.count, scalars[j] == "," {
                j += 1
                max = number()
            }
            guard j < scalars.count, scalars[j] == "}" else { return nil }
            i = j + 1
            return (Swift.min(min, 1000), max.map { Swift.min($0, 1000) })
        }

        /// A group after its `(`.
        mutating func group() -> Node? {
            var number: Int?
            var zeroWidth = false
            if peek() == "?" || peek() == "*" {
                let kind = peek(1)
                if peek() == "?", kind == "#" {
                    skip(to: ")")
                    return nil
                }
                if peek() == "?", kind == "=" || kind == "!" {
                    zeroWidth = true
                    i += 2
                } else if peek() == "?", kind == "<", peek(2) == "=" || peek(2) == "!" {
                    zeroWidth = true
                    i += 3
                } else if peek() == "?", kind == "<" || kind == "\'" || (kind == "P" && peek(2) == "<") {
                    // a named group: (?<name>…), (?'name'…), (?P<name>…)
                    i += kind == "P" ? 3 : 2
                    let name = text(to: kind == "\'" ? "\'" : ">")
                    groups += 1
                    number = groups
                    names[name] = groups
                } else if peek() == "?", kind == "P", peek(2) == "=" {
                    // (?P=name) refers back by name
                    i += 3
                    return reference(to: text(to: ")"))
                } else {
                    // (?:…), (?>…), (?|…), (?i), (?i:…) and verbs such as (*UTF): no capture
                    i += 1
                    while let scalar = peek(), scalar != ":", scalar != ")", scalar != ">", scalar != "|" { i += 1 }
                    if peek() == ")" {
                        i += 1
                        return nil
                    }
                    i += 1
                }
            } else {
                groups += 1
                number = groups
            }
            let inner = alternation()
            if peek() == ")" { i += 1 }
            if zeroWidth {
                approximate = true
                return nil
            }
            return .group(inner, number: number)
        }

        /// An escape after its `\`.
        mutating func escape() -> Node? {
            guard let scalar = peek() else { return .text("\\") }
            i += 1
            switch scalar {
            case "d": return .set(.digits)
            case "D": return .set(ScalarSet.digits.inverted)
            case "w": return .set(.word)
            case "W": return .set(ScalarSet.word.inverted)
            case "s": return .set(.space)
            case "S": return .set(ScalarSet.space.inverted)
            case "h": return .text(" ")
            case "N", "H", "V", "R", "X": return .set(.letters)
            case "A": return .start
            case "z", "Z": return .end
            case "b", "B", "G", "K": return nil
            case "n": return .text("\n")
            case "t": return .text("\t")
            case "r": return .text("\r")
            case "f": return .text("\u{0C}")
            case "v": return .text("\u{0B}")
            case "e": return .text("\u{1B}")
            case "a": return .text("\u{07}")
            case "x": return .text(hexScalar() ?? "x")
            case "Q":
                var nodes: [Node] = []
                while !atEnd, !(peek() == "\\" && peek(1) == "E") {
                    nodes.append(.text(scalars[i]))
                    i += 1
                }
                if !atEnd { i += 2 }
                return .sequence(nodes)
            case "E": return nil
            case "p", "P":
                approximate = true
                if peek() == "{" {
                    skip(to: "}")
                } else if !atEnd {
                    i += 1
                }
                return .set(scalar == "p" ? .letters : ScalarSet.letters.inverted)
            case "g", "k":
                // a back-reference by name or number: \k<name>, \k'name', \k{name}, \g{2}, \g{-1}, \g2
                var name: String
                switch peek() {
                case "{":
                    i += 1
                    name = text(to: "}")
                case "<":
                    i += 1
                    name = text(to: ">")
                case "\'":
                    i += 1
                    name = text(to: "\'")
                default:
                    name = ""
                    while let next = peek(), next == "-" || next == "+" || ("0"..."9").contains(next) {
                        name.unicodeScalars.append(next)
                        i += 1
                    }
                }
                if let relative = Int(name), name.hasPrefix("-") { return .backReference(groups + 1 + relative) }
                return reference(to: name)
            case "1"..."9":
                var number = Int(scalar.value - 0x30)
                while let digit = peek(), ("0"..."9").contains(digit), number * 10 + Int(digit.value - 0x30) <= groups {
                    number = number * 10 + Int(digit.value - 0x30)
                    i += 1
                }
                return .backReference(number)
            case "0":
                return .text("\0")
            default:
                return .text(scalar)
            }
        }

        /// The text up to the next `end`, and moves past it.
        mutating func text(to end: Unicode.Scalar) -> String {
            var text = ""
            while let scalar = peek(), scalar != end {
                text.unicodeScalars.append(scalar)
                i += 1
            }
            i += 1
            return text
        }

        /// A back-reference to the group named or numbered `name`.
        mutating func reference(to name: String) -> Node? {
            if let number = names[name] ?? Int(name) { return .backReference(number) }
            approximate = true
            return nil
        }

        /// Moves past the next `end`.
        mutating func skip(to end: Unicode.Scalar) {
            while let scalar = peek(), scalar != end { i += 1 }
            i += 1
        }

        /// `hh` or `{h…}` after `\x`.
        mutating func hexScalar() -> Unicode.Scalar? {
            var digits = ""
            if peek() == "{" {
                i += 1
                while let scalar = peek(), scalar != "}" {
                    digits.unicodeScalars.append(scalar)
                    i += 1
                }
                i += 1
            } else {
                while digits.count < 2, let scalar = peek(), scalar.properties.isASCIIHexDigit {
                    digits.unicodeScalars.append(scalar)
                    i += 1
                }
            }
            return UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init)
        }

        /// A class after its `[`.
        mutating func characterClass() -> ScalarSet {
            var set = ScalarSet()
            if peek() == "^" {
                set.negated = true
                i += 1
            }
            var first = true
            while let scalar = peek(), scalar != "]" || first {
                first = false
                i += 1
                if scalar == "[", peek() == ":" {
                    // a POSIX class, [:alpha:]
                    var name = ""
                    i += 1
                    while let next = peek(), next != ":" {
                        name.unicodeScalars.append(next)
                        i += 1
                    }
                    i += 2
                    set.ranges += Self.posix(name)
                    continue
                }
                var low: Unicode.Scalar
                if scalar == "\\", let escaped = peek() {
                    i += 1
                    switch escaped {
                    case "d": set.ranges += ScalarSet.digits.ranges; continue
                    case "w": set.ranges += ScalarSet.word.ranges; continue
                    case "s": set.ranges += ScalarSet.space.ranges; continue
                    case "n": low = "\n"
                    case "t": low = "\t"
                    case "x": low = hexScalar() ?? "x"
                    default: low = escaped
                    }
                } else {
                    low = scalar
                }
                if peek() == "-", let high = peek(1), high != "]" {
                    i += 2
                    var top = high
                    if high == "\\", let escaped = peek() {
                        i += 1
                        top = escaped == "x" ? (hexScalar() ?? "x") : escaped
                    }
                    if low.value <= top.value { set.ranges.append(low.value...top.value) }
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
            if !atEnd { i += 1 }
            return set
        }

        static func posix(_ name: String) -> [ClosedRange<UInt32>] {
            switch name {
            case "alpha": return ScalarSet.letters.ranges
            case "digit": return ScalarSet.digits.ranges
            case "alnum": return ScalarSet.letters.ranges + ScalarSet.digits.ranges
            case "upper": return [0x41...0x5A]
            case "lower": return [0x61...0x7A]
            case "space": return ScalarSet.space.ranges
            case "xdigit": return [0x30...0x39, 0x41...0x46, 0x61...0x66]
            case "word": return ScalarSet.word.ranges
            case "punct": return [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E]
            default: return [0x21...0x7E]
            }
        }
    }

    /// Makes one string from the nodes.
    private struct Maker {
        let variant: Int
        var random: SplitMix64
        /// How many words runs have taken: the next run starts further down the list
        /// (`alice.42`, not `alice.alice`).
        var wordsTaken = 0
        /// The text each capturing group took, for back-references.
        var captured: [Int: ArraySlice<Unicode.Scalar>] = [:]

        /// Characters in the order a person would pick them.
        static let preferred = Array("abcdefghijklmnopqrstuvwxyz1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~".unicodeScalars)
        /// Words tried, in order, for a run of a broad class.
        static let words = ["alice", "42", "hello-world", "bob", "7", "item1", "2024", "carol", "x"]

        /// The longest string made: nested counted repeats (`((a{1000}){1000}){1000}`) would
        /// otherwise ask for more than any link holds.
        static let limit = 2048

        mutating func make(_ node: Node, into out: inout [Unicode.Scalar]) {
            guard out.count < Self.limit else { return }
            switch node {
            case let .text(scalar):
                out.append(scalar)
            case let .set(set):
                out.append(pick(from: set, position: out.count))
            case let .sequence(nodes):
                for node in nodes { make(node, into: &out) }
            case let .alternation(branches):
                let index = variant == 0 ? 0 : random.below(branches.count)
                make(branches[index], into: &out)
            case let .group(inner, number):
                let start = out.count
                make(inner, into: &out)
                if let number { captured[number] = out[start...] }
            case let .repeated(inner, min, max):
                if variant == 0, case let .set(set) = inner, let word = word(for: set, min: min, max: max) {
                    out.append(contentsOf: word.unicodeScalars)
                    wordsTaken += 1
                    return
                }
                let upper = max ?? (min + 3)
                var count = variant == 0 ? Swift.max(min, Swift.min(1, upper)) : min + random.below(upper - min + 1)
                if variant == 0, min == 0, upper >= 1 { count = 1 }
                for _ in 0..<count where out.count < Self.limit { make(inner, into: &out) }
            case let .backReference(number):
                out += captured[number] ?? []
            case .start, .end:
                return
            }
        }

        /// The first of `words`, from the next one not taken, that the class takes whole, in
        /// `min...max` characters.
        func word(for set: ScalarSet, min: Int, max: Int?) -> String? {
            for offset in 0..<Self.words.count {
                let word = Self.words[(wordsTaken + offset) % Self.words.count]
                let count = word.unicodeScalars.count
                if count >= Swift.max(min, 1), count <= (max ?? Int.max), word.unicodeScalars.allSatisfy(set.contains) { return word }
            }
            return nil
        }

        /// A scalar of `set`: the preferred ones in turn by `position`, else the first the set takes.
        mutating func pick(from set: ScalarSet, position: Int) -> Unicode.Scalar {
            let allowed = Self.preferred.filter(set.contains)
            if !allowed.isEmpty {
                let index = variant == 0 ? position % allowed.count : random.below(allowed.count)
                return allowed[index]
            }
            for range in set.ranges where !set.negated {
                if let scalar = Unicode.Scalar(range.lowerBound) { return scalar }
            }
            return "a"
        }
    }
}
