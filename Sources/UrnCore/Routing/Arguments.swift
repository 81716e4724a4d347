/// The arguments of a match, in order: placeholders in pattern order, then query parameters
/// (`--merge-query`), then defaults, each name once. A view of the matcher's argument buffer
/// (no copy per argument); reading an element makes its name and value arrays.
@_spi(Records) public struct Arguments: Sendable, RandomAccessCollection {
    @usableFromInline let buffer: ArgumentBuffer?
    @usableFromInline let entries: Range<Int>

    /// No arguments.
    @_spi(Records) public init() {
        buffer = nil
        entries = 0..<0
    }

    /// The arguments `pairs`, in order (names should be distinct).
    @_spi(Records) public init(_ pairs: some Sequence<(name: [UInt8], value: ArgValue)>) {
        var list = ArgumentList()
        for (name, value) in pairs { list.addNew(name, value) }
        self = list.finish()
    }

    init(buffer: ArgumentBuffer, entries: Range<Int>) {
        self.buffer = buffer
        self.entries = entries
    }

    /// The first position.
    @_spi(Records) public var startIndex: Int { 0 }
    /// The position after the last.
    @_spi(Records) public var endIndex: Int { entries.count }

    /// The argument at `position`.
    @_spi(Records) public subscript(position: Int) -> (name: [UInt8], value: ArgValue) {
        precondition(position >= 0 && position < entries.count, "argument index out of range")
        var pair: (name: [UInt8], value: ArgValue)?
        forEachUnsafe(from: position, to: position + 1) { name, _, value, _ in pair = (Array(name), value.value) }
        return pair!
    }

    /// An argument's value seen in place: string and JSON bytes as pointers into the buffer,
    /// valid only in the body of `forEachUnsafe`.
    @_spi(Records) public enum UnsafeValue {
        case string(UnsafeBufferPointer<UInt8>)
        case int(Int)
        case double(Double)
        case float(Float)
        case json(UnsafeBufferPointer<UInt8>)

        /// The value as an `ArgValue` (a copy of its bytes).
        @_spi(Records) public var value: ArgValue {
            switch self {
            case let .string(bytes): .string(ArraySlice(bytes))
            case let .int(int): .int(int)
            case let .double(double): .double(double)
            case let .float(float): .float(float)
            case let .json(bytes): .json(Array(bytes))
            }
        }
    }

    /// Calls `body` with each argument's name, whether the name is known to need no escaping
    /// in JSON (a pattern's placeholder names, checked once), its value, and whether a string
    /// value is known to need none (a component of a plain link), in place and in order: the
    /// writer's way to read them, without copying. Inlinable, so that the writer's body is
    /// inlined too.
    @inlinable
    @_spi(Records) public func forEachUnsafe(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ plainName: Bool, _ value: UnsafeValue, _ plainValue: Bool) -> Void) {
        forEachUnsafe(from: 0, to: entries.count, body)
    }

    @inlinable @inline(__always)
    func forEachUnsafe(from first: Int, to end: Int, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ plainName: Bool, _ value: UnsafeValue, _ plainValue: Bool) -> Void) {
        guard let buffer else { return }
        for index in (entries.lowerBound + first)..<(entries.lowerBound + end) {
            let entry = buffer.entries[index]
            let value: UnsafeValue
            switch entry.kind {
            case .string: value = .string(buffer.valueBytes(index))
            case .json: value = .json(buffer.valueBytes(index))
            case .int: value = .int(entry.valueStart)
            case .double: value = .double(Double(bitPattern: UInt64(UInt(bitPattern: entry.valueStart))))
            case .float: value = .float(Float(bitPattern: UInt32(truncatingIfNeeded: entry.valueStart)))
            }
            body(buffer.name(index), entry.plainName, value, entry.plainValue)
        }
    }
}

extension Arguments {
    /// Whether `other` holds the same arguments, names and values, whatever their order (as
    /// `urnmatch --against` compares two sides' answers), read in place.
    @_spi(Records) public func holdsTheSame(as other: Arguments) -> Bool {
        guard count == other.count else { return false }
        // in the same order first, as one route's arguments are
        var inOrder = true
        var index = 0
        forEachUnsafe { name, _, value, _ in
            guard inOrder else { return }
            other.forEachUnsafe(from: index, to: index + 1) { otherName, _, otherValue, _ in
                inOrder = Self.same(name, otherName) && value.equals(otherValue)
            }
            index += 1
        }
        guard !inOrder else { return true }
        var same = true
        forEachUnsafe { name, _, value, _ in
            guard same else { return }
            var found = false
            other.forEachUnsafe { otherName, _, otherValue, _ in
                if !found, Self.same(name, otherName), value.equals(otherValue) { found = true }
            }
            same = found
        }
        return same
    }

    /// Whether two runs of bytes are equal.
    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return x.equalsShort(y, count: a.count)
    }
}

extension Arguments.UnsafeValue {
    /// Whether two values are the same: the same kind and the same bytes or number.
    func equals(_ other: Arguments.UnsafeValue) -> Bool {
        switch (self, other) {
        case let (.string(a), .string(b)), let (.json(a), .json(b)): Arguments.same(a, b)
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.float(a), .float(b)): a == b
        default: false
        }
    }
}
