// A prototype, not shipped (Benchmarks/README.md, "Compile cost of type-heavy code", says why): `==`
// and `hash(into:)` of generated structs from one shared implementation that each struct's two one-line
// witnesses call, instead of a synthesized `==` and `hash(into:)` per struct.
//
//     public static func == (lhs: Self, rhs: Self) -> Bool { .fieldwise(lhs, equals: rhs) }
//     public func hash(into hasher: inout Hasher) { hasher.combineFields(of: self) }
//
// `fieldwise-witnesses.py` writes those lines into a folder of generated files and copies this file
// beside them, for `type-cost.sh --dir ours`; `fieldwise-runtime.sh` times it against synthesized ones.
//
// Two values are equal when the same fields are present with equal values, each field compared by its
// own `==`, as the synthesized `==` does: a `Double` field holding NaN is unequal to itself, `-0.0`
// equals `0.0`, a `Decimal` `1.0` equals `1.00`, an enum compares by raw value (its own `==`, the
// standard library's for `RawRepresentable`). The fields are found through the struct's own `encode(to:)`, which names every
// stored field by its wire key: a small encoder collects each field's value as an `AnyHashable` instead
// of writing it. To stay exact, ClientRuntime's `encodeDate` and `encodeAdditionalFields` must hand
// the value over unchanged when `isCollectingFields` (a date's wire text may drop a fraction of a second;
// a member of `additionalFields` that a field shadows is not written); with those two hooks the
// prototype gave the synthesized conformances' answers in GeneratedCodeTests' ModelEqualityTests and
// RecursiveTypeTests. Generated code reaches it only through names
// no schema field can shadow: a static member of the `Bool` an `==` returns, a method of `hasher`.

extension Bool {
    /// Whether `lhs` and `rhs` have equal fields, in the sense above.
    public static func fieldwise<Value: Encodable>(_ lhs: Value, equals rhs: Value) -> Bool {
        FieldValues(of: lhs) == FieldValues(of: rhs)
    }
}

extension Hasher {
    /// Feeds `value`'s fields, as `Bool.fieldwise(_:equals:)` compares them.
    public mutating func combineFields(of value: some Encodable) {
        combine(FieldValues(of: value))
    }
}

/// The fields of a value, in the order its `encode(to:)` writes them: each its key and its value (nil
/// for a `null` written explicitly). A value that is not `Hashable` itself (no generated field is one)
/// is taken apart by its own encoding instead, its parts keyed below it.
struct FieldValues: Hashable {
    fileprivate struct Field: Hashable {
        let key: String
        let value: AnyHashable?
    }

    fileprivate var fields: [Field] = []

    init(of value: some Encodable) {
        let collector = FieldCollector()
        // The collector's containers never throw, and a generated `encode(to:)` throws only what its
        // container throws; a failure of some other `Encodable` leaves what was collected so far.
        try? value.encode(to: collector)
        fields = collector.storage.fields
    }
}

/// What a generated model's fields are encoded into when they are compared: the `CodingKey` at the
/// end of every container's `codingPath`, so ClientRuntime's encoding helpers can tell and hand the
/// field over as it is (a date as the `Date`, not its text in a wire format that may drop a fraction;
/// `additionalFields` as the whole dictionary, with the members a field shadows on the wire).
struct FieldComparisonKey: CodingKey {
    var stringValue: String { "" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

extension KeyedEncodingContainer {
    /// Whether this container collects a model's fields for `FieldwiseHashable` rather than encoding.
    var isCollectingFields: Bool {
        codingPath.last is FieldComparisonKey
    }
}

private final class FieldCollector: Encoder {
    /// The fields of the whole value, shared by the collectors of its parts.
    final class Storage {
        var fields: [FieldValues.Field] = []
    }

    let storage: Storage
    /// Where the part being collected sits inside the whole value (`a.b`); empty for the value itself.
    let prefix: String

    init(storage: Storage = Storage(), prefix: String = "") {
        self.storage = storage
        self.prefix = prefix
    }

    var codingPath: [any CodingKey] { [FieldComparisonKey()] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func key(_ name: String) -> String {
        prefix.isEmpty ? name : prefix + "." + name
    }

    func record(_ name: String, _ value: AnyHashable?) {
        storage.fields.append(.init(key: key(name), value: value))
    }

    func record<Value: Encodable>(_ name: String, _ value: Value) {
        if let hashable = value as? any Hashable {
            record(name, AnyHashable(hashable))
        } else {
            // Its parts, keyed under it; the marker keeps an empty part from vanishing.
            record(name, AnyHashable("\u{0}parts"))
            try? value.encode(to: nested(name))
        }
    }

    /// An encoder for the part at `name`, whose fields are keyed under it.
    func nested(_ name: String) -> FieldCollector {
        FieldCollector(storage: storage, prefix: key(name))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedCollector(collector: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedCollector(collector: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueCollector(collector: self)
    }
}

private struct KeyedCollector<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: FieldCollector
    var codingPath: [any CodingKey] { collector.codingPath }

    mutating func encodeNil(forKey key: Key) throws { collector.record(key.stringValue, nil) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { collector.record(key.stringValue, AnyHashable(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { collector.record(key.stringValue, AnyHashable(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { collector.record(key.stringValue, AnyHashable(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { collector.record(key.stringValue, AnyHashable(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { collector.record(key.stringValue, value) }

    // An absent optional field is recorded as nil, so every value of a type has the same fields in the
    // same order and a field's absence cannot line up with another field.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

    private func encodeOptional<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { collector.record(key.stringValue, value) } else { collector.record(key.stringValue, nil) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        collector.nested(key.stringValue).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        collector.nested(key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { collector.nested("super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { collector.nested(key.stringValue) }
}

private struct UnkeyedCollector: UnkeyedEncodingContainer {
    let collector: FieldCollector
    var codingPath: [any CodingKey] { collector.codingPath }
    var count = 0

    mutating func next() -> String {
        defer { count += 1 }
        return "[\(count)]"
    }

    mutating func encodeNil() throws { collector.record(next(), nil) }
    mutating func encode<T: Encodable>(_ value: T) throws { collector.record(next(), value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        collector.nested(next()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        collector.nested(next()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { collector.nested(next()) }
}

private struct SingleValueCollector: SingleValueEncodingContainer {
    let collector: FieldCollector
    var codingPath: [any CodingKey] { collector.codingPath }

    mutating func encodeNil() throws { collector.record("", nil) }
    mutating func encode<T: Encodable>(_ value: T) throws { collector.record("", value) }
}
