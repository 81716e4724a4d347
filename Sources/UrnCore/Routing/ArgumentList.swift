/// Arguments being collected for one match, in order, each name once (the first value set for a
/// name wins, unless `set` replaces it), into an `ArgumentBuffer` that earlier matches of the
/// same link may still read: this list only appends after their entries, and moves to a buffer
/// of its own when the shared one has no room.
struct ArgumentList {
    private var buffer: ArgumentBuffer
    /// This list's first entry, and the first of its bytes, in `buffer`.
    private var start: Int
    private var byteStart: Int

    /// An empty list in a buffer of its own.
    init() {
        buffer = ArgumentBuffer(byteCapacity: 64, entryCapacity: 4)
        start = 0
        byteStart = 0
    }

    /// An empty list in the buffer `storage` holds, which it takes (`finish(into:)` gives it
    /// back): started over when no match holds it any more, else appended to.
    init(reusing storage: inout ArgumentBuffer?) {
        if var taken = storage.take() {
            if isKnownUniquelyReferenced(&taken) { taken.reset() }
            buffer = taken
        } else {
            buffer = ArgumentBuffer()
        }
        start = buffer.entryCount
        byteStart = buffer.byteCount
    }

    /// The arguments collected.
    func finish() -> Arguments {
        buffer.entryCount == start ? Arguments() : Arguments(buffer: buffer, entries: start..<buffer.entryCount)
    }

    /// The arguments collected, the buffer given back to `storage` for the next list.
    mutating func finish(into storage: inout ArgumentBuffer?) -> Arguments {
        let arguments = finish()
        storage = buffer
        return arguments
    }

    /// Makes room for `bytes` more bytes and `entries` more entries. A buffer no match holds
    /// grows; one a match holds stays as it is, and this list moves to a new one.
    @inline(__always)
    private mutating func reserve(bytes: Int, entries: Int) {
        guard !buffer.hasRoom(bytes: bytes, entries: entries) else { return }
        if isKnownUniquelyReferenced(&buffer) {
            buffer.grow(bytes: bytes, entries: entries)
            return
        }
        buffer = ArgumentBuffer(moving: start..<buffer.entryCount, bytesFrom: byteStart, of: buffer, extraBytes: bytes, extraEntries: entries)
        start = 0
        byteStart = 0
    }

    /// The entry for `name` and a value of bytes (a string or JSON text), both appended (room
    /// reserved).
    @inline(__always)
    private func entry(name: UnsafeBufferPointer<UInt8>, bytes value: UnsafeBufferPointer<UInt8>, _ kind: ArgumentBuffer.Kind,
                       plainName: Bool = false, plainValue: Bool = false) -> ArgumentBuffer.Entry {
        let nameStart = buffer.appendBytes(name)
        return ArgumentBuffer.Entry(nameStart: nameStart, nameCount: name.count, valueStart: buffer.appendBytes(value),
                                    valueCount: value.count, kind: kind, plainName: plainName, plainValue: plainValue)
    }

    /// The entry for `name` and `value`, their bytes appended (room reserved).
    @inline(__always)
    private func entry(name: UnsafeBufferPointer<UInt8>, _ value: ArgValue) -> ArgumentBuffer.Entry {
        func number(_ bits: Int, _ kind: ArgumentBuffer.Kind) -> ArgumentBuffer.Entry {
            ArgumentBuffer.Entry(nameStart: buffer.appendBytes(name), nameCount: name.count, valueStart: bits, valueCount: 0, kind: kind)
        }
        switch value {
        case let .string(slice): return slice.withUnsafeBufferPointer { entry(name: name, bytes: $0, .string) }
        case let .json(text): return text.withUnsafeBufferPointer { entry(name: name, bytes: $0, .json) }
        case let .int(int): return number(int, .int)
        case let .double(double): return number(Int(bitPattern: UInt(double.bitPattern)), .double)
        case let .float(float): return number(Int(float.bitPattern), .float)
        }
    }

    /// The bytes a value adds to the buffer.
    private static func byteCount(of value: ArgValue) -> Int {
        switch value {
        case let .string(slice): slice.count
        case let .json(text): text.count
        case .int, .double, .float: 0
        }
    }

    /// The index of the entry named `name`, if any.
    private func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        for index in start..<buffer.entryCount where buffer.name(index).elementsEqual(name) { return index }
        return nil
    }

    /// Adds a string argument, which the caller knows is not there yet (a pattern's
    /// placeholder names are distinct, and they come first), from bytes in place; `plainName`
    /// and `plainValue` when the name and the value are known to need no escaping in JSON.
    @inline(__always)
    mutating func addNew(name: UnsafeBufferPointer<UInt8>, string value: UnsafeBufferPointer<UInt8>, plainName: Bool,
                         plainValue: Bool) {
        reserve(bytes: name.count + value.count, entries: 1)
        buffer.appendEntry(entry(name: name, bytes: value, .string, plainName: plainName, plainValue: plainValue))
    }

    /// Adds a string argument `name`, which the caller knows is not there yet, whose value is
    /// the `parts` of `text` joined by `separator`, written straight into the buffer.
    mutating func addNew(name: UnsafeBufferPointer<UInt8>, joining parts: UnsafeBufferPointer<Range<Int>>,
                         of text: UnsafeBufferPointer<UInt8>, separator: UnsafeBufferPointer<UInt8>) {
        var count = separator.count * max(0, parts.count - 1)
        for part in parts { count += part.count }
        reserve(bytes: name.count + count, entries: 1)
        let nameStart = buffer.appendBytes(name)
        let valueStart = buffer.byteCount
        for (k, part) in parts.enumerated() {
            if k > 0 { _ = buffer.appendBytes(separator) }
            _ = buffer.appendBytes(UnsafeBufferPointer(rebasing: text[part]))
        }
        buffer.appendEntry(ArgumentBuffer.Entry(nameStart: nameStart, nameCount: name.count, valueStart: valueStart,
                                                valueCount: count, kind: .string))
    }

    /// Adds `name`, which the caller knows is not there yet.
    mutating func addNew(_ name: [UInt8], _ value: ArgValue) {
        name.withUnsafeBufferPointer { name in addNew(name: name, value) }
    }

    /// Adds `name`, which the caller knows is not there yet, from bytes in place.
    mutating func addNew(name: UnsafeBufferPointer<UInt8>, _ value: ArgValue) {
        reserve(bytes: name.count + Self.byteCount(of: value), entries: 1)
        buffer.appendEntry(entry(name: name, value))
    }

    /// Adds `name` unless it is already there.
    mutating func add(_ name: some Collection<UInt8>, _ value: ArgValue) {
        Self.withBytes(name) { name in
            guard index(of: name) == nil else { return }
            reserve(bytes: name.count + Self.byteCount(of: value), entries: 1)
            buffer.appendEntry(entry(name: name, value))
        }
    }

    /// Sets `name`, replacing an earlier value in place (for "last one wins" sources).
    mutating func set(_ name: some Collection<UInt8>, _ value: ArgValue) {
        Self.withBytes(name) { name in
            reserve(bytes: name.count + Self.byteCount(of: value), entries: 1)
            replaceOrAppend(entry(name: name, value), named: name)
        }
    }

    /// Sets the string argument `name` from bytes in place, replacing an earlier value (see
    /// `set(_:_:)`); `plainName` when the name is known to need no escaping in JSON.
    mutating func set(name: UnsafeBufferPointer<UInt8>, string value: UnsafeBufferPointer<UInt8>, plainName: Bool) {
        reserve(bytes: name.count + value.count, entries: 1)
        replaceOrAppend(entry(name: name, bytes: value, .string, plainName: plainName), named: name)
    }

    /// Puts `new`, the entry of `name`, in place of the entry `name` has, or after the others.
    @inline(__always)
    private mutating func replaceOrAppend(_ new: ArgumentBuffer.Entry, named name: UnsafeBufferPointer<UInt8>) {
        if let index = index(of: name) { buffer.replaceEntry(index, with: new) } else { buffer.appendEntry(new) }
    }

    /// Removes `name` (a Swift dictionary given nil).
    mutating func remove(_ name: [UInt8]) {
        name.withUnsafeBufferPointer { name in
            if let index = index(of: name) { buffer.removeEntry(index) }
        }
    }

    /// Calls `body` with `bytes` in contiguous memory.
    private static func withBytes<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}
