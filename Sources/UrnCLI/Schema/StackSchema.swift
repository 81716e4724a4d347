import UrnCore

/// The fields of urnstack(1) RECORDS: `stack` (frames `{"pattern","target","link","args","modal"}`),
/// `transition` (`{"pop","push"}`), `handler` (the block handler's frame) and, with `--frames`,
/// `frame` (a frame with `depth` and `of`).
public struct StackSchema: Sendable {
    /// The route members of each frame.
    public let routes: RouteSchema

    /// The schema writing route members through `routes`.
    public init(routes: RouteSchema) {
        self.routes = routes
    }

    /// Writes the members `stack`, then `transition` and `handler` when there are any.
    /// `plainLinks` says that the frames' links are slices of a text known to need no JSON
    /// escape (`Link.textIsPlain`), so that they are copied without a scan of their own.
    public func write(stack frames: [Frame], transition: Transition?, handler: Frame?, plainLinks: Bool = false,
                      into json: inout JSONWriter) {
        json.key("stack")
        json.beginArray()
        for frame in frames { write(frame, into: &json, plainLink: plainLinks) }
        json.endArray()
        if let transition {
            json.key("transition")
            json.beginObject()
            json.key("pop")
            json.int(transition.pop)
            json.key("push")
            json.beginArray()
            for frame in transition.push { write(frame, into: &json, plainLink: plainLinks) }
            json.endArray()
            json.endObject()
        }
        if let handler {
            json.key("handler")
            write(handler, into: &json, plainLink: plainLinks)
        }
    }

    /// Writes the member `frame`: frame `depth` (0-based) of a stack of `height` frames.
    public func write(frame: Frame, depth: Int, of height: Int, plainLink: Bool = false, into json: inout JSONWriter) {
        json.key("frame")
        write(frame, into: &json, plainLink: plainLink, depth: depth, of: height)
    }

    /// Writes a frame object, with `depth` and `of` when given; its link without a scan for
    /// escapes when `plainLink` says it needs none.
    public func write(_ frame: Frame, into json: inout JSONWriter, plainLink: Bool = false, depth: Int? = nil, of height: Int? = nil) {
        json.beginObject()
        // the route's members around the frame's link and arguments, encoded once per route
        routes.encodings.withMembers(of: frame.route) { members in
            json.rawMembersAndKey(members.identityThenLinkKey)
            frame.link.withUnsafeBufferPointer { json.string($0, plain: plainLink) }
            json.rawMembersAndKey(#""args":"#)
            switch frame.args {
            case let .values(values): ArgumentsSchema.write(values, into: &json)
            case let .json(raw): json.rawValue(raw)
            }
            json.rawMembers(members.modal)
        }
        if let depth, let height {
            json.key("depth")
            json.int(depth)
            json.key("of")
            json.int(height)
        }
        json.endObject()
    }
}
