import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as lines of links, inferred into a table that must route them all (FuzzProperty.routeInference).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.routeInference(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzRouteInference_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
