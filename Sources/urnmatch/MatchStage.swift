@preconcurrency import Glibc
import UrnCLI
import UrnCore

/// urnmatch's work on one record: route the link, select, add `route` (and `explain`), count.
struct MatchStage: RecordStage {
    enum Selection { case matched, unmatched, every, count, stats }

    struct Result {
        /// The winning route, if any.
        let winner: Match?
        /// With `--all-matches`, every match in precedence order (the winner first).
        let all: [Match]
        let explanations: [Explanation]?
    }

    let matcher: Matcher
    var reader: LinkReader
    let selection: Selection
    let invert: Bool
    let allMatches: Bool
    let explain: Bool
    private var selected = 0
    private var unmatched = 0
    /// Hits by route.
    private var hits: [ObjectIdentifier: Int] = [:]

    init(matcher: Matcher, reader: LinkReader, selection: Selection, invert: Bool, allMatches: Bool, explain: Bool) {
        self.matcher = matcher
        self.reader = reader
        self.selection = selection
        self.invert = invert
        self.allMatches = allMatches
        self.explain = explain
    }

    var fieldNames: [String] { explain ? ["route", "explain"] : ["route"] }
    var writesRecords: Bool { selection != .count && selection != .stats }

    mutating func prepare(link: UnsafeBufferPointer<UInt8>, record: InputRecord) throws -> Result {
        let parsed = try reader.read(link, of: record)
        let all = allMatches ? try matcher.match(parsed, all: true) : []
        let winner = allMatches ? all.first : try matcher.firstMatch(parsed)
        if let winner {
            hits[ObjectIdentifier(winner.route), default: 0] += 1
            if let handler = winner.handler { hits[ObjectIdentifier(handler), default: 0] += 1 }
        } else {
            unmatched += 1
        }
        let explanations = explain && winner == nil ? try matcher.explain(parsed) : nil
        return Result(winner: winner, all: all, explanations: explanations)
    }

    mutating func selects(_ result: Result) -> Bool {
        let isSelected: Bool
        let matched = result.winner != nil
        switch selection {
        case .matched: isSelected = matched
        case .unmatched: isSelected = !matched
        case .every: isSelected = true
        case .count, .stats: isSelected = invert ? !matched : matched
        }
        if isSelected && (selection != .every || matched) { selected += 1 }
        return isSelected
    }

    mutating func write(_ result: Result, into json: inout JSONWriter) {
        json.key("route")
        if allMatches {
            json.beginArray()
            for match in result.all { match.write(into: &json) }
            json.endArray()
        } else if let winner = result.winner {
            winner.write(into: &json)
        } else {
            json.null()
        }
        if let explanations = result.explanations {
            json.key("explain")
            json.beginArray()
            for explanation in explanations { explanation.write(into: &json) }
            json.endArray()
        }
    }

    mutating func finish(into writer: RecordWriter) throws(WriteFailure) -> ExitStatus {
        switch selection {
        case .count:
            try writer.line(String(selected))
        case .stats:
            for table in matcher.tables {
                for route in table.routes {
                    writer.json.beginObject()
                    route.writePatternAndTarget(into: &writer.json)
                    route.writeOrigin(into: &writer.json)
                    writer.json.key("hits")
                    writer.json.int(hits[ObjectIdentifier(route)] ?? 0)
                    try writer.end()
                }
            }
            writer.json.beginObject()
            writer.json.key("unmatched")
            writer.json.int(unmatched)
            try writer.end()
            return hits.isEmpty ? .nothingSelected : .success
        default:
            break
        }
        return selected > 0 ? .success : .nothingSelected
    }
}
