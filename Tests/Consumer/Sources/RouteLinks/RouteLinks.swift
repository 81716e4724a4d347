import FoundationEssentials
import UrnCore

/// Routes links through a URLNavigator-style table, as an app would: `RouteLinks TABLE LINK...`
/// prints each link's screen and typed arguments, or why no route takes it; then builds a link
/// back from arguments.
@main
struct RouteLinks {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let tablePath = arguments.first else {
            print("usage: RouteLinks TABLE LINK...")
            return
        }
        let table = try RouteTable(contentsOfFile: tablePath, dialect: .navigator)
        let router = Router(tables: [table])
        for text in arguments.dropFirst() {
            guard let url = URL(string: text) else {
                print("\(text): not a URL")
                continue
            }
            if let match = try router.route(url) {
                let args = match.arguments.map { argument in
                    switch argument.value {
                    case let .integer(value): return "\(argument.name)=\(value) (Int)"
                    case let .number(value): return "\(argument.name)=\(value) (Double)"
                    case let .string(value): return "\(argument.name)=\(value) (String)"
                    case let .json(value): return "\(argument.name)=\(value) (JSON)"
                    }
                }
                print("\(text) -> \(match.route.target ?? "-") [\(args.joined(separator: ", "))] line \(match.route.line)")
            } else {
                let reasons = try router.explain(text).map { "\($0.route.pattern): \($0.reason)" }
                print("\(text) -> no route (\(reasons.joined(separator: "; ")))")
            }
        }
        let user = try LinkTemplate("myapp://user/<int:id>", dialect: .navigator)
        print("built: \(try user.link(["id": "7"]))")
        do {
            _ = try user.link(["id": "seven"])
        } catch {
            print("refused: \(error.code): \(error.message)")
        }
    }
}
