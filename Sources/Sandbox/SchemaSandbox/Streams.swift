import Foundation
import SchemaModel

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
