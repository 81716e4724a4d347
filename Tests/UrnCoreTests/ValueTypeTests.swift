import Testing
@_spi(Records) @testable import UrnCore

/// Placeholder types read values as Swift does (urn-patterns(7)).
@Suite struct ValueTypeTests {
    func value(_ type: ValueType, _ text: String, singlePrecision: Bool = false) throws -> ArgValue? {
        try type.value(ArraySlice(text.utf8), singlePrecision: singlePrecision)
    }

    /// `Int(_:)` takes a sign and any number of digits (URLNavigator: URLMatcher.swift:14–16).
    @Test func intTakesWhatIntTakes() throws {
        #expect(try value(.int, "+0000000000000000000042") == .int(42))
        #expect(try value(.int, "0000000000000000000000000000000000000001") == .int(1))
        #expect(try value(.int, "-9223372036854775808") == .int(.min))
        #expect(try value(.int, "9223372036854775807") == .int(.max))
        #expect(try value(.int, "-0") == .int(0))
        for refused in ["9223372036854775808", "-9223372036854775809", "+", "-", "", "1_0", "0x10", " 1", "٣"] {
            #expect(try value(.int, refused) == nil, "\(refused)")
        }
    }

    /// `Float(_:)` takes nan and the infinities (URLMatcher.swift:17–19).
    @Test func singlePrecisionFloatsTakeNonFiniteValues() throws {
        #expect(try value(.float, "inf", singlePrecision: true) == .float(.infinity))
        #expect(try value(.float, "1e39", singlePrecision: true) == .float(.infinity))
        guard case let .float(nan)? = try value(.float, "-nan", singlePrecision: true) else { Issue.record("no float"); return }
        #expect(nan.isNaN && nan.description == "nan")
        #expect(try value(.float, "inf") == nil)
    }
}
