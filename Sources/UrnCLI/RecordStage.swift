import UrnCore

/// One tool's work on a record: compute from the link, then write the tool's fields.
public protocol RecordStage {
    /// What `prepare` computes for one record.
    associatedtype Prepared
    /// The fields this stage writes; same-named input fields are dropped.
    var fieldNames: [String] { get }
    /// Computes the stage's result for `link`; throws a `CodedError` for a bad link.
    mutating func prepare(link: UnsafeBufferPointer<UInt8>, record: InputRecord) throws -> Prepared
    /// Writes the stage's fields for `prepared` into the open output record.
    mutating func write(_ prepared: Prepared, into json: inout JSONWriter)
}
