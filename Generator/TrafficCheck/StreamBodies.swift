import PayloadValidation
import SchemaModel
@_spi(Shared) import WireFormat

/// A streamed answer in a capture: browsers record a `text/event-stream` (or JSON Lines, JSON Sequence)
/// body whole, as the response's content text. It is cut into events with the clients' own framing, and
/// each event is checked as the generated client decodes it.
extension ExchangeChecker {
    /// Issues of every event of a captured stream body; each pointer starts with the event's index
    /// (`/2/total`), and each message names the event.
    func streamIssues(_ bytes: [UInt8], stream: EventStreamResponse) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        var index = 0
        func add(_ found: [ValidationIssue], event: String) {
            issues += found.map { found in
                var issue = found
                issue.pointer = "/\(index)" + found.pointer
                issue.message = "\(event): \(found.message)"
                return issue
            }
        }
        // Each JSON text of a JSON Lines or JSON Sequence body, checked as one event (`line 2`, `record 2`).
        func checkTexts(_ framing: some JSONTextFraming, each name: String) throws {
            var parser = framing
            var texts: [[UInt8]] = []
            try parser.append(bytes) { texts.append(Array($0)) }
            parser.finish { texts.append(Array($0)) }
            for text in texts {
                add(validate(text, against: stream.events), event: "\(name) \(index)")
                index += 1
            }
        }
        do {
            switch stream.format {
            case .sse:
                let union = schema.union(named: stream.events)
                var parser = ServerSentEventParser()
                var frames: [ServerSentEventFrame] = []
                try parser.append(bytes) { frames.append($0) }
                parser.finish()
                for frame in frames {
                    defer { index += 1 }
                    let label = "event \(index) (\(frame.event))"
                    guard let union else {
                        add(validate(Array(frame.data), against: stream.events), event: label)
                        continue
                    }
                    guard let variant = union.variants.first(where: { EventStreamResponse.eventName(of: $0, in: union) == frame.event }) else {
                        // The client keeps it as `.undocumented`, like a union's unknown variant.
                        let names = union.variants.map { EventStreamResponse.eventName(of: $0, in: union) }
                        add(
                            [
                                issue(
                                    .warning, .union, "", expected: "an event named \(names.joined(separator: ", "))", found: "event '\(frame.event)'",
                                    "'\(frame.event)' is no event of \(union.variants.isEmpty ? "the stream" : "'\(stream.events)'"); generated code keeps it as .undocumented"
                                )
                            ], event: label)
                        continue
                    }
                    add(validate(Array(frame.data), against: variant.type), event: label)
                }
            case .jsonLines: try checkTexts(JSONLinesParser(), each: "line")
            case .jsonSequence: try checkTexts(JSONSequenceParser(), each: "record")
            }
        } catch {
            issues.append(
                issue(
                    .error, .syntax, "/\(index)", expected: "a \(stream.format.mediaType) body", found: "\(error)",
                    "the body cannot be cut into events after event \(index): \(error)"))
        }
        return issues
    }

    /// A streamed request body (`requestStream:`) as the capture holds it, whole: its Content-Type, then
    /// each event checked as the sandbox checks it (pointers start with the event's index).
    func requestStreamIssues(_ exchange: HARExchange, sent: [UInt8], stream: EventStreamResponse) -> [ValidationIssue] {
        let mediaType = stream.format.mediaType
        var issues: [ValidationIssue] = []
        if let contentType = exchange.requestHeaderValues("Content-Type").first, !Self.sameMediaType(contentType, mediaType) {
            issues.append(
                issue(
                    .error, .type, "", expected: "Content-Type \(mediaType)", found: "Content-Type \(Self.mediaType(of: contentType))",
                    "expected a \(mediaType) body of \(stream.events) events, the request says Content-Type \(Self.mediaType(of: contentType))"))
            return issues
        }
        if exchange.requestBody == nil, exchange.requestBodySize > 0 {
            issues.append(
                issue(
                    .warning, .required, "", expected: "a \(mediaType) body of \(stream.events) events", found: "no body text in the capture",
                    "the capture has no request body text; its events were not checked"))
            return issues
        }
        return issues + streamIssues(sent, stream: stream)
    }
}
