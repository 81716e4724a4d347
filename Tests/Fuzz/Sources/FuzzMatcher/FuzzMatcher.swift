import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// The first line is a route table line, the second a link: the table is compiled in every
/// dialect and the link matched, stacked and explained; nothing may crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.matcher(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzMatcher_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
