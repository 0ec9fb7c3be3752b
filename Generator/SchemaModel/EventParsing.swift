extension SchemaParser {
    static let eventKeys = ["payload", "via", "http", "headers", "match"] + MappingReader.noteKeys
    static let eventMatchKeys = ["field", "header", "value"]

    /// One entry of `events:`:
    /// `paymentFailed: { payload: PushPayload, via: push, match: { field: yp-type, value: payment-failed.v1 } }`.
    func eventDefinition(_ pair: YAMLNode.Pair) -> EventDefinition? {
        let context = "event '\(pair.key)'"
        guard let reader = MappingReader(pair.value, context: context, allowed: Self.eventKeys, log: log) else { return nil }
        guard let payloadNode = reader["payload"] else {
            log.error("\(context) needs 'payload': the type of what it carries", at: pair.keyLocation)
            return nil
        }
        guard let payload = typeReference(payloadNode) else { return nil }
        guard let delivery = eventDelivery(reader, context: context, at: pair.keyLocation) else { return nil }
        let (recognition, recognitionLocation) = eventRecognition(reader, context: context, at: pair.keyLocation)
        guard let recognition else { return nil }
        return EventDefinition(
            name: pair.key, payload: payload, payloadLocation: payloadNode.location, delivery: delivery, recognition: recognition,
            recognitionLocation: recognitionLocation, notes: reader.notes(), location: pair.keyLocation)
    }

    /// `via: push`, or `via: webhook` with an optional `http: POST /path` and `headers:`.
    private func eventDelivery(_ reader: MappingReader, context: String, at location: SourceLocation) -> EventDefinition.Delivery? {
        let keywords = EventDefinition.Delivery.keywords
        guard let via = reader.string("via") else {
            if !reader.has("via") { log.error("\(context) needs 'via': how it arrives, \(keywords.joined(separator: " or "))", at: location) }
            return nil
        }
        switch via {
        case "push":
            for key in ["http", "headers"] where reader.has(key) {
                log.error("\(context) arrives by push, so it has no '\(key)': only a webhook is an HTTP request", at: reader.keyLocation(key))
            }
            return .push
        case "webhook":
            var method = "POST"
            var path: String?
            if let http = reader.string("http") {
                let parts = http.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                let methods = ["POST", "PUT", "PATCH", "GET", "DELETE"]
                guard (1...2).contains(parts.count), methods.contains(parts[0]), parts.count == 1 || parts[1].hasPrefix("/") else {
                    log.error(
                        "'http' of \(context) must be a method (\(methods.joined(separator: ", "))) and optionally a path starting with '/', like `POST /hooks/orders`, found '\(http)'",
                        at: reader["http"]?.location)
                    return nil
                }
                method = parts[0]
                path = parts.count == 2 ? parts[1] : nil
            }
            let headers = reader.entries("headers").compactMap { field($0, in: "header '\($0.key)' of \(context)") }
            return .webhook(EventDefinition.Webhook(method: method, path: path, headers: headers))
        default:
            log.error(
                "'via' of \(context) must be \(keywords.joined(separator: " or ")), found '\(via)'\(Suggestion.didYouMean(via, in: keywords))",
                at: reader["via"]?.location)
            return nil
        }
    }

    /// `match: { field: yp-type, value: payment-failed.v1 }`, `match: { header: X-Event-Type, value: … }`
    /// or `match: shape`; absent, the shape.
    private func eventRecognition(
        _ reader: MappingReader, context: String, at location: SourceLocation
    ) -> (EventDefinition.Recognition?, SourceLocation) {
        guard let node = reader["match"] else { return (.shape, location) }
        if let scalar = node.scalar {
            guard scalar.text == "shape" else {
                log.error(
                    "'match' of \(context) must be `shape` or a mapping like `{ field: type, value: created }` or `{ header: X-Event-Type, value: created }`, found '\(scalar.text)'",
                    at: node.location)
                return (nil, node.location)
            }
            return (.shape, node.location)
        }
        guard let match = MappingReader(node, context: "'match' of \(context)", allowed: Self.eventMatchKeys, log: log) else {
            return (nil, node.location)
        }
        let field = match.string("field")
        let header = match.string("header")
        guard (field == nil) != (header == nil) else {
            if field != nil || !match.has("field") && !match.has("header") {
                log.error("'match' of \(context) needs either 'field' (a member of the payload) or 'header' (of a webhook), not both", at: node.location)
            }
            return (nil, node.location)
        }
        guard let value = match.string("value") else {
            if !match.has("value") {
                log.error("'match' of \(context) needs 'value': what the \(field != nil ? "field" : "header") holds for this event", at: node.location)
            }
            return (nil, node.location)
        }
        if let field { return (.field(field, value: value), node.location) }
        return (.header(header ?? "", value: value), node.location)
    }
}
