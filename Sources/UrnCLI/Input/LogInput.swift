import ArgumentParser
@_spi(Records) import UrnCore

/// What `urnparse --log` reads: access-log lines of one format, each made into the record the
/// rest of the tool reads as if it had come so (`LogSchema`), so that error records, `--jobs`
/// and every other option work on log lines as on records.
package struct LogInput: Sendable {
    /// How a line holds its values.
    package enum Format: Sendable {
        /// Text in a format (`common`, `combined`, `nginx:FORMAT`).
        case text(LogLineParser)
        /// One JSON object a line: the target at `target` (`--field`, named `targetName`), the
        /// method at `method` (`--method-field`).
        case json(target: JSONPath, targetName: String, method: JSONPath?)
    }

    /// The lines' format.
    package let format: Format
    /// `scheme://authority` of `--base`, which goes before each origin-form target; empty for none.
    package let origin: [UInt8]
    /// `--strict`: a line whose bytes are no UTF-8 is an error record, as its target is when
    /// the link parser refuses it; otherwise a log is read leniently (urnparse(1), ACCESS LOGS).
    package let strict: Bool

    /// Lines in `format`, their origin-form targets after `origin`, read leniently unless `strict`.
    package init(format: Format, origin: [UInt8], strict: Bool = false) {
        self.format = format
        self.origin = origin
        self.strict = strict
    }

    /// The input `--log argument` names (`common`, `combined`, `vhost_combined`, `json`,
    /// `nginx:FORMAT`), a JSON line's target at `field` (named `fieldName`) and method at
    /// `methodField`, under `base`, read leniently unless `strict`.
    package init(argument: String, field: JSONPath, fieldName: String, methodField: JSONPath?, base: String?,
                 strict: Bool = false) throws {
        self.strict = strict
        switch argument {
        case "common": format = .text(LogLineParser(format: .common))
        case "combined": format = .text(LogLineParser(format: .combined))
        case "vhost_combined": format = .text(LogLineParser(format: .vhostCombined))
        case "json": format = .json(target: field, targetName: fieldName, method: methodField)
        default:
            guard argument.hasPrefix("nginx:") else {
                throw ValidationError("unknown --log '\(argument)' (use common, combined, vhost_combined, json or 'nginx:FORMAT')")
            }
            do throws(LogFormatError) {
                format = .text(LogLineParser(format: try LogFormat(nginx: String(argument.dropFirst(6)))))
            } catch {
                throw ValidationError("--log nginx: \(error.message)")
            }
        }
        if case .text = format, methodField != nil {
            throw ValidationError("--method-field goes with --log json (a text log's request line holds the method)")
        }
        origin = try base.map(Self.origin(ofBase:)) ?? []
    }

    /// `scheme://authority` of `base`: the log's targets hold the path, so a base holds no more
    /// than a `/` after its authority.
    private static func origin(ofBase base: String) throws -> [UInt8] {
        guard let link = try? LinkParser().parse(base), link.kind == .url, let authority = link.reference.authority,
              link.path.count <= 1, link.query == nil, link.fragment == nil
        else { throw ValidationError("--base '\(base)' with --log: give scheme://host[:port] (the log's targets hold the path)") }
        return Array(link.text[..<authority.upperBound])
    }
}

/// Turns access-log lines into the text of JSON records, in storage reused from line to line
/// (one reader a thread).
package final class LogRecordReader {
    private let input: LogInput
    private var json = JSONWriter(capacity: 4096)
    private var scratch: [UInt8] = []
    private var target: [UInt8] = []
    private var scanner = JSONScanner()
    /// A JSON line's members that give way to what the reader writes: `link`, and `method`
    /// where `--method-field` gives one.
    private let replaced: FieldNames

    /// A reader of lines as `input` says.
    package init(_ input: LogInput) {
        self.input = input
        if case .json(_, _, nil) = input.format { replaced = FieldNames(["link"]) } else { replaced = FieldNames(["link", "method"]) }
        scratch.reserveCapacity(1024)
        target.reserveCapacity(1024)
    }

    /// The record of `line` (trimmed, not blank), as JSON text valid until the next call; throws
    /// for a line that does not fit the format.
    package func record(of line: UnsafeBufferPointer<UInt8>) throws(RecordError) -> UnsafeBufferPointer<UInt8> {
        json.reset()
        switch input.format {
        case let .text(parser):
            let values: LogLine
            do throws(LogLineError) { values = try parser.parse(line) } catch { throw .log(error) }
            if input.strict, let bad = values.invalidUTF8At { throw .log(.invalidUTF8(at: bad)) }
            json.beginObject()
            guard LogSchema.write(values, of: line, origin: input.origin, strict: input.strict, scratch: &scratch, into: &json) else {
                throw .log(.invalidUTF8(at: (values.target ?? values.path)?.lowerBound ?? 0))
            }
        case let .json(targetPath, targetName, methodPath):
            guard line.first == UInt8(ascii: "{") else { throw .log(.notAnObject) }
            do throws(JSONError) { try scanner.scanObject(line) } catch { throw .json(error) }
            let record = RecordView(text: line, members: scanner.members, isJSON: true)
            guard let (range, kind) = record.jsonToken(at: targetPath), kind != .null else {
                throw .missingField(targetName, suggestion: RecordParser.linkField(of: record))
            }
            guard kind == .string else { throw .fieldNotString(targetName) }
            target.removeAll(keepingCapacity: true)
            JSONString.decode(range, in: line, into: &target)
            var method: UnsafeBufferPointer<UInt8>?
            if let methodPath, let (range, kind) = record.jsonToken(at: methodPath), kind == .string {
                method = UnsafeBufferPointer(rebasing: line[range])
            }
            json.beginObject()
            for member in record.members where !replaced.contains(member.key, in: line) {
                json.rawMember(key: UnsafeBufferPointer(rebasing: line[member.key]), value: UnsafeBufferPointer(rebasing: line[member.value]))
            }
            target.withUnsafeBufferPointer { target in
                LogSchema.writeRequest(target: target, method: method, origin: input.origin, scratch: &scratch, into: &json)
            }
        }
        json.endObject()
        return json.unsafeText()
    }
}
