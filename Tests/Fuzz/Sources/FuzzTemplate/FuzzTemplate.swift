import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as a template: compiled, then rendered against a fixed record and link.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.template(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzTemplate_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
