import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// Any bytes as a JSON record: scanned, every member and nested path followed, strings decoded,
/// and the record written back with a field appended; the output must be valid JSON. The
/// record is scanned again watching those paths, and every value the scan notes must be the
/// one the text walk finds, its escape flag what the text holds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.jsonReader(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzJSONReader_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
