import Foundation
@_spi(Shared) import WireFormat

/// Why a streamed response body could not be read as events (thrown as the client error's
/// `.invalidResponse`, or as its transport failure when reconnecting gives up).
public enum EventStreamError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A line (Server-Sent Events, JSON Lines) or record (JSON Sequence) grew past `limit` bytes without
    /// ending: a broken or hostile server cannot make the client buffer without bound.
    case lineTooLong(limit: Int)
    /// One Server-Sent Event's `data:` lines together passed `limit` bytes before the blank line ending it.
    case eventTooLarge(limit: Int)
    /// An SSE stream kept failing: `attempts` reconnections in a row delivered no event.
    case reconnectionFailed(attempts: Int)

    public var description: String {
        switch self {
        case .lineTooLong(let limit): "a line of the event stream is longer than \(limit) bytes"
        case .eventTooLarge(let limit): "an event of the stream is larger than \(limit) bytes"
        case .reconnectionFailed(let attempts): "the event stream failed \(attempts) reconnections in a row"
        }
    }

    init(_ framing: EventFramingError) {
        switch framing {
        case .lineTooLong(let limit): self = .lineTooLong(limit: limit)
        case .eventTooLarge(let limit): self = .eventTooLarge(limit: limit)
        }
    }
}

/// One Server-Sent Event of a streamed operation, its data decoded as the schema's event type.
///
/// For an event type that is a union, the SSE event name (`event:`) picks the variant and `data:` is the
/// variant's JSON; an event name the schema does not declare is the union's `undocumented` case holding
/// `{"event": name, "data": data}` (the data as JSON when it is JSON, else as a string), never a failure.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The decoded `data:`.
    public var payload: Payload
    /// The `event:` field; `message` when the server sent none.
    public var name: String
    /// The last event ID the server set (`id:`), sent back as `Last-Event-ID` when the client reconnects.
    public var id: String?
    /// The reconnection time in milliseconds this event asked for (`retry:`).
    public var retry: Int?

    public init(payload: Payload, name: String = "message", id: String? = nil, retry: Int? = nil) {
        self.payload = payload
        self.name = name
        self.id = id
        self.retry = retry
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}
extension ServerSentEvent: Hashable where Payload: Hashable {}

/// The events of a streamed operation, decoded as the bytes arrive.
///
/// Nothing is sent before iteration starts; each iteration makes its own request. The first event is
/// available as soon as its bytes are, long before the response ends, and memory stays bounded whatever
/// the stream's length (one line or event at a time, each under a limit: an over-long one fails with
/// `EventStreamError`). Ending the loop (`break`, an error, cancelling its task) closes the connection.
///
/// Server-Sent Events reconnect when the connection ends or drops, after the server's `retry:` time
/// (else `defaultReconnectionDelay`), sending `Last-Event-ID` so the server can resume; a 204 answer ends
/// the stream, and `maximumReconnectionAttempts` connections in a row without an event fail it. JSON
/// Lines and JSON Sequence streams end with the response.
///
/// Errors are the client's failure type: a non-2xx answer is its catalogue's error, a body that is not
/// the events `.invalidResponse` (an SSE event whose data is not its type when the loop reaches it), a dropped connection (without reconnection) `.transport`; a cancelled
/// loop throws `CancellationError`.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
    /// How long an SSE stream waits before reconnecting when the server never sent `retry:`.
    public static var defaultReconnectionDelay: Duration { .seconds(3) }
    /// SSE connections in a row that may end without delivering an event before the stream fails.
    public static var maximumReconnectionAttempts: Int { 5 }

    private let open: @Sendable () -> AsyncIterator

    @_spi(Generated) public init(open: @escaping @Sendable () -> AsyncIterator) {
        self.open = open
    }

    /// Connects on the first `next()`.
    public func makeAsyncIterator() -> AsyncIterator { open() }

    /// Reads the events of one iteration.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: EventReader<Element>

        init(_ reader: EventReader<Element>) {
            self.reader = reader
        }

        /// The next event; nil when the stream has ended.
        public mutating func next() async throws -> Element? {
            try await reader.next()
        }
    }
}

/// What a stream's body is made of, and so how it is split into events.
@_spi(Generated) public enum EventStreamFormat: String, Sendable {
    /// `text/event-stream`.
    case serverSentEvents
    /// `application/jsonl`: one JSON text per line.
    case jsonLines
    /// `application/json-seq` (RFC 7464).
    case jsonSequence

    /// The `Accept` the request sends.
    public var mediaType: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/jsonl"
        case .jsonSequence: "application/json-seq"
        }
    }
}

/// Turns body bytes into events: frames them by the format, then decodes each frame.
struct EventFramer<Element: Sendable> {
    enum Framing {
        case serverSentEvents(ServerSentEventParser)
        case jsonLines(JSONLinesParser)
        case jsonSequence(JSONSequenceParser)
    }

    var framing: Framing
    let decodeEvent: @Sendable (ServerSentEventFrame) throws -> Element
    let decodeText: @Sendable (ArraySlice<UInt8>) throws -> Element

    /// Frames `bytes`: JSON texts are decoded into `events` at once (a text is a view of the chunk), SSE
    /// frames are kept in `frames` and decoded one at a time as the loop asks for them (`decodeEvent`):
    /// gathering a concrete frame costs no generic metadata or value witnesses per event.
    mutating func feed(_ bytes: Data, into events: inout [Element], frames: inout [ServerSentEventFrame]) throws {
        switch framing {
        case .serverSentEvents(var parser):
            defer { framing = .serverSentEvents(parser) }
            try parser.append(bytes) { frames.append($0) }
        case .jsonLines(var parser):
            defer { framing = .jsonLines(parser) }
            try parser.append(bytes) { events.append(try decodeText($0)) }
        case .jsonSequence(var parser):
            defer { framing = .jsonSequence(parser) }
            try parser.append(bytes) { events.append(try decodeText($0)) }
        }
    }

    mutating func finish(into events: inout [Element]) throws {
        switch framing {
        case .serverSentEvents(var parser):
            parser.finish()
            framing = .serverSentEvents(parser)
        case .jsonLines(var parser):
            defer { framing = .jsonLines(parser) }
            try parser.finish { events.append(try decodeText($0)) }
        case .jsonSequence(var parser):
            defer { framing = .jsonSequence(parser) }
            try parser.finish { events.append(try decodeText($0)) }
        }
    }

    var lastEventID: String? {
        if case .serverSentEvents(let parser) = framing { return parser.lastEventID }
        return nil
    }

    var reconnectionTime: Int? {
        if case .serverSentEvents(let parser) = framing { return parser.reconnectionTime }
        return nil
    }
}

/// One iteration's connection, parser and pending events; a class so the iterator stays cheap to copy.
final class EventReader<Element: Sendable>: @unchecked Sendable {
    /// Sends the request (with `Last-Event-ID` when given) and returns the response and, when the
    /// transport streams, the body's chunks; throws the client's failure for a non-2xx answer.
    /// `mayEndToHold`: the transport may end this connection to hold the stream back (`StreamedBody`).
    typealias Connect = @Sendable (_ lastEventID: String?, _ mayEndToHold: Bool) async throws -> (HTTPResponse, StreamedBody?)

    private let connect: Connect
    private let makeFramer: @Sendable () -> EventFramer<Element>
    private let reconnects: Bool
    /// Maps a body that is not events (`EventStreamError`, a decoding error) to the client's failure.
    private let invalid: @Sendable (HTTPResponse, any Error) -> any Error
    /// Maps a failed transfer to the client's failure.
    private let transport: @Sendable (any Error) -> any Error

    private var framer: EventFramer<Element>
    private var chunks: StreamedBody.Reader?
    private var response: HTTPResponse?
    private var pending: [Element] = []
    private var index = 0
    /// SSE frames of the chunk read last, not yet decoded, last first: each is moved out with `popLast`
    /// (no copy, nothing left to destroy) and decoding it is the next event.
    private var frames: [ServerSentEventFrame] = []
    private var ended = false
    private var lastEventID: String?
    private var reconnectionTime: Int?
    private var attemptsWithoutEvent = 0
    /// Whether the current connection has delivered an event.
    private var deliveredOnConnection = false
    /// Whether the next connection may be ended to hold the stream back: not after one that was ended
    /// before a single event came through (an event larger than the high watermark), so every
    /// connection makes progress.
    private var mayEndNextToHold = true

    init(
        connect: @escaping Connect, reconnects: Bool, makeFramer: @escaping @Sendable () -> EventFramer<Element>,
        invalid: @escaping @Sendable (HTTPResponse, any Error) -> any Error, transport: @escaping @Sendable (any Error) -> any Error
    ) {
        self.connect = connect
        self.reconnects = reconnects
        self.makeFramer = makeFramer
        self.invalid = invalid
        self.transport = transport
        framer = makeFramer()
    }

    func next() async throws -> Element? {
        while true {
            if let frame = frames.popLast() {
                do {
                    let event = try framer.decodeEvent(frame)
                    attemptsWithoutEvent = 0
                    deliveredOnConnection = true
                    return event
                } catch {
                    ended = true
                    chunks = nil
                    frames.removeAll()
                    // Frames are all taken before the next chunk is read: `response` is still their connection's.
                    throw invalid(response ?? HTTPResponse(status: 200), error)
                }
            }
            if index < pending.count {
                defer { index += 1 }
                attemptsWithoutEvent = 0
                deliveredOnConnection = true
                return pending[index]
            }
            pending.removeAll(keepingCapacity: true)
            index = 0
            if ended { return nil }
            try Task.checkCancellation()
            guard let response else {
                try await open()
                continue
            }
            let chunk: Data?
            do {
                chunk = try await chunks?.next()
            } catch is StreamedBody.Interrupted {
                // The transport ended the connection to hold the stream back (`StreamedBody`) and every
                // chunk before that has been read: resume at once after the last whole event. The
                // unfinished event the new framer drops is sent again after `Last-Event-ID`.
                self.response = nil
                chunks = nil
                mayEndNextToHold = deliveredOnConnection
                continue
            } catch {
                try Task.checkCancellation()
                try await connectionEnded(failure: transport(error))
                continue
            }
            try Task.checkCancellation()
            do {
                if let chunk {
                    try framer.feed(chunk, into: &pending, frames: &frames)
                    // Reversed through a buffer pointer, whose swaps move elements (the array's copy them).
                    frames.withUnsafeMutableBufferPointer { $0.reverse() }
                } else {
                    try framer.finish(into: &pending)
                }
            } catch let framing as EventFramingError {
                ended = true
                chunks = nil
                throw invalid(response, EventStreamError(framing))
            } catch {
                ended = true
                chunks = nil
                throw invalid(response, error)
            }
            lastEventID = framer.lastEventID ?? lastEventID
            reconnectionTime = framer.reconnectionTime ?? reconnectionTime
            if chunk == nil { try await connectionEnded(failure: nil) }
        }
    }

    private func open() async throws {
        framer = makeFramer()
        deliveredOnConnection = false
        let (response, streamed) = try await connect(lastEventID, mayEndNextToHold)
        mayEndNextToHold = true
        if reconnects, response.status == 204 {
            // The standard's way for a server to end an SSE stream for good.
            ended = true
            return
        }
        self.response = response
        if let streamed, streamed.isClaimed {
            chunks = streamed.makeReader()
        } else {
            // A transport that does not stream returned the whole body: read it as one chunk.
            let whole = StreamedBody()
            whole.yield(response.body)
            whole.finish()
            chunks = whole.makeReader()
        }
    }

    /// The body ended (`failure` nil) or broke: SSE reconnects, other formats end or fail.
    private func connectionEnded(failure: (any Error)?) async throws {
        response = nil
        chunks = nil
        guard reconnects else {
            ended = true
            if let failure { throw failure }
            return
        }
        attemptsWithoutEvent += 1
        guard attemptsWithoutEvent <= EventStream<Element>.maximumReconnectionAttempts else {
            ended = true
            throw failure ?? transport(EventStreamError.reconnectionFailed(attempts: attemptsWithoutEvent - 1))
        }
        let delay = reconnectionTime.map { Duration.milliseconds($0) } ?? EventStream<Element>.defaultReconnectionDelay
        try await Task.sleep(for: delay)
    }
}

/// Decoding helpers for the event closures of generated streamed operations.
@_spi(Generated) public enum EventDecoding {
    /// `bytes` decoded as JSON of type `T`, with the generated clients' decoder.
    public static func json<T: Decodable>(_ bytes: some Collection<UInt8>) throws -> T {
        try JSONCoding.sharedDecoder.decode(T.self, from: Data(bytes))
    }

    /// `data` decoded as JSON of type `T`, with the generated clients' decoder.
    public static func json<T: Decodable>(_ data: Data) throws -> T {
        try JSONCoding.sharedDecoder.decode(T.self, from: data)
    }

    /// What an undocumented SSE event keeps: `{"event": name, "data": data}`, the data as JSON when it
    /// parses as JSON, else as a string.
    public static func undocumented(event name: String, data: Data) -> JSONValue {
        let value = (try? JSONCoding.sharedDecoder.decode(JSONValue.self, from: data)) ?? .string(String(decoding: data, as: UTF8.self))
        return .object(["event": .string(name), "data": value])
    }
}

extension ClientCore {
    /// The events of an operation answering `text/event-stream`: `payload` decodes an event's data by its
    /// event name. With `reconnects` (idempotent operations), reconnects with `Last-Event-ID` as
    /// `EventStream` describes; without, the stream ends with its connection.
    @_spi(Generated) public func serverSentEvents<Payload: Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        jsonBody: (any Encodable & Sendable)? = nil,
        failure: Failure.Type,
        options: RequestOptions = .default,
        reconnects: Bool = true,
        maximumEventSize: Int = 4 << 20,
        payload: @escaping @Sendable (_ name: String, _ data: Data) throws -> Payload
    ) -> EventStream<ServerSentEvent<Payload>> {
        let connect = connector(request, jsonBody: jsonBody, format: .serverSentEvents, resumable: reconnects, failure: failure, options: options)
        return EventStream {
            let reader = EventReader<ServerSentEvent<Payload>>(
                connect: connect, reconnects: reconnects,
                makeFramer: {
                    EventFramer(
                        framing: .serverSentEvents(ServerSentEventParser(maximumLineLength: maximumEventSize, maximumEventSize: maximumEventSize)),
                        decodeEvent: { frame in
                            ServerSentEvent(payload: try payload(frame.event, frame.data), name: frame.event, id: frame.id, retry: frame.retry)
                        },
                        decodeText: { _ in preconditionFailure("an SSE stream has no JSON texts") })
                },
                invalid: { Failure.invalidResponse($0, $1) }, transport: { Failure(transportFailure: $0) })
            return EventStream.AsyncIterator(reader)
        }
    }

    /// The events of an operation answering JSON Lines or a JSON Sequence, each decoded as `Event`.
    @_spi(Generated) public func jsonEvents<Event: Decodable & Sendable, Failure: APIFailure>(
        _ request: RequestBuilder,
        jsonBody: (any Encodable & Sendable)? = nil,
        format: EventStreamFormat,
        as type: Event.Type = Event.self,
        failure: Failure.Type,
        options: RequestOptions = .default,
        maximumEventSize: Int = 4 << 20
    ) -> EventStream<Event> {
        let connect = connector(request, jsonBody: jsonBody, format: format, resumable: false, failure: failure, options: options)
        return EventStream {
            let reader = EventReader<Event>(
                connect: connect, reconnects: false,
                makeFramer: {
                    let framing: EventFramer<Event>.Framing =
                        format == .jsonSequence
                        ? .jsonSequence(JSONSequenceParser(maximumRecordSize: maximumEventSize))
                        : .jsonLines(JSONLinesParser(maximumLineLength: maximumEventSize))
                    return EventFramer(
                        framing: framing, decodeEvent: { _ in preconditionFailure("a JSON stream has no SSE events") },
                        decodeText: { try EventDecoding.json($0) })
                },
                invalid: { Failure.invalidResponse($0, $1) }, transport: { Failure(transportFailure: $0) })
            return EventStream.AsyncIterator(reader)
        }
    }

    /// Sends one connection's request through credentials and middlewares, asking the transport to stream
    /// a 2xx body; a non-2xx answer is the catalogue's error. `resumable`: the stream reconnects where it
    /// was, so a transport may end the connection to hold it back (`StreamedBody`).
    private func connector<Failure: APIFailure>(
        _ request: RequestBuilder, jsonBody: (any Encodable & Sendable)?, format: EventStreamFormat, resumable: Bool, failure: Failure.Type,
        options: RequestOptions
    ) -> EventReader<Never>.Connect {
        { [self] lastEventID, mayEndToHold in
            var builder = request
            if let jsonBody {
                do {
                    try builder.setJSONBody(jsonBody)
                } catch {
                    throw Failure.invalidRequest(error)
                }
            }
            builder.setHeader("Accept", format.mediaType)
            if let lastEventID { builder.setHeader("Last-Event-ID", lastEventID) }
            let body = StreamedBody(resumable: resumable && mayEndToHold)
            let response = try await StreamedBody.$current.withValue(body) {
                try await exchange(builder, failure: failure, options: options)
            }
            guard response.isSuccess else { throw Failure(response: response, operation: builder.operation) }
            return (response, body)
        }
    }
}
