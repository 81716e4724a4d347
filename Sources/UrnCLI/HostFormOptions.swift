import ArgumentParser
import UrnCore

/// `--punycode` and `--as-idn`, as trurl names them: the form hosts are written in (urnfmt(1)
/// DOMAINS; in urnparse, the host of `normalized`).
public struct HostFormOptions: ParsableArguments {
    @Flag(help: "Write hosts in their ASCII form (punycode), through libidn2.")
    public var punycode = false

    @Flag(help: "Write hosts in their Unicode form (IDN), through libidn2.")
    public var asIdn = false

    public init() {}

    /// The form the options ask for.
    public var hostForm: HostForm { punycode ? .ascii : asIdn ? .unicode : .asWritten }

    public func validate() throws {
        if punycode && asIdn { throw ValidationError("--punycode and --as-idn exclude each other") }
    }
}
