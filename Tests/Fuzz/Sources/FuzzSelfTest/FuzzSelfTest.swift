import FuzzDriver

/// A target that traps on purpose, for `make fuzz-selftest` only (never in FUZZ_TARGETS): any
/// input that begins with `!` stops it with a Swift runtime trap, the way a failed check in a
/// real target does. Its seed (Tests/Fuzz/corpus/selftest) begins with `!`, so the trap comes
/// at once, and the gate must then fail and leave that input as a crash artifact (issue 37:
/// the runtime's backtracer took such traps before libFuzzer could write the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if size > 0, data[0] == UInt8(ascii: "!") {
        fatalError("FuzzSelfTest: trapped on purpose on an input beginning with '!'")
    }
    return 0
}

@_cdecl("FuzzSelfTest_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
