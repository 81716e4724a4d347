import FuzzDriver
@_spi(Fuzzing) import UrnFuzzChecks

/// The last line is a link, the lines before it an app-link table (an apple-app-site-association
/// file or an AndroidManifest.xml, forced by its first byte): the table is read, checked, and the
/// link matched, explained and stacked; nothing may crash and the route JSON must be valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzProperty.appLinkTable(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_cdecl("FuzzAppLinkTable_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
