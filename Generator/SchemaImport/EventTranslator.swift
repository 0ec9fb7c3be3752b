import SchemaModel

/// OpenAPI 3.1 `webhooks` and the export's `x-push-events` as `events:` (docs/Import.md, "Events").
/// A webhook's request body is the event's payload and its header parameters its headers; what recognises
/// the event is the export's `x-event.match`, else a required header with a single value (`enum: [v]` or
/// `const`), else the payload's shape.
struct EventTranslator {
    let document: OpenAPIDocument
    let types: TypeTranslator
    let operations: OperationTranslator
    private var log: ImportLog { document.log }
    private static let methods = ["post", "put", "patch", "get", "delete"]

    func translate() -> [(String, YAMLValue)] {
        var names = NameScope(reserved: ["undocumented"])
        var events: [(String, YAMLValue)] = []
        let webhooksPointer = JSONPointer.root.appending("webhooks")
        for pair in document.root["webhooks"]?.pairs ?? [] {
            let itemPointer = webhooksPointer.appending(pair.key)
            guard let (item, _) = document.resolve(pair.value, at: itemPointer) else { continue }
            let methods = Self.methods.filter { item[$0] != nil }
            guard let method = methods.first, let operation = item[method] else {
                log.warning("webhook '\(pair.key)' has no POST, PUT, PATCH, GET or DELETE request: not imported", at: pair.value, itemPointer)
                continue
            }
            if methods.count > 1 {
                log.warning(
                    "webhook '\(pair.key)' has several requests (\(methods.joined(separator: ", "))); only \(method.uppercased()) is imported as its event",
                    at: pair.value, itemPointer)
            }
            let name = names.claim(ImportNames.lowerCamel(operation["operationId"]?.scalar?.text ?? pair.key, fallback: "event"))
            if let event = webhook(operation, method: method, name: name, pointer: itemPointer.appending(method)) { events.append((name, event)) }
        }
        let pushPointer = JSONPointer.root.appending("x-push-events")
        for pair in document.root["x-push-events"]?.pairs ?? [] {
            let name = names.claim(ImportNames.lowerCamel(pair.key, fallback: "event"))
            if let event = push(pair.value, name: name, pointer: pushPointer.appending(pair.key)) { events.append((name, event)) }
        }
        return events
    }

    private func webhook(_ operation: YAMLNode, method: String, name: String, pointer: JSONPointer) -> YAMLValue? {
        let bodyPointer = pointer.appending("requestBody")
        guard let requestBody = operation["requestBody"], let (body, resolvedPointer) = document.resolve(requestBody, at: bodyPointer),
            let json = body["content"]?.pairs?.first(where: { $0.key == "application/json" || $0.key.hasSuffix("+json") }),
            let schema = json.value["schema"]
        else {
            log.warning("webhook '\(name)' has no JSON request body, which an event's payload is: not imported", at: operation, pointer)
            return nil
        }
        let payload = payloadType(SchemaNode(schema, resolvedPointer.appending("content").appending(json.key).appending("schema")), name: name)
        var builder = MapBuilder()
        ImportNotes.read(
            description: operation["description"]?.scalar?.text ?? operation["summary"]?.scalar?.text, deprecated: operation["deprecated"], into: &builder)
        builder.set("payload", payload)
        builder.set("via", "webhook")
        let marker = operation["x-event"]
        let path = marker?["path"]?.scalar?.text
        if method != "post" || path != nil { builder.set("http", method.uppercased() + (path.map { " " + $0 } ?? "")) }
        var headers: [(String, YAMLValue)] = []
        var singleValued: [(String, String)] = []
        for (index, parameterNode) in (operation["parameters"]?.elements ?? []).enumerated() {
            let parameterPointer = pointer.appending("parameters").appending(String(index))
            guard let (parameter, resolved) = document.resolve(parameterNode, at: parameterPointer),
                parameter["in"]?.scalar?.text == "header", let wire = parameter["name"]?.scalar?.text
            else { continue }
            if let value = Self.singleValue(parameter), parameter["required"]?.scalar?.text == "true" {
                singleValued.append((wire, value))
                continue
            }
            headers.append(
                (
                    wire,
                    operations.parameter(parameter, pointer: resolved, wire: wire, name: wire, location: "header", hint: name + ImportNames.upperCamel(wire))
                ))
        }
        if !headers.isEmpty { builder.set("headers", .map(headers)) }
        if let match = marker?["match"] {
            builder.set("match", YAMLValue(match))
        } else if let (header, value) = singleValued.first {
            builder.set("match", .map([("header", .string(header)), ("value", .string(value))]))
        }
        return builder.value
    }

    private func push(_ node: YAMLNode, name: String, pointer: JSONPointer) -> YAMLValue? {
        guard let payloadNode = node["payload"] else {
            log.warning("push event '\(name)' has no 'payload' schema: not imported", at: node, pointer)
            return nil
        }
        var builder = MapBuilder()
        ImportNotes.read(description: node["description"]?.scalar?.text, deprecated: node["deprecated"], into: &builder)
        builder.set("payload", payloadType(SchemaNode(payloadNode, pointer.appending("payload")), name: name))
        builder.set("via", "push")
        if let match = node["x-event"]?["match"] { builder.set("match", YAMLValue(match)) }
        return builder.value
    }

    /// A declared type for the payload (an inline schema gets a name from the event's).
    private func payloadType(_ schema: SchemaNode, name: String) -> String {
        let hint = ImportNames.upperCamel(name) + "Payload"
        return types.declaredType(
            types.use(schema, hint: hint).expression, hint: hint, modelled: "Named by the importer: the payload of the event '\(name)'.")
    }

    /// The one value a header parameter's schema allows (`enum: [v]` or `const: v`), if it allows one.
    private static func singleValue(_ parameter: YAMLNode) -> String? {
        guard let schema = parameter["schema"] else { return nil }
        if let values = schema["enum"]?.elements, values.count == 1 { return values[0].scalar?.text }
        return schema["const"]?.scalar?.text
    }
}
