import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// The last line is a request (`METHOD link`, or a link), the lines before it an OpenAPI or
/// Swagger document in JSON or YAML: the document is read (twice, to the same routes), checked,
/// and the request matched, explained and stacked; nothing may crash and the route JSON must be
/// valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.openAPIDocument(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzOpenAPIDocument_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
