/// The schemes whose links route on the path alone (urn-patterns(7) DIALECTS): http, https, ws, wss, ftp, file.
/// Other schemes (app deep links) route on the host and then the path.
package enum WebScheme {
    /// Whether `scheme` (any case) is a web scheme, read through a pointer rather than by the
    /// generic loop below: the matcher asks once per link.
    @inline(__always)
    package static func contains(_ scheme: ArraySlice<UInt8>) -> Bool {
        scheme.withUnsafeBufferPointer { bytes in
            let n = bytes.count
            guard n >= 2, n <= 5 else { return false }
            // every byte of the six names is a letter, so setting bit 5 folds case exactly
            var folded: UInt64 = 0
            for i in 0..<n { folded = folded << 8 | UInt64(bytes[i] | 0x20) }
            return isWebName(folded)
        }
    }

    /// Whether `scheme` (any case) is a web scheme; no allocation.
    package static func contains(_ scheme: some Collection<UInt8>) -> Bool {
        var folded: UInt64 = 0
        var count = 0
        for byte in scheme {
            count += 1
            guard count <= 5 else { return false }
            folded = folded << 8 | UInt64(ByteClass.lowercased(byte))
        }
        return isWebName(folded)
    }

    /// Whether the lower-case bytes of a name of two to five bytes, packed big-end first into a
    /// word, are one of the six.
    @inline(__always)
    private static func isWebName(_ folded: UInt64) -> Bool {
        switch folded {
        case 0x68_74_74_70, 0x68_74_74_70_73, 0x77_73, 0x77_73_73, 0x66_74_70, 0x66_69_6C_65:
            return true  // http https ws wss ftp file
        default:
            return false
        }
    }
}

extension WebScheme {
    /// Whether `scheme` (any case) is `http` or `https`: the schemes of universal links and
    /// Android App Links.
    package static func isHTTP(_ scheme: some Collection<UInt8>) -> Bool {
        let lower = scheme.lazy.map(ByteClass.lowercased)
        return lower.elementsEqual("http".utf8) || lower.elementsEqual("https".utf8)
    }
}
