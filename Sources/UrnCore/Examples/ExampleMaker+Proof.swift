extension ExampleMaker {
    /// `findings` with the proof of each finding about two routes: an example link made for the
    /// route that another route takes. A finding whose route's example lands on the route itself
    /// keeps no example.
    @_spi(Records) public func proving(_ findings: [TableCheck.Finding]) -> [TableCheck.Finding] {
        findings.map { finding in
            guard finding.routes.count == 2, finding.route !== finding.other,
                  let table = matcher.tables.first(where: { $0.name == finding.route.table }) else { return finding }
            var proved = finding
            proved.example = examples(for: finding.route, in: table)
                .first { $0.kind == .hit && $0.link != nil && !$0.landed && $0.winner != nil }?.link
            return proved
        }
    }
}
