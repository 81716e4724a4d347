/// A time in the Common Log Format (`10/Oct/2000:13:55:36 -0700`, Apache's `%t` and nginx's
/// `$time_local`), read so that it can be written as ISO 8601 (`2000-10-10T13:55:36-07:00`),
/// which sorts as text and which every date library reads.
package struct LogTime: Equatable, Sendable {
    /// The ISO 8601 form's 25 bytes, held without storage of its own.
    private var iso = SIMD32<UInt8>()

    /// The month names, in order, each as its three bytes in one number.
    private static let months: SIMD16<UInt32> = {
        var months = SIMD16<UInt32>()
        for (i, name) in ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].enumerated() {
            let bytes = Array(name.utf8)
            months[i] = UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
        }
        return months
    }()

    /// Where each byte of the ISO 8601 form comes from in the CLF text; -1 and -2 are the
    /// month's digits, the others below 0 the bytes `-`, `T` and `:` negated.
    private static let layout: [Int] = [7, 8, 9, 10, -0x2D, -1, -2, -0x2D, 0, 1, -0x54, 12, 13, -0x3A, 15, 16, -0x3A, 18, 19,
                                        21, 22, 23, -0x3A, 24, 25]

    /// Where the CLF text holds digits.
    private static let digits = [0, 1, 7, 8, 9, 10, 12, 13, 15, 16, 18, 19, 22, 23, 24, 25]

    /// The time `text` holds, exactly `dd/Mon/yyyy:HH:MM:SS ±hhmm`; nil for anything else.
    package init?(clf text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 26 else { return nil }
        for i in Self.digits where !ByteClass.test(text[i], .digit) { return nil }
        guard text[2] == UInt8(ascii: "/"), text[6] == UInt8(ascii: "/"), text[11] == UInt8(ascii: ":"),
              text[14] == UInt8(ascii: ":"), text[17] == UInt8(ascii: ":"), text[20] == UInt8(ascii: " "),
              text[21] == UInt8(ascii: "+") || text[21] == UInt8(ascii: "-")
        else { return nil }
        let name = UInt32(text[3]) << 16 | UInt32(text[4]) << 8 | UInt32(text[5])
        guard let month = (0..<12).first(where: { Self.months[$0] == name }).map({ UInt8($0 + 1) }) else { return nil }
        // byte by byte into the vector's memory: an element-wise insert costs a shuffle each
        withUnsafeMutableBytes(of: &iso) { iso in
            for (i, source) in Self.layout.enumerated() {
                switch source {
                case -1: iso[i] = UInt8(ascii: "0") + month / 10
                case -2: iso[i] = UInt8(ascii: "0") + month % 10
                case ..<0: iso[i] = UInt8(-source)
                default: iso[i] = text[source]
                }
            }
        }
    }

    /// Calls `body` with the time as ISO 8601 with its offset: `2000-10-10T13:55:36-07:00`.
    package func withISO8601<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: iso) { body(UnsafeBufferPointer(start: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 25)) }
    }
}
