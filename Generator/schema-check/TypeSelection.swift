import ArgumentParser
import Foundation
import SchemaModel

/// `--direction` of `--channel`: which way the messages go.
enum ChannelDirection: String, CaseIterable, ExpressibleByArgument {
    case send, receive
}

/// Resolves `--type`, `--request` and `--response` against a loaded schema.
enum TypeSelection {
    /// The payload type, or a usage message.
    static func resolve(
        type: String?, request: String?, response: String?, status: Int?, channel: (name: String, direction: ChannelDirection?)? = nil,
        event: String? = nil, in schema: Schema
    ) -> Result<TypeReference, Failure> {
        let chosen = [type, request, response, channel?.name, event].compactMap { $0 }.count
        guard chosen == 1 else {
            return .failure(
                Failure(
                    chosen == 0
                        ? "say what to validate against: --type Name, --request operation, --response operation, --channel name --direction send|receive or --event name"
                        : "give only one of --type, --request, --response, --channel and --event"))
        }
        if status != nil, response == nil { return .failure(Failure("--status goes with --response")) }
        if let channel {
            guard let definition = schema.channel(named: channel.name) else {
                return .failure(
                    Failure("unknown channel '\(channel.name)' in \(schema.file)\(didYouMean(channel.name, in: schema.channels.map(\.name)))"))
            }
            guard let direction = channel.direction else {
                return .failure(Failure("--channel needs --direction send (what clients send) or receive (what the server sends)"))
            }
            switch direction {
            case .send: return .success(definition.send)
            case .receive: return .success(definition.receive)
            }
        }
        if let event {
            // An event's payload (`events:`): what a push notification's user info or a webhook's body is.
            guard let definition = schema.events.first(where: { $0.name == event }) else {
                let known = schema.events.map(\.name)
                let hint = known.isEmpty ? " (it declares no events)" : didYouMean(event, in: known)
                return .failure(Failure("unknown event '\(event)' in \(schema.file)\(hint)"))
            }
            return .success(definition.payload)
        }
        if let type {
            let reference: TypeReference
            switch TypeReference.parse(expression: type) {
            case .success(let parsed): reference = parsed
            case .failure(let error): return .failure(Failure(error.message))
            }
            for name in namedTypes(in: reference) where schema.type(named: name) == nil {
                return .failure(Failure("unknown type '\(name)' in \(schema.file)\(didYouMean(name, in: schema.types.map(\.name)))"))
            }
            return .success(reference)
        }
        let name = request ?? response!
        guard let operation = schema.operation(named: name) else {
            return .failure(Failure("unknown operation '\(name)' in \(schema.file)\(didYouMean(name, in: schema.operations.map(\.name)))"))
        }
        if request != nil {
            guard let body = operation.body else {
                return .failure(Failure("operation '\(name)' has no request body"))
            }
            // Form and multipart bodies are checked as the JSON object of their fields, the value the
            // client flattens; raw bytes have no structure to check.
            if body.encoding == .raw {
                return .failure(
                    Failure(
                        "operation '\(name)' sends raw bytes (\(body.encoding.mediaType(contentType: body.contentType))); schema-check checks JSON payloads only"
                    ))
            }
            return .success(body.type)
        }
        if let outcomes = operation.outcomes {
            return outcomeBody(operation, outcomes, status: status ?? operation.successStatus, in: schema)
        }
        if let status, status != operation.successStatus {
            // The operation's case for the status may carry a body of its own (`body:` on the case).
            guard status >= 400, let errorBody = schema.errorBody(status: status, of: operation) else {
                return .failure(Failure("operation '\(name)' answers \(operation.successStatus) on success; status \(status) has no body type in the schema"))
            }
            return .success(errorBody)
        }
        if let stream = operation.stream, status == nil || status == operation.successStatus {
            // One event of the stream: what each JSON Lines line, JSON Sequence record or SSE `data:` is.
            if stream.format == .sse, let union = schema.union(named: stream.events) {
                let variants = union.variants.map { "--type \($0.type) (event \(EventStreamResponse.eventName(of: $0, in: union)))" }
                return .failure(
                    Failure(
                        "operation '\(name)' streams Server-Sent Events whose data is a variant of '\(stream.events)', chosen by the event name: check one event's data with \(variants.joined(separator: ", ")), or a whole captured stream with `schema-check traffic`"
                    ))
            }
            return .success(stream.events)
        }
        if let contentType = operation.responseContentType {
            return .failure(Failure("operation '\(name)' answers raw bytes (\(contentType)); schema-check checks JSON payloads only"))
        }
        guard let reference = operation.response else {
            return .failure(Failure("operation '\(name)' has no response type (its \(operation.successStatus) response has no body)"))
        }
        return .success(reference)
    }

    /// The body of the outcome with `status` (the first normal answer with a body; an error outcome's is
    /// the error body); an error status no outcome declares has the error body.
    private static func outcomeBody(_ operation: OperationDefinition, _ outcomes: [Outcome], status: Int, in schema: Schema) -> Result<TypeReference, Failure> {
        // The choice is the one clients and lint's example check make; only the failures are said here.
        if let body = operation.responseBody(status: status, in: schema) { return .success(body) }
        let group = outcomes.candidates(for: status)
        let declared = outcomes.map { "\($0.name) (\($0.status.text))" }.joined(separator: ", ")
        if group.isEmpty {
            return .failure(Failure("operation '\(operation.name)' declares no outcome with status \(status); it has \(declared)"))
        }
        return .failure(Failure("outcome '\(group[0].name)' of operation '\(operation.name)' has no body (status \(status))"))
    }

    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    static func namedTypes(in reference: TypeReference) -> [String] {
        reference.namedTypes
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        Suggestion.didYouMean(word, in: candidates)
    }
}
