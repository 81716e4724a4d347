import UrnCore

/// The members every record that names a route writes, encoded once per route: its identity
/// (`"pattern","target"` and `"methods"`), followed by the key `"args":` of a match, and its
/// origin (`"table","line"`, and where an app-link route comes from). All of them live in
/// one byte array; a route finds its slice by its object identity in an open-addressing table,
/// so a record pays neither hashing nor reference counting.
final class RouteEncodings: Sendable {
    /// A route's key (its address; 0 is an empty slot) and where its members are in `bytes`:
    /// identity `start..<identityEnd`, then `,"args":` up to `middle`, origin `middle..<end`.
    private struct Slot {
        var key: UInt = 0
        var start = 0
        var identityEnd = 0
        var middle = 0
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
    }

    private static let argsKey = Array(#","args":"#.utf8)

    private let slots: [Slot]
    private let bytes: [UInt8]
    private let mask: Int

    /// The encodings of `routes`.
    init(routes: [Route]) {
        var capacity = 8
        while capacity < routes.count * 2 { capacity <<= 1 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        var bytes: [UInt8] = []
        mask = capacity - 1
        for route in routes {
            let key = UInt(bitPattern: ObjectIdentifier(route))
            var index = RouteEncodings.index(of: key, mask: mask)
            while slots[index].key != 0, slots[index].key != key { index = (index + 1) & mask }
            guard slots[index].key == 0 else { continue }
            let (identity, origin) = RouteEncodings.encode(route)
            let start = bytes.count
            bytes += identity
            let identityEnd = bytes.count
            bytes += RouteEncodings.argsKey
            let middle = bytes.count
            bytes += origin
            slots[index] = Slot(key: key, start: start, identityEnd: identityEnd, middle: middle, end: bytes.count)
        }
        self.slots = slots
        self.bytes = bytes
    }

    /// Calls `body` with the encoded members of `route`.
    @inline(__always)
    func withMembers(of route: Route, _ body: (Members) -> Void) {
        let key = UInt(bitPattern: ObjectIdentifier(route))
        var index = RouteEncodings.index(of: key, mask: mask)
        while slots[index].key != key {
            guard slots[index].key != 0 else {
                // not one of the tables' routes: encoded now
                let (identity, origin) = RouteEncodings.encode(route)
                let all = identity + RouteEncodings.argsKey + origin
                all.withUnsafeBufferPointer { all in
                    body(Members(identity: UnsafeBufferPointer(rebasing: all[..<identity.count]),
                                 identityThenArgsKey: UnsafeBufferPointer(rebasing: all[..<(all.count - origin.count)]),
                                 origin: UnsafeBufferPointer(rebasing: all[(all.count - origin.count)...])))
                }
                return
            }
            index = (index + 1) & mask
        }
        let slot = slots[index]
        bytes.withUnsafeBufferPointer { all in
            body(Members(identity: UnsafeBufferPointer(rebasing: all[slot.start..<slot.identityEnd]),
                         identityThenArgsKey: UnsafeBufferPointer(rebasing: all[slot.start..<slot.middle]),
                         origin: UnsafeBufferPointer(rebasing: all[slot.middle..<slot.end])))
        }
    }

    /// A first slot from an address (objects are 16-byte aligned, so the low bits carry nothing).
    private static func index(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private static func encode(_ route: Route) -> (identity: [UInt8], origin: [UInt8]) {
        (members { json in
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
        },
        members { json in
            json.key("table")
            json.string(route.table)
            json.key("line")
            json.int(route.line)
            AppLinkSchema.writeOrigin(of: route, into: &json)
        })
    }

    /// The members that `body` writes, without the braces of their object.
    private static func members(_ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var json = JSONWriter(capacity: 256)
        json.beginObject()
        body(&json)
        json.endObject()
        let object = json.bytes
        return Array(object[1..<(object.count - 1)])
    }
}
