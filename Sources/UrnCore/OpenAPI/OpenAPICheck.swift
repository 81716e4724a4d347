/// `urnmatch --check` for OpenAPI documents (urn-routes(5) OPENAPI TABLES): templated paths that
/// are equivalent (the specification calls them invalid), path parameters declared but not in
/// the template and the reverse, operations without an `operationId` or with one another
/// operation has, and what every table is checked for: operations that can never be reached
/// and overlaps that document order alone decides.
enum OpenAPICheck {
    typealias Finding = TableCheck.Finding

    /// The findings of an OpenAPI table.
    static func findings(_ table: RouteTable, rules: SegmentRules) -> [Finding] {
        var found: [Finding] = []
        func note(_ route: Route, _ code: String, _ detail: String) {
            found.append(Finding(kind: .pattern, route: route, other: route, detail: detail, detailCode: code))
        }
        // each operation once, by its first route (an operation under several base paths has more)
        var operations: [(route: Route, operation: OpenAPIOperation)] = []
        var seen: Set<String> = []
        for route in table.routes {
            guard let operation = route.operation, seen.insert("\(route.line) \(operation.method) \(operation.path)").inserted else { continue }
            operations.append((route, operation))
        }
        var firstOfShape: [String: (path: String, line: Int)] = [:]
        var firstOfId: [String: Int] = [:]
        var pathsSaid: Set<String> = []
        for (route, operation) in operations {
            let shape = Self.shape(operation.path)
            if let first = firstOfShape[shape], first.path != operation.path, pathsSaid.insert(operation.path).inserted {
                note(route, "equivalent-paths", "path '\(operation.path)' is equivalent to '\(first.path)' (line \(first.line)): templated paths that differ only in their names are identical, which the specification forbids")
            } else if firstOfShape[shape] == nil {
                firstOfShape[shape] = (operation.path, route.line)
            }
            let templated = Self.templateNames(operation.path)
            for (index, name) in templated.enumerated() where templated[..<index].contains(name) {
                note(route, "repeated-name", "'{\(name)}' appears twice in the path: the first value is its argument, the second takes any value")
            }
            for parameter in operation.parameters where !templated.contains(parameter.name) {
                note(route, "parameter-not-in-path", "path parameter '\(parameter.name)' is declared but the path has no '{\(parameter.name)}'")
            }
            for name in templated where !operation.parameters.contains(where: { $0.name == name }) {
                note(route, "undeclared-parameter", "'{\(name)}' has no path parameter declared for it (its value stays a string)")
            }
            if let operationId = operation.operationId {
                if let first = firstOfId[operationId] {
                    note(route, "duplicate-operation-id", "operationId '\(operationId)' is also line \(first)'s: an operationId must be unique")
                } else {
                    firstOfId[operationId] = route.line
                }
            } else {
                note(route, "no-operation-id", "\(operation.method) has no operationId: its target is '\(operation.target)'")
            }
        }
        if let anchor = table.routes.first {
            for (line, detail) in table.notes {
                var finding = Finding(kind: .unrouted, route: anchor, other: anchor, detail: detail, detailCode: "document")
                finding.line = line
                found.append(finding)
            }
        }
        // the pairs: an equivalent path's duplicate is said once above, not once a method
        let equivalent = { (finding: Finding) in
            finding.kind == .duplicate && finding.route.operation?.path != finding.other.operation?.path
        }
        // and a pair once, not once a base path
        var pairsSaid: Set<String> = []
        found += TableCheck.pairFindings(table, rules: rules).filter { finding in
            !equivalent(finding) && pairsSaid.insert("\(finding.kind) \(finding.route.line) \(finding.other.line)").inserted
        }
        return found.sorted { ($0.line ?? $0.route.line, $0.other.line) < ($1.line ?? $1.route.line, $1.other.line) }
    }

    /// A path with each template expression's name left out (`/pets/{}`): equivalent paths
    /// have the same shape.
    static func shape(_ path: String) -> String {
        var shape = ""
        var inName = false
        for character in path {
            if character == "}" { inName = false }
            if !inName { shape.append(character) }
            if character == "{" { inName = true }
        }
        return shape
    }

    /// The names of a path's template expressions, in order.
    static func templateNames(_ path: String) -> [String] {
        path.split(separator: "{").dropFirst().compactMap { piece in piece.firstIndex(of: "}").map { String(piece[..<$0]) } }
    }
}
