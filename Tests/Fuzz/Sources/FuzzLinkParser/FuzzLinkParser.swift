import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as a link, with every option, normalized and resolved: nothing may crash, and the
/// JSON written for it must be valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.linkParser(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzLinkParser_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
