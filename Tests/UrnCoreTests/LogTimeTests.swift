import Testing
@_spi(Records) @testable import UrnCore

/// Common Log Format times as ISO 8601.
@Suite struct LogTimeTests {
    func iso(_ clf: String) -> String? {
        Array(clf.utf8).withUnsafeBufferPointer { LogTime(clf: $0) }?.withISO8601 { String(decoding: $0, as: UTF8.self) }
    }

    @Test func converts() {
        #expect(iso("10/Oct/2000:13:55:36 -0700") == "2000-10-10T13:55:36-07:00")
        #expect(iso("01/Jan/2026:00:00:00 +0000") == "2026-01-01T00:00:00+00:00")
        #expect(iso("31/Dec/1999:23:59:59 +0530") == "1999-12-31T23:59:59+05:30")
    }

    @Test func refuses() {
        #expect(iso("10/Okt/2000:13:55:36 -0700") == nil)
        #expect(iso("10/Oct/2000:13:55:36") == nil)
        #expect(iso("10/Oct/2000 13:55:36 -0700") == nil)
        #expect(iso("1O/Oct/2000:13:55:36 -0700") == nil)
        #expect(iso("10/Oct/2000:13:55:36 ~0700") == nil)
    }
}
