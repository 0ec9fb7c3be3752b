import SchemaModel

/// The method of an operation that answers with a stream of events (`stream:`): it returns an
/// `EventStream` at once, and each iteration connects and decodes events as their bytes arrive.
extension ClientRenderer {
    func renderStreamMethod(_ operation: OperationDefinition, _ stream: EventStreamResponse, into writer: inout SwiftWriter) {
        let name = SwiftNaming.operationName(operation.name, api: schema.api)
        let parameters = parameters(of: operation)
        let events = SwiftTypes.name(stream.events, in: schema)
        let element = stream.format == .sse ? "ServerSentEvent<\(events)>" : events
        // A streamed request's events are produced once, so its answer never reconnects.
        let reconnects = stream.format == .sse && operation.isIdempotent && operation.requestStream == nil
        var extra: [String?] = ["`\(operation.method) \(Docs.inline(operation.path))`"]
        let formatText: String
        switch stream.format {
        case .sse:
            formatText =
                "Streamed as Server-Sent Events (`text/event-stream`): each event's name picks its `\(Docs.inline(events))`"
                + (schema.union(named: stream.events) == nil ? " data" : " variant (an undeclared name is `.undocumented`)") + "; "
                + (reconnects
                    ? "a dropped or ended connection reconnects after the server's `retry:` with `Last-Event-ID`, until the server answers 204."
                    : operation.requestStream != nil
                        ? "the request streams its own events, which are sent once, so the stream ends with the connection instead of reconnecting."
                        : "the operation is not idempotent, so the stream ends with the connection instead of reconnecting.")
        case .jsonLines: formatText = "Streamed as JSON Lines (`application/jsonl`): one `\(Docs.inline(events))` per line."
        case .jsonSequence: formatText = "Streamed as a JSON Sequence (`application/json-seq`): one `\(Docs.inline(events))` per record."
        }
        extra.append(formatText + " Events are decoded as they arrive; ending the loop closes the connection.")
        extra.append(stream.notes.docs)
        extra.append(
            "- Parameters:\n"
                + (parameters.map { Docs.parameter(SwiftNaming.bare($0.label), $0.docs) }
                + ["  - options: Per-call settings; the client's apply by default."]).joined(separator: "\n"))
        extra.append("- Returns: the events; nothing is sent until the loop starts, and iterating throws `\(errorName)`.")
        writer.docs(Docs.paragraphs(operation.notes, extra: extra))
        if let message = operation.notes.deprecated {
            writer.line(Docs.availability(message))
        }
        let signature = (parameters.map { "\($0.label): \($0.type)\($0.defaultArgument)" } + ["options: RequestOptions = .default"]).joined(
            separator: ", ")
        writer.block("public func \(name)\(requestStreamGenerics(operation))(\(signature)) -> EventStream<\(element)>\(requestStreamConstraint(operation))") {
            writer in
            for line in requestBuilderLines(operation, parameters, changedLater: false) { writer.line(line) }
            let body = operation.body == nil ? "" : "jsonBody: body, "
            switch stream.format {
            case .sse:
                let call = "return self.core.serverSentEvents(builder, \(body)failure: Failure.self, options: options, reconnects: \(reconnects))"
                guard let union = schema.union(named: stream.events) else {
                    writer.line("\(call) { _, data in try ClientRuntime.EventDecoding.json(data) }")
                    return
                }
                writer.line("\(call) { (name, data) throws -> \(events) in")
                writer.indented { writer in
                    writer.switchBlock("name") { writer in
                        for variant in union.variants {
                            let eventName = SwiftEscaping.stringLiteral(EventStreamResponse.eventName(of: variant, in: union))
                            let member = SwiftNaming.memberName(variant.name, reserved: SwiftNaming.Reserved.unionVariants)
                            writer.line("case \(eventName): return .\(member)(try ClientRuntime.EventDecoding.json(data))")
                        }
                        writer.line("default: return .undocumented(ClientRuntime.EventDecoding.undocumented(event: name, data: data))")
                    }
                }
                writer.line("}")
            case .jsonLines, .jsonSequence:
                writer.line(
                    "return self.core.jsonEvents(builder, \(body)format: .\(stream.format == .jsonLines ? "jsonLines" : "jsonSequence"), failure: Failure.self, options: options)"
                )
            }
        }
    }
}
