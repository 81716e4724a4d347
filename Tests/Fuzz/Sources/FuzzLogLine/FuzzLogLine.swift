import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as an access-log line, in six layouts, read leniently and with --strict.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.logLine(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzLogLine_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
