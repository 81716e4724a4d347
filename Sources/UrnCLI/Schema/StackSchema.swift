@_spi(Records) import UrnCore

/// The fields of urnstack(1) RECORDS: `stack` (frames `{"pattern","target","link","args","modal"}`),
/// `transition` (`{"pop","push"}`), `handler` (the block handler's frame) and, with `--frames`,
/// `frame` (a frame with `depth` and `of`).
package struct StackSchema: Sendable {
    /// The route members of each frame.
    package let routes: RouteSchema

    /// Writes the members `stack`, then `transition` and `handler` when there are any, of the
    /// stack laid out in `layout`, each frame read where it lies. `plainLinks` says that the
    /// frames' links are slices of a text known to need no JSON escape (`Link.textNeedsNoEscape`), so
    /// that they are copied without a scan of their own.
    package func write(stack layout: StackLayout, transition: Transition?, plainLinks: Bool = false, into json: inout JSONWriter) {
        json.key("stack")
        json.beginArray()
        layout.forEachFrame { route, link, args in
            writeFrame(route, link, args, plainLink: plainLinks, into: &json)
        }
        json.endArray()
        write(transition: transition, plainLinks: plainLinks, into: &json)
        layout.withHandler { route, link, args in
            json.key("handler")
            writeFrame(route, link, args, plainLink: plainLinks, into: &json)
        }
    }

    /// Writes the member `transition`, if there is one.
    private func write(transition: Transition?, plainLinks: Bool, into json: inout JSONWriter) {
        guard let transition else { return }
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

    /// Writes the frame objects of `frames`.
    private func write(_ frames: [Frame], plainLinks: Bool, into json: inout JSONWriter) {
        for frame in frames { write(frame, into: &json, plainLink: plainLinks) }
    }

    /// Writes the member `frame`: frame `depth` (0-based) of a stack of `height` frames.
    package func write(frame: Frame, depth: Int, of height: Int, plainLink: Bool = false, into json: inout JSONWriter) {
        json.key("frame")
        write(frame, into: &json, plainLink: plainLink, depth: depth, of: height)
    }

    /// Writes a frame object, with `depth` and `of` when given; its link without a scan for
    /// escapes when `plainLink` says it needs none.
    package func write(_ frame: Frame, into json: inout JSONWriter, plainLink: Bool = false, depth: Int? = nil, of height: Int? = nil) {
        frame.link.withUnsafeBufferPointer { link in
            writeFrame(frame.route, link, frame.args, plainLink: plainLink, depth: depth, of: height, into: &json)
        }
    }

    /// Writes the frame object of `route` for `link` with `args`: the route's members around
    /// the frame's link and arguments, encoded once per route; `depth` and `of` when given.
    private func writeFrame(_ route: Route, _ link: UnsafeBufferPointer<UInt8>, _ args: borrowing Frame.Arguments,
                            plainLink: Bool, depth: Int? = nil, of height: Int? = nil, into json: inout JSONWriter) {
        json.beginObject()
        Self.write(routes.encodings.members(of: route), link, args, plainLink: plainLink, into: &json)
        if let depth, let height {
            json.key("depth")
            json.int(depth)
            json.key("of")
            json.int(height)
        }
        json.endObject()
    }

    /// Writes a frame's members: its route's `members` around its `link` and `args`.
    private static func write(_ members: RouteEncodings.Members, _ link: UnsafeBufferPointer<UInt8>, _ args: borrowing Frame.Arguments,
                              plainLink: Bool, into json: inout JSONWriter) {
        json.rawMembersAndKey(members.identityThenLinkKey)
        json.string(link, plain: plainLink)
        json.rawMembersAndKey(#""args":"#)
        switch args {
        case let .values(values): ArgumentsSchema.write(values, into: &json)
        case let .json(raw): json.rawValue(raw)
        }
        json.rawMembers(members.modal)
    }
}
