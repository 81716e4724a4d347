/// A route that matched a link, with the arguments it took.
public struct Match: Sendable {
    /// The route.
    public let route: Route
    /// The arguments: placeholders in pattern order, then query parameters (`--merge-query`),
    /// then defaults, each name once.
    public let args: [(name: [UInt8], value: ArgValue)]
    /// The WAAppRouting block handler that also takes the link, when `route` is a screen route:
    /// the library runs the block and presents the screen (WAAppRouter.m:48–78).
    public internal(set) var handler: Route?

    /// A match of `route` with `args`.
    public init(route: Route, args: [(name: [UInt8], value: ArgValue)], handler: Route? = nil) {
        self.route = route
        self.args = args
        self.handler = handler
    }
}

/// Arguments being collected, in order, each name once: the first value set for a name wins.
struct ArgumentList {
    private(set) var items: [(name: [UInt8], value: ArgValue)] = []

    /// An empty list with room for `capacity` arguments.
    init(capacity: Int = 0) {
        items.reserveCapacity(capacity)
    }

    /// An empty list in the storage of `storage`, which it takes: a matcher gives back the
    /// finished list (`storage = list.items`), so that once the match is gone the next one
    /// reuses the storage instead of allocating.
    init(reusing storage: inout [(name: [UInt8], value: ArgValue)], capacity: Int) {
        swap(&items, &storage)
        // Usually empty with room enough (the matcher lets the last arguments go first): then
        // there is nothing to do, and a storage some match still shares is copied on the first
        // append, or never for a route without arguments (removeAll copied it at once).
        if items.isEmpty && items.capacity >= capacity { return }
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(capacity)
    }

    /// Adds `name` unless it is already there.
    mutating func add(_ name: [UInt8], _ value: ArgValue) {
        guard !items.contains(where: { $0.name == name }) else { return }
        items.append((name, value))
    }

    /// Adds `name`, which the caller knows is not there yet: a pattern's placeholder names are
    /// distinct, and they come first.
    mutating func addNew(_ name: [UInt8], _ value: ArgValue) {
        items.append((name, value))
    }

    /// Removes `name` (a Swift dictionary given nil).
    mutating func remove(_ name: [UInt8]) {
        items.removeAll { $0.name == name }
    }

    /// Sets `name`, replacing an earlier value in place (for "last one wins" sources).
    mutating func set(_ name: [UInt8], _ value: ArgValue) {
        if let index = items.firstIndex(where: { $0.name == name }) {
            items[index].value = value
        } else {
            items.append((name, value))
        }
    }
}
