import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as an assetlinks.json, read and checked beside a manifest (FuzzProperty.assetLinks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.assetLinks(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzAssetLinks_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
