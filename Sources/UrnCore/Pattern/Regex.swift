import CPCRE2
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A PCRE2 regular expression in UTF mode, compiled once (with JIT when available) and matched
/// against whole values (or where an Express path's own anchors say) under match and depth limits, so that a catastrophic expression fails
/// one match instead of hanging the stream. It holds only what PCRE2 reads while matching (the
/// compiled code and the match context); the match data each match writes is the calling
/// thread's own (`MatchScratch`), so one compiled table serves several threads.
@_spi(Records) public final class Regex: @unchecked Sendable {
    /// The expression as written.
    @_spi(Records) public let source: String
    /// The number of capturing groups.
    @_spi(Records) public let captureCount: Int
    private let code: OpaquePointer
    private let context: OpaquePointer

    /// The backtracking budget of one match (PCRE2's match limit).
    @_spi(Records) public static let matchLimit: UInt32 = 1_000_000
    /// The nesting budget of one match (PCRE2's depth limit, for the interpreter).
    @_spi(Records) public static let depthLimit: UInt32 = 10_000

    /// Why a regular expression could not be compiled: PCRE2's message and the 0-based offset.
    @_spi(Records) public struct CompileError: CodedError, Equatable {
        /// PCRE2's message.
        @_spi(Records) public let message: String
        /// The offset in the expression where PCRE2 gave up.
        @_spi(Records) public let position: Int

        @_spi(Records) public var code: String { "invalid-regex" }
        @_spi(Records) public var offset: Int? { position }
    }

    /// Why a match could not be decided.
    @_spi(Records) public struct MatchError: CodedError {
        /// The expression that gave up.
        @_spi(Records) public let source: String
        /// PCRE2's error number.
        @_spi(Records) public let status: Int32
        @_spi(Records) public var code: String { "regex-limit" }
        @_spi(Records) public var message: String {
            status == PCRE2_ERROR_MATCHLIMIT || status == PCRE2_ERROR_DEPTHLIMIT || status == PCRE2_ERROR_HEAPLIMIT
                ? "regex /\(source)/ gave up: match limit exceeded"
                : "regex /\(source)/ failed: \(Regex.errorMessage(status))"
        }
        @_spi(Records) public var offset: Int? { nil }
    }

    /// Where a match may start and end.
    @_spi(Records) public enum Anchoring: Sendable {
        /// The whole subject, every alternative: a placeholder's constraint.
        case wholeValue
        /// Where the source's own `^` and `$` say, read as JavaScript's `RegExp#exec` reads them
        /// (a search; `$` at the very end only): an Express path, which path-to-regexp 0.1.12
        /// writes as `^` + text + `/?$` (index.js:146-155).
        case source
    }

    /// Compiles `source`, anchored at both ends of the subject unless `anchoring` says otherwise.
    @_spi(Records) public init(_ source: String, caseInsensitive: Bool = false, anchoring: Anchoring = .wholeValue) throws(CompileError) {
        self.source = source
        var errorCode: Int32 = 0
        var errorOffset = 0
        var options = UInt32(PCRE2_UTF)
        switch anchoring {
        case .wholeValue: options |= UInt32(PCRE2_ANCHORED | PCRE2_ENDANCHORED)
        case .source: options |= UInt32(PCRE2_DOLLAR_ENDONLY)
        }
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        let compiled = source.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) { bytes in
                pcre2_compile_8(bytes.baseAddress, buffer.count - 1, options, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else {
            throw CompileError(message: Regex.errorMessage(errorCode), position: errorOffset)
        }
        code = compiled
        _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))  // the interpreter serves if JIT is missing
        context = pcre2_match_context_create_8(nil)
        pcre2_set_match_limit_8(context, Regex.matchLimit)
        pcre2_set_depth_limit_8(context, Regex.depthLimit)
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Whether `subject` matches (the whole of it, unless the anchoring is `.source`).
    @_spi(Records) public func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(MatchError) -> Bool {
        try run(subject) >= 0
    }

    /// Whether `subject` matches (the whole of it, unless the anchoring is `.source`).
    @_spi(Records) public func matches(_ subject: [UInt8]) throws(MatchError) -> Bool {
        try subject.withUnsafeBufferPointer { (buffer) throws(MatchError) -> Bool in try matches(buffer) }
    }

    /// The ranges of the capturing groups (nil for a group that took no part) when `subject`
    /// matches (the whole of it, unless the anchoring is `.source`), else nil.
    @_spi(Records) public func captures(_ subject: [UInt8]) throws(MatchError) -> [Range<Int>?]? {
        try subject.withUnsafeBufferPointer { (buffer) throws(MatchError) -> [Range<Int>?]? in try captures(buffer) }
    }

    /// The ranges of the capturing groups in `subject` (see `captures(_:)`), seen through a pointer.
    @_spi(Records) public func captures(_ subject: UnsafeBufferPointer<UInt8>) throws(MatchError) -> [Range<Int>?]? {
        guard try run(subject) >= 0 else { return nil }
        let vector = pcre2_get_ovector_pointer_8(MatchScratch.matchData(pairs: captureCount + 1))!
        let unset = urn_pcre2_unset()
        return (1..<(captureCount + 1)).map { group in
            let start = vector[2 * group], end = vector[2 * group + 1]
            return start == unset ? nil : Int(start)..<Int(end)
        }
    }

    /// Runs the match: the PCRE2 status, negative for no match; throws for limits and errors.
    private func run(_ subject: UnsafeBufferPointer<UInt8>) throws(MatchError) -> Int32 {
        let empty: [UInt8] = [0]
        let matchData = MatchScratch.matchData(pairs: captureCount + 1)
        let status = empty.withUnsafeBufferPointer { fallback in
            pcre2_match_8(code, subject.baseAddress ?? fallback.baseAddress, subject.count, 0, 0, matchData, context)
        }
        if status == PCRE2_ERROR_NOMATCH { return -1 }
        if status < 0 { throw MatchError(source: source, status: status) }
        return status
    }

    static func errorMessage(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        return length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "PCRE2 error \(code)"
    }
}

/// The PCRE2 match data of the calling thread, kept between matches and grown when a regex
/// has more groups than it holds: what every match writes, so never shared between threads.
enum MatchScratch {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { data in
            if let data { pcre2_match_data_free_8(OpaquePointer(data)) }
        }
        return key
    }()

    /// Match data with room for `pairs` offset pairs.
    static func matchData(pairs: Int) -> OpaquePointer {
        if let current = pthread_getspecific(key) {
            let data = OpaquePointer(current)
            if Int(pcre2_get_ovector_count_8(data)) >= pairs { return data }
            pcre2_match_data_free_8(data)
        }
        let data = pcre2_match_data_create_8(UInt32(max(pairs, 16)), nil)!
        pthread_setspecific(key, UnsafeRawPointer(data))
        return data
    }
}
