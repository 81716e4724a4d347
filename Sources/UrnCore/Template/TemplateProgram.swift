/// A template compiled into plain steps over one pool of bytes, made once: rendering a record
/// then walks values that hold no reference, so it counts none and copies no expression. The
/// common expressions (a record path, a part of the link, a query parameter) have a step of
/// their own; every other one is rendered through its `Template.Expression`.
struct TemplateProgram: Sendable {
    /// What a step does.
    enum Operation: UInt8, Sendable {
        /// Appends `bytes[start..<start + count]`.
        case text
        /// Appends the record's value at the path whose steps are `places[start..<start + count]`,
        /// watched in slot `slot` (of the template's `paths`).
        case path
        /// Appends the part `part` of the link.
        case part
        /// Appends the first value of the query parameter named `bytes[start..<start + count]`.
        case queryFirst
        /// Renders the expression through `TemplateRenderer.render(_:into:escapingControls:link:)`.
        case general
    }

    /// One step; `expression` numbers the template's expressions (-1 for text).
    struct Step: Sendable {
        let operation: Operation
        /// The part of a `part` step.
        var part = LinkPart.scheme
        /// `url:`: the value as written, not decoded.
        var encoded = false
        /// `must:`: a missing value is an error.
        var must = false
        var start: Int32 = 0
        var count: Int32 = 0
        var expression: Int32 = -1
        var slot: Int32 = -1

        init(_ operation: Operation, start: Int = 0, count: Int = 0) {
            self.operation = operation
            self.start = Int32(start)
            self.count = Int32(count)
        }

        /// The step of `expression`, number `number` of the template.
        init(_ operation: Operation, _ expression: Template.Expression, number: Int, start: Int = 0, count: Int = 0) {
            self.init(operation, start: start, count: count)
            encoded = expression.encoded
            must = expression.must
            self.expression = Int32(number)
        }
    }

    let steps: [Step]
    /// The literal texts, query names and path steps, one after another.
    let bytes: [UInt8]
    /// The steps of the record paths, each `start` an offset into `bytes`.
    let places: [JSONPath.Place]
    /// The template's expressions, in order.
    let expressions: [Template.Expression]
    /// The record paths of the `path` steps, in order: step `slot` k reads `paths[k]`.
    let paths: [JSONPath]

    /// The program of `pieces`.
    init(_ pieces: [Template.Piece]) {
        var steps: [Step] = []
        var bytes: [UInt8] = []
        var places: [JSONPath.Place] = []
        var expressions: [Template.Expression] = []
        var paths: [JSONPath] = []
        for piece in pieces {
            switch piece {
            case let .text(text):
                steps.append(Step(.text, start: bytes.count, count: text.count))
                bytes += text
            case let .expression(expression):
                let number = expressions.count
                expressions.append(expression)
                var step = Self.step(for: expression, number: number, &bytes, &places) ?? Step(.general, expression, number: number)
                if step.operation == .path, case let .path(path) = expression.source {
                    step.slot = Int32(paths.count)
                    paths.append(path)
                }
                steps.append(step)
            }
        }
        self.steps = steps
        self.bytes = bytes
        self.places = places
        self.expressions = expressions
        self.paths = paths
    }

    /// The step of an expression that has a step of its own (its value goes straight into the
    /// output), or nil.
    private static func step(for expression: Template.Expression, number: Int,
                             _ bytes: inout [UInt8], _ places: inout [JSONPath.Place]) -> Step? {
        guard !expression.json else { return nil }
        switch expression.source {
        case let .path(path):
            let start = places.count
            for place in path.places {
                places.append(JSONPath.Place(start: bytes.count + place.start, count: place.count, index: place.index))
            }
            bytes += path.flatSteps
            return Step(.path, expression, number: number, start: start, count: path.places.count)
        case let .part(which):
            // the port is a number, and a host in another form is converted: both the general way
            guard which != .port, which != .host || expression.hostForm == nil else { return nil }
            var step = Step(.part, expression, number: number)
            step.part = which
            return step
        case let .queryFirst(key):
            let start = bytes.count
            bytes += key
            return Step(.queryFirst, expression, number: number, start: start, count: key.count)
        case .url, .queryAll, .derived:
            return nil
        }
    }
}
