import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as a URLPattern and links to match (FuzzProperty.urlPattern).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.urlPattern(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzURLPattern_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
