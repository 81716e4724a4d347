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
        write(frames, plainLinks: plainLinks, into: &json)
        json.endArray()
        if let transition {
            json.key("transition")
            json.beginObject()
            json.key("pop")
            json.int(transition.pop)
            json.key("push")
            json.beginArray()
            write(transition.push, plainLinks: plainLinks, into: &json)
            json.endArray()
            json.endObject()
        }
        if let handler {
            json.key("handler")
            write(handler, into: &json, plainLink: plainLinks)
        }
    }

    /// Writes the frame objects of `frames`, each read where it lies: `for frame in frames`
    /// copied every frame (three references counted).
    private func write(_ frames: [Frame], plainLinks: Bool, into json: inout JSONWriter) {
        frames.withUnsafeBufferPointer { frames in
            for k in frames.indices { write(frames[k], into: &json, plainLink: plainLinks) }
        }
    }

    /// Writes a frame's members: its route's `members` around its `link` and `args`.
    private static func write(_ members: RouteEncodings.Members, _ link: ArraySlice<UInt8>, _ args: Frame.Arguments,
                              plainLink: Bool, into json: inout JSONWriter) {
        json.rawMembersAndKey(members.identityThenLinkKey)
        link.withUnsafeBufferPointer { json.string($0, plain: plainLink) }
        json.rawMembersAndKey(#""args":"#)
        switch args {
        case let .values(values): ArgumentsSchema.write(values, into: &json)
        case let .json(raw): json.rawValue(raw)
        }
        json.rawMembers(members.modal)
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
        // the route's members around the frame's link and arguments, encoded once per route;
        // the frame's parts are passed on, not captured by the closure, which copied the frame
        if let members = routes.encodings.members(of: frame.route) {
            Self.write(members, frame.link, frame.args, plainLink: plainLink, into: &json)
        } else {
            let (link, args) = (frame.link, frame.args)
            routes.encodings.withMembers(of: frame.route) { Self.write($0, link, args, plainLink: plainLink, into: &json) }
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
