extension String {
    /// The string with its first letter in lower case, as GNU messages are written (diagnostics
    /// and error messages quote libraries whose messages start with a capital).
    package var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
