/// What a link opens, as the stack builder lays it out for a writer: each frame as its route,
/// where its link ends in the link's text (every frame's link is a prefix of it) and its
/// arguments, and the WAAppRouting block handler the same way. Its storage is kept from link to
/// link, and a frame's route and link count no reference: building and writing a stack of two
/// frames counted a dozen when each frame held its route, a slice of the text and its
/// arguments (`Frame`, which `frames` still gives).
@_spi(Records) public struct StackLayout {
    /// One frame laid out.
    struct Slot {
        /// The route, which the matcher that `owner` keeps holds.
        let route: Unmanaged<Route>
        /// The end of the frame's link in `text`.
        let linkEnd: Int
        /// The arguments.
        let args: Frame.Arguments
    }

    /// The text of the link, which every frame's link is a prefix of.
    @_spi(Records) public private(set) var text: [UInt8] = []
    private(set) var slots: [Slot] = []
    private(set) var handlerSlot: Slot?
    /// The matcher whose tables hold the routes.
    private var owner: Matcher?

    /// An empty layout, to lay stacks out in.
    @_spi(Records) public init() {}

    /// Starts over for the link whose text is `text`, with the routes of `matcher`'s tables.
    mutating func reset(text: [UInt8], matcher: Matcher) {
        // most callers cleared it already, to let the last link's text go
        if !slots.isEmpty || handlerSlot != nil { clear() }
        self.text = text
        if owner !== matcher { owner = matcher }
    }

    /// Empties the layout (a link that opens nothing), keeping its storage, and lets the link's
    /// text go: a caller that parses the next link into the same text storage clears the layout
    /// first, or the storage, shared, is copied.
    @_spi(Records) public mutating func clear() {
        slots.removeAllShort()
        handlerSlot = nil
        text = []
    }

    /// Adds a frame: `route` (which the matcher's tables hold: a match's reference counts
    /// nothing), whose link is the text up to `linkEnd`, and its `args`.
    mutating func append(_ route: Unmanaged<Route>, linkEnd: Int, args: Frame.Arguments) {
        slots.append(Slot(route: route, linkEnd: linkEnd, args: args))
    }

    /// Replaces the last frame (a route that takes several prefixes is one screen, at its longest).
    mutating func replaceLast(_ route: Unmanaged<Route>, linkEnd: Int, args: Frame.Arguments) {
        slots[slots.count - 1] = Slot(route: route, linkEnd: linkEnd, args: args)
    }

    /// Sets the block handler: `route`, over the whole link, with `args`.
    mutating func setHandler(_ route: Route, args: Frame.Arguments) {
        handlerSlot = Slot(route: .passUnretained(route), linkEnd: text.count, args: args)
    }

    /// The number of frames.
    @_spi(Records) public var count: Int { slots.count }

    /// Whether the link opens no screen.
    @_spi(Records) public var isEmpty: Bool { slots.isEmpty }

    /// Whether the link runs a block handler.
    @_spi(Records) public var hasHandler: Bool { handlerSlot != nil }

    /// Frame `index` (0 is the root).
    @_spi(Records) public subscript(index: Int) -> Frame { frame(slots[index]) }

    /// The frames, root first.
    @_spi(Records) public var frames: [Frame] { slots.map(frame) }

    /// The block handler's frame, if any.
    @_spi(Records) public var handler: Frame? { handlerSlot.map(frame) }

    private func frame(_ slot: Slot) -> Frame {
        Frame(route: slot.route.takeUnretainedValue(), link: text[..<slot.linkEnd], args: slot.args)
    }

    /// Calls `body` with the parts of each frame, root first, read where they lie: the route,
    /// the frame's link and its arguments, valid during the call.
    @_spi(Records) public func forEachFrame(_ body: (Route, UnsafeBufferPointer<UInt8>, borrowing Frame.Arguments) -> Void) {
        text.withUnsafeBufferPointer { text in
            slots.withUnsafeBufferPointer { slots in
                for k in slots.indices { Self.call(body, with: slots[k], text) }
            }
        }
    }

    /// Calls `body` with the parts of the handler's frame, if there is one.
    @_spi(Records) public func withHandler(_ body: (Route, UnsafeBufferPointer<UInt8>, borrowing Frame.Arguments) -> Void) {
        guard let handlerSlot else { return }
        text.withUnsafeBufferPointer { Self.call(body, with: handlerSlot, $0) }
    }

    @inline(__always)
    private static func call(_ body: (Route, UnsafeBufferPointer<UInt8>, borrowing Frame.Arguments) -> Void, with slot: Slot,
                             _ text: UnsafeBufferPointer<UInt8>) {
        slot.route._withUnsafeGuaranteedRef { route in
            body(route, UnsafeBufferPointer(rebasing: text[..<slot.linkEnd]), slot.args)
        }
    }
}
