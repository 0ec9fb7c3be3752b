import SchemaModel

/// `events:` in the OpenAPI export (docs/Exports.md, "Events"). A webhook event is what OpenAPI 3.1's
/// `webhooks` describes, an HTTP request the API makes: one entry per event, its method, its headers as
/// parameters (a recognising header as a required one with its single value), its payload as the request
/// body. A push notification is not an HTTP request to anyone the document describes, so it goes in
/// `x-push-events` instead: under `webhooks`, OpenAPI tools would generate a server route that no request
/// ever reaches. Both carry `x-event` (delivery, path, match) so import reads the events back whole.
enum EventExport {
    static func webhooks(_ schema: Schema, _ mapper: SchemaMapper) -> [(String, OrderedJSON)] {
        schema.events.compactMap { event in
            guard case .webhook(let webhook) = event.delivery else { return nil }
            var operation = ObjectBuilder()
            operation.set("operationId", event.name)
            if let docs = event.notes.docs?.trimmingCharacters(in: .whitespacesAndNewlines), !docs.isEmpty {
                operation.set("summary", OpenAPIExport.summary(docs))
            }
            operation.set("description", SchemaMapper.description(event.notes))
            var parameters: [OrderedJSON] = webhook.headers.map { field in
                var parameter = ObjectBuilder()
                parameter.set("name", field.wireName)
                parameter.set("in", "header")
                parameter.set("description", SchemaMapper.description(field.notes))
                parameter.set("required", .bool(field.isRequiredOnWire))
                parameter.set("schema", mapper.parameterSchema(field))
                return parameter.value
            }
            if case .header(let name, let value) = event.recognition,
                !webhook.headers.contains(where: { $0.wireName.lowercased() == name.lowercased() })
            {
                parameters.append(
                    .object([
                        ("name", .string(name)), ("in", .string("header")), ("required", .bool(true)),
                        ("schema", .object([("type", .string("string")), ("enum", .array([.string(value)]))])),
                    ]))
            }
            if !parameters.isEmpty { operation.set("parameters", .array(parameters)) }
            operation.set(
                "requestBody",
                .object([
                    ("required", .bool(true)), ("content", .object([("application/json", .object([("schema", mapper.type(event.payload))]))])),
                ]))
            operation.set("responses", .object([("2XX", .object([("description", .string("The receiver took the event."))]))]))
            if event.notes.isDeprecated { operation.set("deprecated", .bool(true)) }
            operation.set("x-event", marker(event, schema))
            return (event.name, .object([(webhook.method.lowercased(), operation.value)]))
        }
    }

    static func pushEvents(_ schema: Schema, _ mapper: SchemaMapper) -> [(String, OrderedJSON)] {
        schema.events.compactMap { event in
            guard case .push = event.delivery else { return nil }
            var entry = ObjectBuilder()
            entry.set("description", SchemaMapper.description(event.notes))
            if event.notes.isDeprecated { entry.set("deprecated", .bool(true)) }
            entry.set("payload", mapper.type(event.payload))
            entry.set("x-event", marker(event, schema))
            return (event.name, entry.value)
        }
    }

    /// `{ via, path?, match? }`: what OpenAPI has no word for.
    private static func marker(_ event: EventDefinition, _ schema: Schema) -> OrderedJSON {
        var marker = ObjectBuilder()
        marker.set("via", event.delivery.keyword)
        if case .webhook(let webhook) = event.delivery { marker.set("path", webhook.path) }
        switch event.recognition {
        case .field(let name, let value):
            let json: OrderedJSON
            switch schema.recognisingValue(of: event) {
            case .number(let text)?: json = .number(text)
            case .bool(let flag)?: json = .bool(flag)
            case .string, .null, .array, .object, nil: json = .string(value)
            }
            marker.set("match", .object([("field", .string(name)), ("value", json)]))
        case .header(let name, let value):
            marker.set("match", .object([("header", .string(name)), ("value", .string(value))]))
        case .shape:
            marker.set("match", "shape")
        }
        return marker.value
    }
}
