import SchemaModel

/// Renders `events:` as one enum, `<API>Event`: a case per event carrying its payload, `undocumented` for
/// anything else, and initializers that recognise a received payload (`init(payload:)`; `init(userInfo:)`
/// for push notifications; `init(body:headers:)` for webhooks). Headers decide first, then payload fields,
/// then shapes, each in schema order; what nothing recognises is `undocumented`, never an error.
struct EventRenderer {
    let schema: Schema

    private func caseName(_ event: EventDefinition) -> String {
        SwiftNaming.memberName(event.name, reserved: SwiftNaming.Reserved.events)
    }

    func render(into writer: inout SwiftWriter) {
        let events = schema.events
        guard !events.isEmpty else { return }
        let hasPush = events.contains { if case .push = $0.delivery { true } else { false } }
        let hasWebhook = events.contains { if case .webhook = $0.delivery { true } else { false } }
        writer.docs([
            "The events \(schema.api) sends outside any call (`events:` in the schema), recognised from what the app or the server receives.",
            "An event the schema does not describe is `undocumented`, never an error: an API that adds an event does not break a shipped receiver.",
        ])
        writer.block("public enum \(schema.eventTypeName): \(SwiftNaming.Conformances.event.joined(separator: ", "))") { writer in
            for event in events {
                writer.docs(Docs.paragraphs(event.notes, extra: [arrival(of: event)]))
                writer.line("case \(caseName(event))(\(SwiftTypes.name(event.payload, in: schema)))")
            }
            writer.line(
                hasWebhook
                    ? "/// An event the schema does not describe, or one recognised by a header that the initializer was not given: its JSON."
                    : "/// An event the schema does not describe: its JSON.")
            writer.line("case undocumented(JSONValue)")
            writer.line()
            writer.docs([
                "Recognises an event from its JSON payload\(hasWebhook ? " (events recognised by a header need `init(body:headers:)`)" : "").",
                "- Throws: `EventPayloadError` when the payload is not JSON, or is a described event whose payload is not its type.",
            ])
            writer.block("public init(payload: Data) throws") { writer in
                writer.line("try self.init(try ClientRuntime.ReceivedEvent(body: payload))")
            }
            if hasPush {
                writer.line()
                writer.docs([
                    "Recognises a push notification from its user info, as `UNUserNotificationCenter` or `application(_:didReceiveRemoteNotification:)` hands it over.",
                    "- Throws: `EventPayloadError` when the user info is not JSON (a key that is not text, a value JSON cannot hold), or is a described event whose payload is not its type.",
                ])
                writer.block("public init(userInfo: [AnyHashable: Any]) throws") { writer in
                    writer.line("try self.init(try ClientRuntime.ReceivedEvent(userInfo: userInfo))")
                }
            }
            if hasWebhook {
                writer.line()
                writer.docs([
                    "Recognises a webhook request from its body and headers.",
                    "- Throws: `EventPayloadError` when the body is not JSON, or is a described event whose payload is not its type.",
                ])
                writer.block("public init(body: Data, headers: ClientRuntime.HTTPHeaders) throws") { writer in
                    writer.line("try self.init(try ClientRuntime.ReceivedEvent(body: body, headers: headers))")
                }
            }
            writer.line()
            writer.block("private init(_ event: ClientRuntime.ReceivedEvent) throws") { writer in
                renderRecognition(into: &writer)
            }
        }
    }

    /// One `if`/`else if` chain: header matches, field matches, shapes, then `undocumented`.
    private func renderRecognition(into writer: inout SwiftWriter) {
        func rank(_ event: EventDefinition) -> Int {
            switch event.recognition {
            case .header: return 0
            case .field: return 1
            case .shape: return 2
            }
        }
        let ordered = schema.events.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        var keyword = "if"
        for event in ordered {
            let name = SwiftEscaping.stringLiteral(event.name)
            let assignment = "self = .\(caseName(event))(try event.decode(as: \(name)))"
            switch event.recognition {
            case .header(let header, let value):
                writer.line("\(keyword) event.header(\(SwiftEscaping.stringLiteral(header))) == \(SwiftEscaping.stringLiteral(value)) {")
            case .field(let field, _):
                guard let value = schema.recognisingValue(of: event) else { continue }
                writer.line("\(keyword) event.field(\(SwiftEscaping.stringLiteral(field))) == \(literal(value)) {")
            case .shape:
                writer.line("\(keyword) let payload: \(SwiftTypes.name(event.payload, in: schema)) = event.decodeIfPossible() {")
                writer.indented { $0.line("self = .\(caseName(event))(payload)") }
                keyword = "} else if"
                continue
            }
            writer.indented { $0.line(assignment) }
            keyword = "} else if"
        }
        writer.line("} else {")
        writer.indented { $0.line("self = .undocumented(event.json)") }
        writer.line("}")
    }

    /// A recognising value as a `JSONValue` expression.
    private func literal(_ value: JSON) -> String {
        switch value {
        case .string(let text): return ".string(\(SwiftEscaping.stringLiteral(text)))"
        case .number(let text): return ".int(\(text))"
        case .bool(let flag): return ".bool(\(flag))"
        case .null, .array, .object: return ".null"
        }
    }

    /// "A push notification, recognised by `yp-type` = `payment-failed.v1` in its payload."
    private func arrival(of event: EventDefinition) -> String {
        let how: String
        switch event.delivery {
        case .push: how = "A push notification"
        case .webhook(let webhook):
            let request = ([webhook.method] + (webhook.path.map { [$0] } ?? [])).joined(separator: " ")
            let headers = webhook.headers.map { "`\(Docs.inline($0.wireName))`" }
            how = "A webhook request `\(Docs.inline(request))`" + (headers.isEmpty ? "" : " with \(headers.joined(separator: ", "))")
        }
        switch event.recognition {
        case .field(let field, let value): return "\(how), recognised by `\(Docs.inline(field))` = `\(Docs.inline(value))` in its payload."
        case .header(let header, let value): return "\(how), recognised by its header `\(Docs.inline(header)): \(Docs.inline(value))`."
        case .shape: return "\(how), recognised by its payload's shape."
        }
    }
}
