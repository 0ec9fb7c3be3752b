/// A case-insensitive, order-preserving list of HTTP header fields.
///
/// Kept as a list rather than a dictionary because HTTP allows repeated fields and because a stable order
/// makes requests reproducible in tests and logs. Descriptions redact credential-bearing fields.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field; a named struct because tuples cannot be `Hashable`.
    fileprivate struct Field: Sendable, Hashable {
        var name: String
        var value: String
    }

    private var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list holding `fields` in the given order, repeated names included.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// Creates a header list from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the named field (case-insensitive), or `nil`.
    ///
    /// Setting replaces every field of that name, keeping the position of the first one so the order stays
    /// stable; setting `nil` removes them all.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.matches($0.name, name) }?.value
        }
        set {
            let firstIndex = fields.firstIndex { Self.matches($0.name, name) }
            fields.removeAll { Self.matches($0.name, name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(firstIndex ?? fields.count, fields.count))
        }
    }

    /// Appends a field, keeping any existing fields of the same name (for headers that may repeat).
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Every value of the named field (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.matches($0.name, name) }.map(\.value)
    }

    /// Whether a field of that name (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.matches($0.name, name) }
    }

    /// Number of fields, repeated names counted separately.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates `(name, value)` pairs in order, with names as they were given.
    public struct Iterator: IteratorProtocol {
        private var base: IndexingIterator<[Field]>

        fileprivate init(_ fields: [Field]) {
            base = fields.makeIterator()
        }

        /// The next field, or `nil` at the end.
        public mutating func next() -> (name: String, value: String)? {
            base.next().map { (name: $0.name, value: $0.value) }
        }
    }

    /// Iterates `(name, value)` pairs in order, with names as they were given.
    public func makeIterator() -> Iterator {
        Iterator(fields)
    }

    /// Two lists are equal when they hold the same fields in the same order, names compared
    /// case-insensitively, because HTTP does not distinguish `content-type` from `Content-Type`.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { matches($0.name, $1.name) && $0.value == $1.value }
    }

    /// Hashes consistently with `==` (lowercased names).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    private static func matches(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}

extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `[Name: value, ...]` with credential-bearing values replaced by `<redacted>`, safe for logs.
    public var description: String { redactedDescription() }

    /// `description` with the values of the headers in `secretNames` (any case) hidden as well.
    public func redactedDescription(secretNames: Set<String> = []) -> String {
        "[" + redactedFields(secretNames: secretNames).joined(separator: ", ") + "]"
    }

    /// Same as `description`: debug output is just as likely to end up in a log.
    public var debugDescription: String { description }

    /// Makes `dump` and the default struct printing of containing types go through the redacted form.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: redactedFields(secretNames: []), displayStyle: .collection)
    }

    private func redactedFields(secretNames: Set<String>) -> [String] {
        fields.map { field in
            let hidden = Redaction.isSensitive(field.name, secretNames: secretNames)
            return "\(field.name): \(hidden ? Redaction.placeholder : field.value)"
        }
    }
}
