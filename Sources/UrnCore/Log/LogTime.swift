/// A time in the Common Log Format (`10/Oct/2000:13:55:36 -0700`, Apache's `%t` and nginx's
/// `$time_local`), read so that it can be written as ISO 8601 (`2000-10-10T13:55:36-07:00`),
/// which sorts as text and which every date library reads.
package struct LogTime: Equatable, Sendable {
    /// The time as written (26 bytes), held without storage of its own.
    private var clf = SIMD32<UInt8>()
    /// The month's number, 1 to 12.
    private var month: UInt8 = 0

    private static let months: [(UInt8, UInt8, UInt8)] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { (s: StaticString) in
        let p = s.utf8Start
        return (p[0], p[1], p[2])
    }

    /// Where the CLF text holds digits.
    private static let digits = [0, 1, 7, 8, 9, 10, 12, 13, 15, 16, 18, 19, 22, 23, 24, 25]

    /// The time `text` holds, exactly `dd/Mon/yyyy:HH:MM:SS ±hhmm`; nil for anything else.
    package init?(clf text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 26 else { return nil }
        for i in Self.digits where !ByteClass.test(text[i], .digit) { return nil }
        guard text[2] == UInt8(ascii: "/"), text[6] == UInt8(ascii: "/"), text[11] == UInt8(ascii: ":"),
              text[14] == UInt8(ascii: ":"), text[17] == UInt8(ascii: ":"), text[20] == UInt8(ascii: " "),
              text[21] == UInt8(ascii: "+") || text[21] == UInt8(ascii: "-"),
              let month = Self.months.firstIndex(where: { $0 == (text[3], text[4], text[5]) })
        else { return nil }
        for i in 0..<26 { clf[i] = text[i] }
        self.month = UInt8(month + 1)
    }

    /// Where each byte of the ISO 8601 form comes from in the CLF text; -1 and -2 are the
    /// month's digits, -3 `-`, -4 `T`, -5 `:`.
    private static let layout: [Int] = [7, 8, 9, 10, -3, -1, -2, -3, 0, 1, -4, 12, 13, -5, 15, 16, -5, 18, 19,
                                        21, 22, 23, -5, 24, 25]

    /// Appends the time as ISO 8601 with its offset: `2000-10-10T13:55:36-07:00`, 25 bytes.
    package func appendISO8601(to out: inout [UInt8]) {
        for source in Self.layout {
            switch source {
            case -1: out.append(UInt8(ascii: "0") + month / 10)
            case -2: out.append(UInt8(ascii: "0") + month % 10)
            case -3: out.append(UInt8(ascii: "-"))
            case -4: out.append(UInt8(ascii: "T"))
            case -5: out.append(UInt8(ascii: ":"))
            default: out.append(clf[source])
            }
        }
    }
}
