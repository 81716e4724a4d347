/// `--strict-nsurl`: what `URL(string:)` refused before iOS 17 and macOS 14, when it still
/// parsed RFC 1738/1808 and returned nil for a string with a character outside its table
/// instead of encoding it. The rule is CoreFoundation's `_CFStringIsLegalURLString`
/// (swift-corelibs-foundation `Sources/CoreFoundation/CFURL.c:1925–2000` at e55e1d8, called by
/// `NSURL(string:)` in `Sources/Foundation/NSURL.swift:256–265`): every character is ASCII and
/// one of RFC 3986's unreserved, sub-delimiters, `: / ? @ [ ]`, at most one `#`, and `%` only
/// before two hex digits. An app that still runs on iOS 16 gets nil for anything else.
@_spi(Records) public enum LegacyNSURL {
    /// Why the old `URL(string:)` refuses a link.
    @_spi(Records) public enum Refusal: Equatable, Sendable {
        /// A byte outside the table: a control, space, `" < > \ ^ ` { | }`, DEL or non-ASCII.
        case character(UInt8)
        /// A second `#`.
        case secondHash
        /// A `%` without two hex digits after it.
        case percent
    }

    /// The first byte of `text` that the old `URL(string:)` refuses, with the reason.
    @_spi(Records) public static func firstRefusal(_ text: UnsafeBufferPointer<UInt8>) -> (offset: Int, refusal: Refusal)? {
        var sawHash = false
        var i = 0
        while i < text.count {
            let byte = text[i]
            switch byte {
            case UInt8(ascii: "%"):
                guard i + 2 < text.count, ByteClass.test(text[i + 1], .hex), ByteClass.test(text[i + 2], .hex) else {
                    return (i, .percent)
                }
                i += 3
                continue
            case UInt8(ascii: "#"):
                if sawHash { return (i, .secondHash) }
                sawHash = true
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                break  // anywhere, for IPv6 (RFC 2732)
            default:
                // unreserved, sub-delimiters, `: @ / ?`: what RFC 3986 allows in a query
                guard ByteClass.test(byte, .queryOrFragment) else {
                    return (i, .character(byte))
                }
            }
            i += 1
        }
        return nil
    }
}
