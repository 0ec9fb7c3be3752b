/// `exclude:` on a field, parameter or alias whose type is an enum: values of the enum it never takes.
///
/// Finaptic's `TransactionOrder.orderUnspecified` is "returned ... for error-detection purposes. Trying
/// to make a request with this type will result in an error": the enum keeps the case (responses may
/// carry it), and the request parameter `sortOrder` excludes it, so schema-check and the sandbox reject
/// a request that sends it. Generated code documents the rule (as it does every constraint).
public struct ExcludedValue: Hashable, Sendable {
    /// The enum's raw value as text (`orderUnspecified`, `51`).
    public var text: String
    public var location: SourceLocation

    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

extension Constraints {
    /// Whether `exclude:` rules out the raw value `text`.
    public func excludes(_ text: String) -> Bool {
        excluded?.contains { $0.text == text } ?? false
    }
}

extension SchemaParser {
    /// `exclude: [a, b]`: a non-empty list of scalars (the raw values, strings or integers).
    func excludedValues(_ reader: MappingReader) -> [ExcludedValue]? {
        guard let node = reader["exclude"] else { return nil }
        guard let elements = node.elements, !elements.isEmpty else {
            log.error("'exclude' in \(reader.context) must be a non-empty list of the enum's values, found \(node.foundDescription)", at: node.location)
            return nil
        }
        var values: [ExcludedValue] = []
        for element in elements {
            guard let scalar = element.scalar, scalar.kind == .string || scalar.kind == .int else {
                log.error("'exclude' in \(reader.context) lists enum values, found \(element.foundDescription)", at: element.location)
                continue
            }
            values.append(ExcludedValue(text: scalar.text, location: element.location))
        }
        return values.isEmpty ? nil : values
    }
}

extension SchemaValidator {
    /// `exclude` applies to an enum (directly or through aliases); each value is one of its raw values,
    /// listed once, and at least one value stays allowed.
    func checkExcluded(
        _ excluded: [ExcludedValue], of type: TypeReference, in context: String, at location: SourceLocation,
        types: [String: TypeDefinition]
    ) {
        guard let (name, enumeration) = Self.enumeration(of: type, types: types) else {
            log.error("'exclude' of \(context) applies to enums, not to '\(type)'", at: excluded[0].location)
            return
        }
        let values = enumeration.cases.map(\.value)
        var seen: Set<String> = []
        for value in excluded {
            if !values.contains(value.text) {
                log.error(
                    "'exclude' of \(context) lists '\(value.text)', which is not a value of enum '\(name)'\(Suggestion.didYouMean(value.text, in: values))",
                    at: value.location)
            } else if !seen.insert(value.text).inserted {
                log.error("'exclude' of \(context) lists '\(value.text)' twice", at: value.location)
            }
        }
        if Set(values).isSubset(of: seen) {
            log.error("'exclude' of \(context) rules out every value of enum '\(name)', so nothing could be sent", at: excluded[0].location)
        }
    }

    /// The enum a reference names, following aliases.
    private static func enumeration(of type: TypeReference, types: [String: TypeDefinition]) -> (String, Enumeration)? {
        var current = type
        for _ in 0..<32 {
            guard case .named(let name) = current, let definition = types[name] else { return nil }
            switch definition.kind {
            case .enumeration(let enumeration): return (name, enumeration)
            case .alias(let target, _): current = target
            case .structure, .union: return nil
            }
        }
        return nil
    }
}
