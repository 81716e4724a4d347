@_spi(Records) import UrnCore

/// The members every record that names a route writes, encoded once per route: its identity
/// (`"pattern","target"` and `"methods"`), followed by the key `"args":` of a match or by the
/// key `"link":` of a frame, its origin (`"table","line"`, and where an app-link route comes
/// from) and a frame's `"modal"`. All of them live in
/// one byte array; a route finds its slice by its object identity in an open-addressing table,
/// so a record pays neither hashing nor reference counting.
final class RouteEncodings: @unchecked Sendable {  // immutable once made
    /// A route's key (its address; 0 is an empty slot) and where its members are in `bytes`:
    /// identity `start..<identityEnd`, then `,"args":` up to `middle`, origin `middle..<frame`,
    /// then the identity again followed by `,"link":` up to `modal`, and `"modal":…` up to `end`.
    private struct Slot {
        var key: UInt = 0
        var start = 0
        var identityEnd = 0
        var middle = 0
        var frame = 0
        var modal = 0
        var end = 0
    }

    /// The members of one route, as views valid in the body of `withMembers`.
    struct Members {
        /// `"pattern":…,"target":…` (and `"methods"`).
        let identity: UnsafeBufferPointer<UInt8>
        /// The identity followed by `,"args":`.
        let identityThenArgsKey: UnsafeBufferPointer<UInt8>
        /// `"table":…,"line":…`.
        let origin: UnsafeBufferPointer<UInt8>
        /// The identity followed by `,"link":`, a frame's first members.
        let identityThenLinkKey: UnsafeBufferPointer<UInt8>
        /// `"modal":true` or `"modal":false`.
        let modal: UnsafeBufferPointer<UInt8>
    }

    private static let argsKey = Array(#","args":"#.utf8)
    private static let linkKey = Array(#","link":"#.utf8)
    private static let modalTrue = Array(#""modal":true"#.utf8)
    private static let modalFalse = Array(#""modal":false"#.utf8)

    private let slots: [Slot]
    /// The members of every route, in memory of their own, written once: views into it stay
    /// valid as long as the encodings.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let mask: Int

    /// The encodings of `routes`.
    init(routes: [Route]) {
        var capacity = 8
        while capacity < routes.count * 2 { capacity <<= 1 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        var bytes: [UInt8] = []
        // one writer for all: each route's members are written in it and copied out
        var json = JSONWriter(capacity: 256)
        mask = capacity - 1
        for route in routes {
            let key = UInt(bitPattern: ObjectIdentifier(route))
            var index = RouteEncodings.index(of: key, mask: mask)
            while slots[index].key != 0, slots[index].key != key { index = (index + 1) & mask }
            guard slots[index].key == 0 else { continue }
            slots[index] = RouteEncodings.encode(route, key: key, into: &bytes, using: &json)
        }
        self.slots = slots
        self.bytes = .owning(copyOf: bytes)
    }

    deinit {
        bytes.deallocateOwned()
    }

    /// Calls `body` with the encoded members of `route`.
    @inline(__always)
    func withMembers(of route: Route, _ body: (Members) -> Void) {
        if let members = members(of: route) { return body(members) }
        // not one of the tables' routes: encoded now
        var all: [UInt8] = []
        var json = JSONWriter(capacity: 256)
        let slot = RouteEncodings.encode(route, key: UInt(bitPattern: ObjectIdentifier(route)), into: &all, using: &json)
        all.withUnsafeBufferPointer { body(Self.members(slot, in: $0)) }
    }

    /// The encoded members of `route`, views valid as long as the encodings; nil when it is
    /// not one of the tables' routes (`withMembers(of:_:)` encodes those).
    @inline(__always)
    func members(of route: Route) -> Members? {
        let key = UInt(bitPattern: ObjectIdentifier(route))
        var index = RouteEncodings.index(of: key, mask: mask)
        while slots[index].key != key {
            guard slots[index].key != 0 else { return nil }
            index = (index + 1) & mask
        }
        return Self.members(slots[index], in: bytes)
    }

    /// The members `slot` locates in `all`.
    @inline(__always)
    private static func members(_ slot: Slot, in all: UnsafeBufferPointer<UInt8>) -> Members {
        Members(identity: UnsafeBufferPointer(rebasing: all[slot.start..<slot.identityEnd]),
                identityThenArgsKey: UnsafeBufferPointer(rebasing: all[slot.start..<slot.middle]),
                origin: UnsafeBufferPointer(rebasing: all[slot.middle..<slot.frame]),
                identityThenLinkKey: UnsafeBufferPointer(rebasing: all[slot.frame..<slot.modal]),
                modal: UnsafeBufferPointer(rebasing: all[slot.modal..<slot.end]))
    }

    /// Appends the encoded members of `route` to `all`, written with `json`, and returns its
    /// slot for them.
    private static func encode(_ route: Route, key: UInt, into all: inout [UInt8], using json: inout JSONWriter) -> Slot {
        var slot = Slot(key: key, start: all.count)
        appendMembers(to: &all, using: &json) { writeIdentity(of: route, into: &$0) }
        slot.identityEnd = all.count
        all += argsKey
        slot.middle = all.count
        appendMembers(to: &all, using: &json) { writeOrigin(of: route, into: &$0) }
        slot.frame = all.count
        appendMembers(to: &all, using: &json) { writeIdentity(of: route, into: &$0) }
        all += linkKey
        slot.modal = all.count
        all += route.modal ? modalTrue : modalFalse
        slot.end = all.count
        return slot
    }

    /// A first slot from an address (objects are 16-byte aligned, so the low bits carry nothing).
    private static func index(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Writes `"pattern"`, `"target"` and `"methods"` of `route`.
    private static func writeIdentity(of route: Route, into json: inout JSONWriter) {
        json.key("pattern")
        json.string(route.pattern.text)
        json.key("target")
        if case let .universalLink(rule)? = route.appLink, rule.appIDs.count > 1 {
            // a detail's `appIDs`: every app it names
            json.beginArray()
            for app in rule.appIDs { json.string(app) }
            json.endArray()
        } else if let target = route.target {
            json.string(target)
        } else {
            json.null()
        }
        if let methods = route.methods {
            json.key("methods")
            json.beginArray()
            for method in methods { json.string(method) }
            json.endArray()
        }
    }

    /// Writes `"table"`, `"line"` and where an app-link `route` comes from, or what an OpenAPI
    /// operation says of itself.
    private static func writeOrigin(of route: Route, into json: inout JSONWriter) {
        json.key("table")
        json.string(route.table)
        json.key("line")
        json.int(route.line)
        AppLinkSchema.writeOrigin(of: route, into: &json)
        OperationSchema.writeOrigin(of: route, into: &json)
    }

    /// Appends to `all` the members that `body` writes, without the braces of their object,
    /// written with `json` (emptied first).
    private static func appendMembers(to all: inout [UInt8], using json: inout JSONWriter, _ body: (inout JSONWriter) -> Void) {
        json.reset()
        json.beginObject()
        body(&json)
        json.endObject()
        json.withSpan { span in
            span.withUnsafeBufferPointer { all.append(contentsOf: $0[1..<($0.count - 1)]) }
        }
    }
}
