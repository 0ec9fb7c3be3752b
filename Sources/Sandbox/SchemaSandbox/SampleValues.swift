import SchemaModel

/// Values a request can carry when the schema gives no example (the corpus run's drivers call every
/// operation of an imported document, and imported documents have none): the same synthesis the
/// sandbox answers with, so a request built from them passes its validation.
public struct SampleValues: Sendable {
    private let factory: PayloadFactory

    public init(schema: Schema) {
        factory = PayloadFactory(schema: schema)
    }

    /// JSON text of a value of `type` (a request body): the type's example, else a synthesized minimal
    /// value; a list holds one element.
    public func json(of type: TypeReference) -> String {
        factory.sample(of: type).description
    }

    /// JSON text of a value for a parameter: its example, else one within its constraints, never `null`
    /// (a parameter that allows null is still sent with a value); a list holds one element (unless it may
    /// hold none), so a required list parameter is sent at all.
    public func json(for parameter: Field) -> String {
        var field = parameter
        field.isNullable = false
        if field.example == nil, case .array(let element) = field.type, field.constraints.maxItems != 0 {
            let count = max(field.constraints.minItems ?? 1, 1)
            return JSON.array(
                (0..<count).map { _ in factory.sampleElement(of: element, constraints: field.constraints.elements?.constraints ?? Constraints()) }
            ).description
        }
        return factory.value(for: field, depth: 0).description
    }
}
