/// One screen of a navigation stack (urnstack(1)): the route that shows it, its own concrete link, its
/// arguments and whether it is presented modally.
@_spi(Records) public struct Frame: Sendable {
    /// The arguments of a frame: computed, or the raw JSON object of an upstream `route.args`.
    @_spi(Records) public enum Arguments: Sendable {
        case values(UrnCore.Arguments)
        case json([UInt8])
    }

    /// The route.
    @_spi(Records) public let route: Route
    /// The frame's own link: the link cut after the components its pattern takes (a slice of the
    /// link's text, shared by all its frames).
    @_spi(Records) public let link: ArraySlice<UInt8>
    /// Its arguments, with the table's defaults.
    @_spi(Records) public let args: Arguments
    /// Presented modally (a WAAppRouting `!`).
    @_spi(Records) public var modal: Bool { route.modal }

    /// A frame.
    @_spi(Records) public init(route: Route, link: ArraySlice<UInt8>, args: Arguments) {
        self.route = route
        self.link = link
        self.args = args
    }

    /// Whether two frames show the same screen for the same link (the test for sharing).
    @_spi(Records) public func isSame(as other: Frame) -> Bool {
        route === other.route && link == other.link
    }
}
