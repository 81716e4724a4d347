import ArgumentParser
@_spi(Records) import UrnCore

/// `--punycode` and `--as-idn`, as trurl names them: the form hosts are written in (urnfmt(1)
/// DOMAINS; in urnparse, the host of `normalized`).
package struct HostFormOptions: ParsableArguments {
    @Flag(help: "Write hosts in their ASCII form (punycode), through libidn2.")
    package var punycode = false

    @Flag(help: "Write hosts in their Unicode form (IDN), through libidn2.")
    package var asIdn = false

    @Flag(help: "With --normalize: write percent-encoded UTF-8 that is safe to show as text (the IRI, RFC 3987 §3.2) instead of the URI.")
    package var iri = false

    package init() {}

    /// The text form of normalized links outside the host: the URI, or with `--iri` the IRI.
    package var normalizedForm: LinkNormalizer.Form { iri ? .iri : .uri }

    /// The form the options ask for.
    package var hostForm: HostForm { punycode ? .ascii : asIdn ? .unicode : .asWritten }

    package func validate() throws {
        if punycode && asIdn { throw ValidationError("--punycode and --as-idn exclude each other") }
    }
}
