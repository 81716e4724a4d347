import CPSL
@_spi(Records) import UrnCore

/// The loaded list, shared: libpsl's context is read-only once loaded.
final class PublicSuffixList: @unchecked Sendable {
    static let shared = PublicSuffixList()
    let context: OpaquePointer?

    private init() {
        context = psl_latest(nil) ?? psl_builtin()
    }
}
