extension HostPattern {
    /// The patterns of `hosts` (`example.com`, `*.example.com`), as the public table readers
    /// take them; a word that is no host is an `invalid-table` error that names it.
    package static func patterns(_ hosts: [String]) throws(UrnError) -> [HostPattern] {
        var patterns: [HostPattern] = []
        for host in hosts {
            guard let pattern = HostPattern(host) else {
                throw UrnError(code: "invalid-table", message: "'\(host)' is not a host (example.com or *.example.com)")
            }
            patterns.append(pattern)
        }
        return patterns
    }
}
