import Foundation
import PayloadValidation
import SchemaModel
@_spi(Shared) import WireFormat

/// A streamed answer (`stream:` operations): the events' bytes, sent one chunk per event, with pauses and
/// perhaps a dropped connection.
struct StreamAnswer: Sendable {
    var status: Int
    var headers: [(String, String)]
    /// One element per event, in order.
    var events: [Data]
    /// The pause before each event after the first, in milliseconds (a slow stream).
    var intervalMilliseconds: Int
    /// Close the connection, without ending the body, after this many events (a drop mid-stream).
    var dropAfter: Int?
}

extension SandboxEngine {
    /// The events of a streamed operation, synthesized from its event type: `streamEventCount` of them,
    /// numbered from 1 (the SSE `id:`). A union's variants take turns, each under its event name. An SSE
    /// request with `Last-Event-ID: n` resumes after event n, and is answered 204 (the standard's "stop
    /// reconnecting") when nothing is left.
    func streamAnswer(_ request: IncomingRequest, operation: SchemaOperation, stream: EventStreamResponse) -> Outcome {
        let count = max(0, options.streamEventCount)
        var first = 1
        if stream.format == .sse, let lastID = request.header("last-event-id") {
            guard let last = Int(lastID.trimmingCharacters(in: .whitespaces)), last >= 0 else {
                return error(400, message: "invalid request: Last-Event-ID '\(lastID)' is not an event id of this stream", operation: operation)
            }
            first = last + 1
        }
        guard first <= count else {
            return .respond(status: 204, headers: [], body: Data())
        }
        let samples = eventSamples(of: stream)
        var events: [Data] = []
        for number in first...count {
            let (name, json) = samples[(number - 1) % samples.count]
            events.append(
                Self.encode(event: json, name: name, number: number, format: stream.format, retry: number == first ? options.streamRetryMilliseconds : nil))
        }
        let headers = [("Content-Type", stream.format.mediaType), ("Cache-Control", "no-cache")]
        return .stream(StreamAnswer(status: operation.successStatus, headers: headers, events: events, intervalMilliseconds: 0, dropAfter: nil))
    }

    /// One sample per event kind: each variant of a union under its event name, else the type's sample.
    private func eventSamples(of stream: EventStreamResponse) -> [(name: String?, json: JSON)] {
        if let union = schema.union(named: stream.events), !union.variants.isEmpty {
            return union.variants.map { variant in
                var json = factory.sample(of: variant.type)
                // Outside SSE the tag travels in the JSON, as the union's decoder reads it.
                if stream.format != .sse, let discriminator = union.discriminator, case .object(var members) = json {
                    members.removeAll { $0.key == discriminator }
                    members.insert(JSON.Member(key: discriminator, value: union.tagType == .integer ? .number(variant.tag) : .string(variant.tag)), at: 0)
                    json = .object(members)
                }
                return (stream.format == .sse ? EventStreamResponse.eventName(of: variant, in: union) : nil, json)
            }
        }
        return [(nil, factory.sample(of: stream.events))]
    }

    /// The bytes of one event in the stream's format.
    static func encode(event json: JSON, name: String?, number: Int, format: EventStreamResponse.Format, retry: Int?) -> Data {
        let text = json.description
        switch format {
        case .sse:
            var lines: [String] = []
            if let retry { lines.append("retry: \(retry)") }
            lines.append("id: \(number)")
            if let name { lines.append("event: \(name)") }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
            return Data((lines.joined(separator: "\n") + "\n\n").utf8)
        case .jsonLines:
            return Data((text.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        case .jsonSequence:
            return Data(("\u{1E}" + text + "\n").utf8)
        }
    }
}

/// A streamed request body (`requestStream:` operations), read event by event as it arrives: each event
/// is checked against the events' type, and a bidirectional operation answers each with an event of its own.
extension SandboxEngine {
    /// The operation a request goes to when that operation streams its request body, else nil: the
    /// responder then reads the body as it arrives instead of collecting it first.
    func requestStreamOperation(method: String, path: String, query: String?) -> SchemaOperation? {
        guard let relative = base.relativePath(of: path) else { return nil }
        let items = RequestValidator.formItems(query ?? "")
        guard case .operation(let operation, _) = router.match(method: method, path: relative, query: items), operation.requestStream != nil
        else { return nil }
        return operation
    }

    /// The problems of one request event (its JSON text), as the lines of a 400's message.
    func requestEventProblems(_ text: some Collection<UInt8>, index: Int, stream: EventStreamResponse) -> [String] {
        requestValidator.validator.validate(data: Data(text), against: stream.events)
            .filter { $0.severity == .error }
            .map { "request event \(index)\($0.pointer.isEmpty ? "" : " " + $0.pointer): \($0.message)" }
    }

    /// The answer to request event `index` (from 0) of a bidirectional operation: the event itself when it
    /// is also a valid answer event (an echo), else the synthesized answer's events in turn.
    func answerEvent(to text: some Collection<UInt8>, index: Int, answer: StreamAnswer, operation: SchemaOperation) -> Data? {
        guard let response = operation.stream else { return nil }
        let data = Data(text)
        let echoes = response.format != .sse || schema.union(named: response.events) == nil
        if echoes, requestValidator.validator.validate(data: data, against: response.events).allSatisfy({ $0.severity != .error }),
            let json = JSON.parse(data)
        {
            return Self.encode(event: json, name: nil, number: index + 1, format: response.format, retry: nil)
        }
        guard !answer.events.isEmpty else { return nil }
        return answer.events[index % answer.events.count]
    }
}

/// Cuts a streamed request body into its events' JSON texts, with the clients' own framing (bounded per
/// event, so a hostile client cannot grow the sandbox).
/// A request body that is not in its stream's framing.
enum RequestFramingError: Error, CustomStringConvertible {
    case textOutsideRecords

    var description: String { "text before the first record separator (0x1E): the body is not a JSON text sequence" }
}

struct RequestEventFraming {
    private enum Framing {
        case serverSentEvents(ServerSentEventParser)
        case jsonLines(JSONLinesParser)
        case jsonSequence(JSONSequenceParser)
    }

    private var framing: Framing

    init(_ format: EventStreamResponse.Format, maximumEventSize: Int) {
        switch format {
        case .sse: framing = .serverSentEvents(ServerSentEventParser(maximumLineLength: maximumEventSize, maximumEventSize: maximumEventSize))
        case .jsonLines: framing = .jsonLines(JSONLinesParser(maximumLineLength: maximumEventSize))
        case .jsonSequence: framing = .jsonSequence(JSONSequenceParser(maximumRecordSize: maximumEventSize))
        }
    }

    /// The events `bytes` complete, each its JSON text (an SSE event's `data:`).
    mutating func append(_ bytes: some Collection<UInt8>) throws -> [[UInt8]] {
        var texts: [[UInt8]] = []
        switch framing {
        case .serverSentEvents(var parser):
            defer { framing = .serverSentEvents(parser) }
            try parser.append(Array(bytes)) { texts.append(Array($0.data)) }
        case .jsonLines(var parser):
            defer { framing = .jsonLines(parser) }
            try parser.append(Array(bytes)) { texts.append(Array($0)) }
        case .jsonSequence(var parser):
            defer { framing = .jsonSequence(parser) }
            try parser.append(Array(bytes)) { texts.append(Array($0)) }
            // A body in another framing (JSON Lines) is refused, not read as a sequence of no events.
            if parser.sawTextOutsideRecords { throw RequestFramingError.textOutsideRecords }
        }
        return texts
    }

    /// The last event, when the body ended without ending it.
    mutating func finish() -> [[UInt8]] {
        var texts: [[UInt8]] = []
        switch framing {
        case .serverSentEvents(var parser):
            defer { framing = .serverSentEvents(parser) }
            parser.finish()
        case .jsonLines(var parser):
            defer { framing = .jsonLines(parser) }
            parser.finish { texts.append(Array($0)) }
        case .jsonSequence(var parser):
            defer { framing = .jsonSequence(parser) }
            parser.finish { texts.append(Array($0)) }
        }
        return texts
    }
}
