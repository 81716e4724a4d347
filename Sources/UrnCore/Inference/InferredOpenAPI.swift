/// An OpenAPI 3.1 skeleton of inferred routes, in YAML (`urnmatch --infer --infer-dialect
/// openapi`): one path a route, one operation a method (`get` where the links had none), and
/// each path parameter typed as its values were. OpenAPI has no catch-all: the routes are those
/// of the table with each catch-all written once for each length (`InferredTable.text`).
struct InferredOpenAPI {
    let routes: [InferredRoute]
    /// The table's first lines (`InferredTable.header(routes:)`), given the number of routes.
    let header: (Int) -> String

    func text() -> String {
        var out = header(routes.count) + """
            openapi: 3.1.0
            info:
              title: Routes inferred from links
              version: "1"
            paths:

            """
        var operationIds: Set<String> = []
        for item in Self.pathItems(of: routes) {
            out += "  " + InferredTable.comment(item.route)
            out += "  \(Self.quoted(item.path)):\n"
            for method in item.methods.isEmpty ? ["GET"] : item.methods {
                out += "    \(method.lowercased()):\n"
                out += "      operationId: \(Self.operationId(method: method, path: item.path, taken: &operationIds))\n"
                if !item.parameters.isEmpty {
                    out += "      parameters:\n"
                    for (name, type) in item.parameters {
                        out += "        - name: \(name)\n          in: path\n          required: true\n          schema:\n"
                        out += Self.schema(type).map { "            \($0)\n" }.joined()
                    }
                }
                out += "      responses:\n        \"200\":\n          description: OK\n"
            }
        }
        if routes.isEmpty { out += "  {}\n" }
        return out
    }

    /// One path of the document: the first route written there, with the links of every route
    /// written there (its comment), its parameters and the methods of all of them.
    private struct PathItem {
        var route: InferredRoute
        let path: String
        var parameters: [(String, InferredType?)]
        var methods: [String]
    }

    /// The paths of `routes`, each template once: OpenAPI tells paths apart by their templates,
    /// so routes that come to one (alike but for placeholders of types no value shares, an int
    /// and a UUID) share the first one's path, each parameter typed only where all of them
    /// agree, with all their links and methods.
    private static func pathItems(of routes: [InferredRoute]) -> [PathItem] {
        var items: [PathItem] = []
        var index: [String: Int] = [:]
        for route in routes {
            let (path, parameters) = path(of: route)
            let key = template(path)
            guard let at = index[key] else {
                index[key] = items.count
                items.append(PathItem(route: route, path: path, parameters: parameters, methods: route.methods))
                continue
            }
            items[at].route.addLinks(of: route)
            for (i, parameter) in parameters.enumerated() where items[at].parameters[i].1 != parameter.1 {
                items[at].parameters[i].1 = nil
            }
            // a route whose links had no method is written as `get`
            let methods = [items[at].methods, route.methods].flatMap { $0.isEmpty ? ["GET"] : $0 }
            items[at].methods = HTTPMethod.ordered(Set(methods))
        }
        return items
    }

    /// The path of a route (one without a catch-all) and its parameters.
    private static func path(of route: InferredRoute) -> (String, [(String, InferredType?)]) {
        var names = route.names.makeIterator()
        var parameters: [(String, InferredType?)] = []
        let parts = route.segments.map { segment -> String in
            switch segment {
            case let .literal(bytes):
                return InferredTable.literalText(bytes)
            case let .placeholder(type):
                let name = names.next()!
                parameters.append((name, type))
                return "{\(name)}"
            case .glob:
                // written once for each length before (`InferredTable.text`): none reaches here
                return ""
            case let .stemmed(stem):
                let name = names.next()!
                parameters.append((name, nil))
                return InferredTable.literalText(stem) + "{\(name)}"
            }
        }
        return ("/" + parts.joined(separator: "/"), parameters)
    }

    /// A name for the operation, unique in the document: the method, then the path's words in
    /// camel case (`getUsersByUserRepos`), numbered when taken.
    private static func operationId(method: String, path: String, taken: inout Set<String>) -> String {
        var name = method.lowercased()
        for part in path.split(separator: "/") {
            let isParameter = part.hasPrefix("{")
            let words = part.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) })
            if isParameter { name += "By" }
            for word in words { name += word.prefix(1).uppercased() + word.dropFirst() }
        }
        var unique = name
        var number = 2
        while !taken.insert(unique).inserted {
            unique = "\(name)\(number)"
            number += 1
        }
        return unique
    }

    /// A path with its parameter names dropped: OpenAPI counts paths that differ only in names as one.
    private static func template(_ path: String) -> String {
        var out = ""
        var inName = false
        for c in path {
            if c == "{" { inName = true; out.append("{") } else if c == "}" { inName = false; out.append("}") } else if !inName { out.append(c) }
        }
        return out
    }

    /// The schema lines of a parameter of `type`.
    private static func schema(_ type: InferredType?) -> [String] {
        switch type {
        case nil: return ["type: string"]
        case .int: return ["type: integer"]
        case .uuid: return ["type: string", "format: uuid"]
        case .date: return ["type: string", "format: date"]
        case .hex: return ["type: string", "pattern: \(quoted("^" + InferredType.hex.regex + "$"))"]
        }
    }

    /// `text` as a YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
