@_spi(Records) import UrnCore

/// The members every record that names a route writes, encoded once per route: its identity
/// (`"pattern","target"` and `"methods"`), followed by `"args":{` opening a match's arguments or by the
/// key `"link":` of a frame, its origin (`"table","line"`, and where an app-link route comes
/// from) and a frame's `"modal"`. A route finds them by its object identity in an
/// open-addressing table, so a record pays neither hashing nor reference counting.
///
/// A route is encoded, and given its slot, the first time it is written, not when the table
/// loads: a large table holds many routes that a run never writes (and `-c` writes none), and
/// encoding each of them, and filling a slot for it, would lengthen every load. A route with a
/// slot is retained until the encodings go, so that no other route can take its address. The
/// first block of encodings and the slots have room for a few hundred routes, so a record
/// allocates only when a run writes more routes than that, and then once for many routes. So
/// the encodings change as records are written, and each thread writes through its own
/// (`copyForThread()` of the stages makes one).
final class RouteEncodings: @unchecked Sendable {  // one per thread, as above
    /// A route's key (its address; 0 is an empty slot) and where its members are: identity
    /// `base..<base+identityEnd`, then `,"args":{` up to `middle`, origin `middle..<frame`,
    /// then the identity again followed by `,"link":` up to `modal`, and `"modal":…` up to
    /// `end`. The memory at `base` is never moved or freed before the encodings.
    private struct Slot {
        var key: UInt = 0
        var base: UnsafePointer<UInt8>?
        var identityEnd: Int32 = 0
        var middle: Int32 = 0
        var frame: Int32 = 0
        var modal: Int32 = 0
        var end: Int32 = 0
    }

    /// The members of one route, as views valid as long as the encodings.
    struct Members {
        /// `"pattern":…,"target":…` (and `"methods"`).
        let identity: UnsafeBufferPointer<UInt8>
        /// The identity followed by `,"args":{`: the arguments object opened, as a match goes on.
        let identityThenArgsOpened: UnsafeBufferPointer<UInt8>
        /// `"table":…,"line":…`.
        let origin: UnsafeBufferPointer<UInt8>
        /// The identity followed by `,"link":`, a frame's first members.
        let identityThenLinkKey: UnsafeBufferPointer<UInt8>
        /// `"modal":true` or `"modal":false`.
        let modal: UnsafeBufferPointer<UInt8>
    }

    private static let argsOpened = Array(#","args":{"#.utf8)
    private static let linkKey = Array(#","link":"#.utf8)
    private static let modalTrue = Array(#""modal":true"#.utf8)
    private static let modalFalse = Array(#""modal":false"#.utf8)
    /// The size of the blocks encodings are copied into.
    private static let blockSize = 1 << 16
    /// About what a route's encodings take.
    private static let bytesPerRoute = 256
    /// The first number of slots: room for 512 routes before the table grows.
    private static let firstSlotCount = 1 << 10

    /// The slots, in memory of their own (read on every record, without reference counts).
    private var slots: UnsafeMutableBufferPointer<Slot>
    private var mask: Int
    /// The routes with a slot.
    private var used = 0
    /// Blocks of encoded members, each filled up to its end and then left: a view into one
    /// stays valid while later routes are encoded.
    private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []
    private var blockUsed = 0
    /// The scratch of one encoding: its bytes, and the writer of each part.
    private var scratch: [UInt8] = []
    private var json = JSONWriter(capacity: 256)

    /// Encodings, none made yet, with room for the first routes written and for any one route
    /// in the scratch, so that a record that writes a route first allocates nothing.
    init() {
        slots = .allocate(capacity: Self.firstSlotCount)
        slots.initialize(repeating: Slot())
        mask = Self.firstSlotCount - 1
        blocks.append(.allocate(capacity: Self.blockSize))
        scratch.reserveCapacity(Self.bytesPerRoute * 4)
    }

    /// Encodings, none made yet, for another thread.
    func copyForThread() -> RouteEncodings {
        RouteEncodings()
    }

    deinit {
        for slot in slots where slot.key != 0 {
            Unmanaged<Route>.fromOpaque(UnsafeRawPointer(bitPattern: slot.key)!).release()
        }
        slots.deallocate()
        for block in blocks { block.deallocate() }
    }

    /// The encoded members of `route`, views valid as long as the encodings, encoded now the
    /// first time.
    @inline(__always)
    func members(of route: Route) -> Members {
        let key = UInt(bitPattern: ObjectIdentifier(route))
        var index = RouteEncodings.index(of: key, mask: mask)
        while slots[index].key != key {
            guard slots[index].key != 0 else { return encode(route, at: index) }
            index = (index + 1) & mask
        }
        return Self.members(slots[index], at: slots[index].base!)
    }

    /// Encodes `route`, which has no slot, into the empty slot `index`, and returns its members.
    private func encode(_ route: Route, at index: Int) -> Members {
        let key = UInt(bitPattern: Unmanaged.passRetained(route).toOpaque())
        scratch.removeAll(keepingCapacity: true)
        var slot = RouteEncodings.encode(route, key: key, into: &scratch, using: &json)
        let count = scratch.count
        if blockUsed + count > blocks[blocks.count - 1].count {
            blocks.append(.allocate(capacity: max(Self.blockSize, count)))
            blockUsed = 0
        }
        let block = blocks[blocks.count - 1]
        let base = block.baseAddress! + blockUsed
        scratch.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: count) }
        blockUsed += count
        slot.base = UnsafePointer(base)
        slots[index] = slot
        used += 1
        if used * 2 > slots.count { grow() }
        return Self.members(slot, at: slot.base!)
    }

    /// Doubles the slots, placing every route again.
    private func grow() {
        let old = slots
        slots = .allocate(capacity: old.count * 2)
        slots.initialize(repeating: Slot())
        mask = slots.count - 1
        for slot in old where slot.key != 0 {
            var index = RouteEncodings.index(of: slot.key, mask: mask)
            while slots[index].key != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
        old.deallocate()
    }

    /// The members `slot` locates at `base`.
    @inline(__always)
    private static func members(_ slot: Slot, at base: UnsafePointer<UInt8>) -> Members {
        func part(_ start: Int32, _ end: Int32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: base + Int(start), count: Int(end - start))
        }
        return Members(identity: part(0, slot.identityEnd), identityThenArgsOpened: part(0, slot.middle),
                       origin: part(slot.middle, slot.frame), identityThenLinkKey: part(slot.frame, slot.modal),
                       modal: part(slot.modal, slot.end))
    }

    /// Appends the encoded members of `route` to `all` (empty), written with `json`, and
    /// returns its slot for them, at offsets from the start of `all`.
    private static func encode(_ route: Route, key: UInt, into all: inout [UInt8], using json: inout JSONWriter) -> Slot {
        var slot = Slot(key: key)
        appendMembers(to: &all, using: &json) { writeIdentity(of: route, into: &$0) }
        slot.identityEnd = Int32(all.count)
        all += argsOpened
        slot.middle = Int32(all.count)
        appendMembers(to: &all, using: &json) { writeOrigin(of: route, into: &$0) }
        slot.frame = Int32(all.count)
        appendMembers(to: &all, using: &json) { writeIdentity(of: route, into: &$0) }
        all += linkKey
        slot.modal = Int32(all.count)
        all += route.modal ? modalTrue : modalFalse
        slot.end = Int32(all.count)
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
