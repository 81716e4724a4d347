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
        case "region": return try Self.regions.get()
        case "lang": return try Self.languages.get()
        default: throw .unknown(name)
        }
    }

    /// The ISO 3166-1 codes, read once for all patterns.
    private static let regions = Result { () throws(Failure) in try isoCodes(file: "iso_3166-1.json", list: "3166-1") }
    /// The ISO 639-1 codes, read once for all patterns.
    private static let languages = Result { () throws(Failure) in try isoCodes(file: "iso_639-2.json", list: "639-2") }

    /// The `alpha_2` codes of the iso-codes list `list` in `file`.
    private static func isoCodes(file: String, list: String) throws(Failure) -> [String] {
        let path = isoCodesDirectory + "/" + file
        guard case let .success(bytes) = FileContents.read(path), let document = try? JSONDocument(bytes),
              let entries = document.root[list]?.array
        else { throw .missingList(path) }
        return entries.compactMap { $0["alpha_2"]?.string }
    }
}
