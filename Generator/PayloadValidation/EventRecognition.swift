import SchemaModel

/// Which of a schema's events (`events:`) a received payload is, decided as the generated `<API>Event`
/// decides: a header's value (when headers are given), then a payload field's value, then the first event
/// whose payload type the payload is (its shape), each in schema order; nil when none, which a generated
/// receiver keeps as `.undocumented`. schema-check uses it to check captured pushes and webhook bodies
/// without being told which event each is.
public struct EventRecognition: Sendable {
    let schema: Schema
    let validator: PayloadValidator

    public init(schema: Schema, validator: PayloadValidator) {
        self.schema = schema
        self.validator = validator
    }

    /// `headers` by lowercased name.
    public func event(of payload: JSON, headers: [String: String] = [:]) -> EventDefinition? {
        for event in schema.events {
            if case .header(let name, let value) = event.recognition, headers[name.lowercased()] == value { return event }
        }
        for event in schema.events {
            guard case .field(let name, _) = event.recognition, let expected = schema.recognisingValue(of: event) else { continue }
            if let found = payload[name], Self.same(found, expected) { return event }
        }
        for event in schema.events where event.recognition == .shape {
            if !validator.validate(payload, against: event.payload).contains(where: { $0.severity == .error }) { return event }
        }
        return nil
    }

    /// Equal as JSON values: numbers by value (`1` and `1.0`), the rest as written.
    private static func same(_ found: JSON, _ expected: JSON) -> Bool {
        switch (found, expected) {
        case (.number(let a), .number(let b)): return a == b || (Double(a) != nil && Double(a) == Double(b))
        default: return found == expected
        }
    }

    /// The issues of `payload` as the event it is, or one issue saying it is none of the schema's events
    /// (a warning: a generated receiver keeps it as `.undocumented`; an error with `strict`).
    public func issues(of payload: JSON, strict: Bool) -> (event: String?, issues: [ValidationIssue]) {
        guard let event = event(of: payload) else {
            let names = schema.events.map(\.name).joined(separator: ", ")
            let issue = ValidationIssue(
                severity: strict ? .error : .warning, kind: .union, pointer: "", expected: "one of the events \(names)", found: "none of them",
                message: "the payload is none of the schema's events (\(names)); a generated receiver keeps it as .undocumented", rule: nil)
            return (nil, [issue])
        }
        return (event.name, validator.validate(payload, against: event.payload))
    }
}
