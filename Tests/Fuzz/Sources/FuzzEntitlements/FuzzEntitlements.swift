import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as an entitlements plist, and each line as an entry of one, read and checked (FuzzProperty.entitlements).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.entitlements(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzEntitlements_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
