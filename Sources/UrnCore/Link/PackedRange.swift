/// A component range of a link in eight bytes instead of seventeen: two `UInt32` offsets, with
/// an empty marker for "absent". A `Link` holds over a dozen of them and is copied from the
/// parser to the matcher and the writers, so its size is paid on every link. The parser
/// refuses links of `PackedRange.limit` bytes or more, so every offset fits. As a property
/// wrapper, it stores a `Range<Int>?` property packed.
@propertyWrapper @frozen
@_spi(Records) public struct PackedRange: Sendable {
    @usableFromInline var lower: UInt32
    @usableFromInline var upper: UInt32

    /// The longest text whose ranges pack: offsets up to it, `UInt32.max` marking absence.
    static let limit = Int(UInt32.max - 1)

    /// `range` packed (nil for an absent component).
    @inlinable @inline(__always)
    init(_ range: Range<Int>?) {
        if let range {
            lower = UInt32(range.lowerBound)
            upper = UInt32(range.upperBound)
        } else {
            lower = .max
            upper = .max
        }
    }

    /// `range` packed, for a wrapped property.
    @inlinable @inline(__always)
    @_spi(Records) public init(wrappedValue range: Range<Int>?) {
        self.init(range)
    }

    /// The range, nil when absent (the wrapped property).
    @inlinable @inline(__always)
    @_spi(Records) public var wrappedValue: Range<Int>? {
        get { range }
        set { self = PackedRange(newValue) }
    }

    /// The range, nil when absent.
    @inlinable @inline(__always)
    var range: Range<Int>? {
        lower == .max ? nil : Int(lower)..<Int(upper)
    }

    /// The range of a component that is always present.
    @inlinable @inline(__always)
    var present: Range<Int> {
        Int(lower)..<Int(upper)
    }
}
