// A prototype, not shipped (issue 29 line 2; Benchmarks/README.md, "A table-driven Codable, measured"):
// `Codable` of a generated struct driven by one table per type that one generic `init(from:)` and
// `encode(to:)` walk, instead of per-type, per-field code. It would live in ClientRuntime;
// `table-codable.py` copies it beside generated files (so it is compiled into the measured module), and
// `table-codable-runtime.sh` builds it as a module of its own, as ClientRuntime would be (nothing of it is
// specialised for the models).
//
// `Self` is built without per-field code and without placeholder values: each entry knows its stored
// property's offset (`MemoryLayout.offset(of:)` of the key path), decodes its value straight into
// uninitialised storage of `Self`, and on a failure the entries already decoded destroy theirs. That is
// sound only if the table names every stored property of the struct exactly once (the generator's
// guarantee; the table checks only that no two entries share an offset).
@_spi(Generated) import ClientRuntime
import Foundation
@_spi(Generated) import WireFormat

/// A generated struct whose coding is its `codingTable`.
public protocol TableCodable: Codable {
    static var codingTable: CodingTable<Self> { get }
}

/// The fields of `Root` in wire order: key, stored-property offset and how the value is coded.
public struct CodingTable<Root>: @unchecked Sendable {
    let fields: [FieldCoder<Root>]
    /// Every field key, for `additionalFields` (which take what no field names).
    let keys: Set<String>

    public init(_ fields: [FieldCoder<Root>]) {
        self.fields = fields
        self.keys = Set(fields.compactMap { $0.key?.stringValue })
        let offsets = Set(fields.map(\.offset))
        precondition(offsets.count == fields.count, "two table entries for one stored property of \(Root.self)")
        for field in fields { field.table = keys }
    }
}

extension TableCodable {
    public init(from decoder: any Decoder) throws { self = try Self.codingTable.decode(from: decoder) }

    public func encode(to encoder: any Encoder) throws { try Self.codingTable.encode(self, to: encoder) }
}

/// The same with no stored static in the model: one function per type builds its table, which
/// ClientRuntime keeps per type (a lock and a dictionary look-up per decoded value; a stored `static let`
/// costs each type a global, a `once` token, its initializer and accessors).
public protocol CachedTableCodable: Codable {
    static func codingFields() -> [FieldCoder<Self>]
}

private let tablesLock = NSLock()
nonisolated(unsafe) private var tables: [ObjectIdentifier: AnyObject] = [:]

extension CachedTableCodable {
    static var codingTable: CodingTable<Self> {
        tablesLock.lock()
        defer { tablesLock.unlock() }
        if let box = tables[ObjectIdentifier(Self.self)] { return unsafeDowncast(box, to: CodingTableBox<Self>.self).table }
        let box = CodingTableBox(CodingTable(codingFields()))
        tables[ObjectIdentifier(Self.self)] = box
        return box.table
    }

    public init(from decoder: any Decoder) throws { self = try Self.codingTable.decode(from: decoder) }

    public func encode(to encoder: any Encoder) throws { try Self.codingTable.encode(self, to: encoder) }
}

private final class CodingTableBox<Root> {
    let table: CodingTable<Root>
    init(_ table: CodingTable<Root>) { self.table = table }
}

extension CodingTable {
    /// The walk: each field decodes into uninitialised storage of `Root`; on a failure the fields
    /// decoded so far are destroyed.
    func decode(from decoder: any Decoder) throws -> Root {
        let container = try decoder.container(keyedBy: FieldKey.self)
        return try withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
            let storage = UnsafeMutableRawPointer(buffer.baseAddress!)
            var decoded = 0
            do {
                for field in fields {
                    try field.decode(from: container, into: storage)
                    decoded += 1
                }
            } catch {
                for field in fields[..<decoded] { field.destroy(in: storage) }
                throw error
            }
            return buffer.baseAddress!.move()
        }
    }

    func encode(_ value: Root, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try withUnsafePointer(to: value) { pointer in
            let storage = UnsafeRawPointer(pointer)
            for field in fields { try field.encode(from: storage, into: &container) }
        }
    }
}

/// One table entry. The static factories are what generated tables call (`.field("name", \.name)`);
/// each returns a subclass generic over the field's type, so the walk is one virtual call per field.
public class FieldCoder<Root>: @unchecked Sendable {
    let key: FieldKey?
    let offset: Int
    /// The table's keys (set by the table), for `additionalFields`.
    fileprivate(set) var table: Set<String> = []

    init<Value>(_ key: String?, _ path: KeyPath<Root, Value>) {
        self.key = key.map(FieldKey.init(stringLiteral:))
        guard let offset = MemoryLayout<Root>.offset(of: path) else {
            preconditionFailure("\(path) is not a stored property of \(Root.self)")
        }
        self.offset = offset
    }

    func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        fatalError("abstract")
    }

    func destroy(in storage: UnsafeMutableRawPointer) { fatalError("abstract") }

    func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        fatalError("abstract")
    }

    /// A required field (`null` decodes only into an optional `Value`: a nullable field).
    public static func field<Value: Codable>(_ key: String, _ path: KeyPath<Root, Value>) -> FieldCoder<Root> {
        RequiredField<Root, Value>(key, path)
    }

    /// A field that may be absent (or `null`): nil then, and left out when nil.
    public static func optional<Value: Codable>(_ key: String, _ path: KeyPath<Root, Value?>) -> FieldCoder<Root> {
        OptionalField<Root, Value>(key, path)
    }

    /// A field with a default: the default when absent or `null`.
    public static func defaulted<Value: Codable>(_ key: String, _ path: KeyPath<Root, Value>, _ value: Value)
        -> FieldCoder<Root>
    {
        DefaultedField<Root, Value>(key, path, value)
    }

    /// A `uuid` field (or list, map, optional of them): read as text, checked canonical.
    @_spi(Generated) public static func uuids<Value: CanonicalUUIDDecodable & Encodable>(_ key: String, _ path: KeyPath<Root, Value>)
        -> FieldCoder<Root>
    {
        UUIDsField<Root, Value>(key, path)
    }

    /// An optional `uuid` field.
    @_spi(Generated) public static func optionalUUIDs<Value: CanonicalUUIDDecodable & Encodable>(
        _ key: String, _ path: KeyPath<Root, Value?>
    ) -> FieldCoder<Root> {
        OptionalUUIDsField<Root, Value>(key, path)
    }

    /// A `uuid` field with a default: the default when absent or `null`.
    @_spi(Generated) public static func defaultedUUIDs<Value: CanonicalUUIDDecodable & Encodable>(
        _ key: String, _ path: KeyPath<Root, Value>, _ value: Value
    ) -> FieldCoder<Root> {
        DefaultedUUIDsField<Root, Value>(key, path, value)
    }

    /// A date in `format` (required; `nullable` when it may be `null`; optional when it may be absent).
    @_spi(Generated) public static func date(_ key: String, _ path: KeyPath<Root, Date>, format: DateWireFormat) -> FieldCoder<Root> {
        FormattedDateField(key, path, format, .required)
    }

    @_spi(Generated) public static func optionalDate(_ key: String, _ path: KeyPath<Root, Date?>, format: DateWireFormat)
        -> FieldCoder<Root>
    {
        FormattedDateField(key, path, format, .optional)
    }

    @_spi(Generated) public static func nullableDate(_ key: String, _ path: KeyPath<Root, Date?>, format: DateWireFormat)
        -> FieldCoder<Root>
    {
        FormattedDateField(key, path, format, .nullable)
    }

    /// The members no field names (`additionalFields`).
    public static func additionalFields<Value: Codable>(_ path: KeyPath<Root, [String: Value]>) -> FieldCoder<Root> {
        AdditionalFieldsField<Root, Value>(path)
    }
}

/// Decodes the standard library's scalars through the container's own overloads (JSONDecoder runs the
/// generic `decode<T>` through `T.init(from:)` and a nested container, ~2x the work), as the generated
/// helpers' overloads do.
@inline(__always)
private func decodeValue<Value: Decodable>(_ container: KeyedDecodingContainer<FieldKey>, _ key: FieldKey) throws -> Value {
    if Value.self == String.self { return unsafeBitCast(try container.decode(String.self, forKey: key), to: Value.self) }
    if Value.self == Int.self { return unsafeBitCast(try container.decode(Int.self, forKey: key), to: Value.self) }
    if Value.self == Bool.self { return unsafeBitCast(try container.decode(Bool.self, forKey: key), to: Value.self) }
    if Value.self == Double.self { return unsafeBitCast(try container.decode(Double.self, forKey: key), to: Value.self) }
    if Value.self == Int32.self { return unsafeBitCast(try container.decode(Int32.self, forKey: key), to: Value.self) }
    if Value.self == Int64.self { return unsafeBitCast(try container.decode(Int64.self, forKey: key), to: Value.self) }
    return try container.decode(Value.self, forKey: key)
}

@inline(__always)
private func decodeValueIfPresent<Value: Decodable>(_ container: KeyedDecodingContainer<FieldKey>, _ key: FieldKey) throws
    -> Value?
{
    if Value.self == String.self { return unsafeBitCast(try container.decodeIfPresent(String.self, forKey: key), to: Value?.self) }
    if Value.self == Int.self { return unsafeBitCast(try container.decodeIfPresent(Int.self, forKey: key), to: Value?.self) }
    if Value.self == Bool.self { return unsafeBitCast(try container.decodeIfPresent(Bool.self, forKey: key), to: Value?.self) }
    if Value.self == Double.self { return unsafeBitCast(try container.decodeIfPresent(Double.self, forKey: key), to: Value?.self) }
    if Value.self == Int32.self { return unsafeBitCast(try container.decodeIfPresent(Int32.self, forKey: key), to: Value?.self) }
    if Value.self == Int64.self { return unsafeBitCast(try container.decodeIfPresent(Int64.self, forKey: key), to: Value?.self) }
    return try container.decodeIfPresent(Value.self, forKey: key)
}

private class TypedField<Root, Value>: FieldCoder<Root>, @unchecked Sendable {
    final override func destroy(in storage: UnsafeMutableRawPointer) {
        (storage + offset).assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }

    final func store(_ value: Value, in storage: UnsafeMutableRawPointer) {
        (storage + offset).initializeMemory(as: Value.self, repeating: value, count: 1)
    }

    final func value(in storage: UnsafeRawPointer) -> Value {
        (storage + offset).assumingMemoryBound(to: Value.self).pointee
    }
}

private final class RequiredField<Root, Value: Codable>: TypedField<Root, Value>, @unchecked Sendable {
    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try decodeValue(container, key!), in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encode(value(in: storage), forKey: key!)
    }
}

private final class OptionalField<Root, Value: Codable>: TypedField<Root, Value?>, @unchecked Sendable {
    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try decodeValueIfPresent(container, key!) as Value?, in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encodeIfPresent(value(in: storage), forKey: key!)
    }
}

private final class DefaultedField<Root, Value: Codable>: TypedField<Root, Value>, @unchecked Sendable {
    let defaultValue: Value

    init(_ key: String, _ path: KeyPath<Root, Value>, _ defaultValue: Value) {
        self.defaultValue = defaultValue
        super.init(key, path)
    }

    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try decodeValueIfPresent(container, key!) ?? defaultValue, in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encode(value(in: storage), forKey: key!)
    }
}

private final class UUIDsField<Root, Value: CanonicalUUIDDecodable & Encodable>: TypedField<Root, Value>, @unchecked Sendable {
    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try container.decodeCanonicalUUIDs(forKey: key!), in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encode(value(in: storage), forKey: key!)
    }
}

private final class OptionalUUIDsField<Root, Value: CanonicalUUIDDecodable & Encodable>: TypedField<Root, Value?>,
    @unchecked Sendable
{
    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try container.decodeCanonicalUUIDsIfPresent(forKey: key!), in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encodeIfPresent(value(in: storage), forKey: key!)
    }
}

private final class DefaultedUUIDsField<Root, Value: CanonicalUUIDDecodable & Encodable>: TypedField<Root, Value>,
    @unchecked Sendable
{
    let defaultValue: Value

    init(_ key: String, _ path: KeyPath<Root, Value>, _ defaultValue: Value) {
        self.defaultValue = defaultValue
        super.init(key, path)
    }

    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try container.decodeCanonicalUUIDsIfPresent(forKey: key!) ?? defaultValue, in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encode(value(in: storage), forKey: key!)
    }
}

private enum DatePresence { case required, optional, nullable }

private final class FormattedDateField<Root, Stored>: TypedField<Root, Stored>, @unchecked Sendable {
    let format: DateWireFormat
    let presence: DatePresence

    init(_ key: String, _ path: KeyPath<Root, Stored>, _ format: DateWireFormat, _ presence: DatePresence) {
        self.format = format
        self.presence = presence
        super.init(key, path)
    }

    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        let date: Any =
            switch presence {
            case .required: try container.decodeDate(forKey: key!, format: format)
            case .optional: try container.decodeDateIfPresent(forKey: key!, format: format) as Any
            case .nullable: try container.decodeNullableDate(forKey: key!, format: format) as Any
            }
        store(date as! Stored, in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        let date = value(in: storage) as! Date?
        if presence == .optional {
            try container.encodeDateIfPresent(date, forKey: key!, format: format)
        } else {
            try container.encodeDate(date, forKey: key!, format: format)
        }
    }
}

private final class AdditionalFieldsField<Root, Value: Codable>: TypedField<Root, [String: Value]>, @unchecked Sendable {
    init(_ path: KeyPath<Root, [String: Value]>) { super.init(nil, path) }

    override func decode(from container: KeyedDecodingContainer<FieldKey>, into storage: UnsafeMutableRawPointer) throws {
        store(try container.decodeAdditionalFields(excluding: table), in: storage)
    }

    override func encode(from storage: UnsafeRawPointer, into container: inout KeyedEncodingContainer<FieldKey>) throws {
        try container.encodeAdditionalFields(value(in: storage), excluding: table)
    }
}
