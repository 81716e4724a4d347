#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The substitution variables an apple-app-site-association pattern may use as `$(name)`:
/// Apple's predefined ones (`alpha`, `upper`, `lower`, `alnum`, `digit`, `xdigit`, `region`,
/// `lang`) and the file's own `substitutionVariables`, which win over a predefined one of the
/// same name. `region` and `lang` are the ISO 3166-1 and ISO 639-1 two-letter codes (`US`,
/// `en`), read from the system's iso-codes lists rather than from a table of our own.
package struct SubstitutionVariables: Sendable {
    /// The file's own variables.
    package var custom: [String: [String]]

    /// Where the iso-codes package keeps its lists.
    package static let isoCodesDirectory = "/usr/share/iso-codes/json"

    /// The variables of a file that declares `custom`.
    package init(custom: [String: [String]] = [:]) {
        self.custom = custom
    }

    /// Why a variable has no values.
    package enum Failure: Error, Equatable {
        /// No variable of that name.
        case unknown(String)
        /// The ISO code list that `region` or `lang` needs could not be read.
        case missingList(String)
    }

    /// The strings `$(name)` stands for.
    package func values(of name: String) throws(Failure) -> [String] {
        if let values = custom[name] { return values }
        func letters(_ range: ClosedRange<UInt8>) -> [String] { range.map { String(UnicodeScalar($0)) } }
        switch name {
        case "alpha": return letters(0x41...0x5A) + letters(0x61...0x7A)
        case "upper": return letters(0x41...0x5A)
        case "lower": return letters(0x61...0x7A)
        case "digit": return letters(0x30...0x39)
        case "alnum": return letters(0x41...0x5A) + letters(0x61...0x7A) + letters(0x30...0x39)
        case "xdigit": return letters(0x30...0x39) + letters(0x41...0x46) + letters(0x61...0x66)
        case "region": return try Self.isoCodes(file: "iso_3166-1.json", list: "3166-1")
        case "lang": return try Self.isoCodes(file: "iso_639-2.json", list: "639-2")
        default: throw .unknown(name)
        }
    }

    /// The `alpha_2` codes of the iso-codes list `list` in `file`.
    private static func isoCodes(file: String, list: String) throws(Failure) -> [String] {
        let path = isoCodesDirectory + "/" + file
        guard let bytes = Self.contents(of: path), let document = try? JSONDocument(bytes),
              let entries = document.root[list]?.array
        else { throw .missingList(path) }
        return entries.compactMap { $0["alpha_2"]?.string }
    }

    /// The bytes of the file at `path`, or nil.
    private static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65_536, file) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
