/// The WHATWG URL Standard's host parser and IPv6 serializer: a bracketed IPv6 address, an
/// opaque host for a non-special scheme, else a domain (percent-decoded, made ASCII through
/// UTS #46 where it is not plain ASCII, checked for forbidden code points), read as an IPv4
/// address when its last label is a number.
enum WebHost {
    /// The host `input` names, or nil for failure.
    static func parse(_ input: String, opaque: Bool, domainToASCII: (@Sendable (String) -> String?)?) -> WebURL.Host? {
        let scalars = Array(input.unicodeScalars)
        if scalars.first == "[" {
            guard scalars.last == "]", scalars.count >= 2 else { return nil }
            return parseIPv6(Array(scalars[1..<(scalars.count - 1)])).map { .ipv6($0) }
        }
        if opaque {
            guard !scalars.contains(where: { $0 != "%" && isForbiddenHost($0) }) else { return nil }
            return .opaque(scalars.map(PercentEncodeSet.c0Control.encode).joined())
        }
        let domain = String(decoding: PercentEncodeSet.percentDecoded(Array(input.utf8)), as: UTF8.self)
        guard let ascii = toASCII(domain, domainToASCII: domainToASCII), !ascii.isEmpty,
              !ascii.unicodeScalars.contains(where: isForbiddenDomain) else { return nil }
        if endsInANumber(ascii) { return parseIPv4(ascii).map { .ipv4($0) } }
        return .domain(ascii)
    }

    /// UTS #46 ToASCII as the URL Standard's "domain to ASCII" calls it (not strict): a plain
    /// ASCII domain with no `xn--` label is lower-cased; any other goes to `domainToASCII`.
    private static func toASCII(_ domain: String, domainToASCII: (@Sendable (String) -> String?)?) -> String? {
        let plain = domain.unicodeScalars.allSatisfy(\.isASCII)
            && !domain.split(separator: ".", omittingEmptySubsequences: false).contains { $0.lowercased().hasPrefix("xn--") }
        if plain { return String(String.UnicodeScalarView(domain.unicodeScalars.map(\.asciiLowercased))) }
        return domainToASCII?(domain)
    }

    static func isForbiddenHost(_ c: Unicode.Scalar) -> Bool {
        "\u{0}\t\n\r #/:<>?@[\\]^|".unicodeScalars.contains(c)
    }

    static func isForbiddenDomain(_ c: Unicode.Scalar) -> Bool {
        isForbiddenHost(c) || c.value <= 0x1F || c == "%" || c.value == 0x7F
    }

    // MARK: IPv4

    /// Whether the last label (a trailing empty one left out) is a number the IPv4 parser reads.
    static func endsInANumber(_ input: String) -> Bool {
        var parts = input.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" {
            guard parts.count > 1 else { return false }
            parts.removeLast()
        }
        guard let last = parts.last else { return false }
        if !last.isEmpty, last.unicodeScalars.allSatisfy(\.isASCIIDigit) { return true }
        return parseIPv4Number(last) != nil
    }

    /// The address, or nil when a part is no number or the numbers do not fit.
    static func parseIPv4(_ input: String) -> UInt32? {
        var parts = input.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseIPv4Number(part) else { return nil }
            numbers.append(number)
        }
        guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last,
              last < UInt64(1) << (8 * UInt64(5 - numbers.count)) else { return nil }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
        return UInt32(address)
    }

    /// A part of an IPv4 address: decimal, `0x` hex or `0` octal; nil when it is none. Values
    /// past 2^32 are capped there: too big either way.
    static func parseIPv4Number(_ input: String) -> UInt64? {
        guard !input.isEmpty else { return nil }
        var digits = Substring(input)
        var radix: UInt64 = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for c in digits {
            guard let digit = c.hexDigitValue, UInt64(digit) < radix else { return nil }
            value = min(value * radix + UInt64(digit), UInt64(1) << 33)
        }
        return value
    }

    // MARK: IPv6

    /// The eight pieces of an IPv6 address (without its brackets), or nil.
    static func parseIPv6(_ input: [Unicode.Scalar]) -> [UInt16]? {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ i: Int) -> Unicode.Scalar? { i < input.count ? input[i] : nil }
        if at(pointer) == ":" {
            guard at(pointer + 1) == ":" else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(pointer) {
            guard pieceIndex != 8 else { return nil }
            if c == ":" {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt32 = 0
            var length = 0
            while length < 4, let h = at(pointer), h.isASCIIHexDigit {
                value = value * 16 + UInt32(Character(h).hexDigitValue!)
                pointer += 1
                length += 1
            }
            if at(pointer) == "." {
                guard length != 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while at(pointer) != nil {
                    var piece: UInt32?
                    if numbersSeen > 0 {
                        guard at(pointer) == ".", numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), first.isASCIIDigit else { return nil }
                    while let d = at(pointer), d.isASCIIDigit {
                        let number = d.value - 0x30
                        if let current = piece {
                            guard current != 0 else { return nil }
                            piece = current * 10 + number
                        } else {
                            piece = number
                        }
                        guard piece! <= 255 else { return nil }
                        pointer += 1
                    }
                    _ = first
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == ":" {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// The address in lower-case hex, its first longest run of two or more zero pieces as `::`.
    static func serializeIPv6(_ pieces: [UInt16]) -> String {
        var best: (start: Int, length: Int)?
        var index = 0
        while index < 8 {
            guard pieces[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, pieces[end] == 0 { end += 1 }
            if end - index >= 2, end - index > (best?.length ?? 0) { best = (index, end - index) }
            index = end
        }
        var out = ""
        var ignoring = false
        for (i, piece) in pieces.enumerated() {
            if ignoring, piece == 0 { continue }
            ignoring = false
            if let best, best.start == i {
                out += i == 0 ? "::" : ":"
                ignoring = true
                continue
            }
            out += String(piece, radix: 16)
            if i != 7 { out += ":" }
        }
        return out
    }
}
