@_spi(Generated) import ClientRuntime
import Foundation
import HTTPTransportNIO
import KitchenSink
import SchemaModel
import SchemaSandbox
import TestHTTPServer
import XCTest

/// Issue 28 line 2 on Linux, through `AsyncHTTPClientTransport`: a loop slower than the network holds any
/// stream back on its connection (memory flat, nothing resent), ending the loop closes the connection, and a
/// request stream is full duplex.
final class StreamingTransportTests: XCTestCase {
    /// One item of the test streams: its number and padding that makes it about 2 KiB on the wire.
    struct Numbered: Decodable, Sendable {
        var n: Int
        var pad: String
    }

    private static let padding = String(repeating: "x", count: 2000)

    /// Items `1...count` as JSON Lines, or as SSE events with ids (resuming after `Last-Event-ID`, 204 once all
    /// were sent; `retry: 1` so that last reconnection does not wait 3 s), 32 to a chunk of about 64 KiB, written
    /// as fast as the socket takes them.
    private static func server(count: Int, sse: Bool = false) throws -> TestHTTPServer {
        try TestHTTPServer { request in
            let first = request.headers["last-event-id"].flatMap { Int($0) }.map { $0 + 1 } ?? 1
            guard first <= count else { return TestHTTPServer.Response(status: 204) }
            return TestHTTPServer.Response(
                status: 200, headers: ["Content-Type": sse ? "text/event-stream" : "application/jsonl"],
                chunks: { index in
                    let start = first + index * 32
                    guard start <= count else { return nil }
                    let items = (start..<min(count + 1, start + 32)).map { number in
                        let json = "{\"n\":\(number),\"pad\":\"\(padding)\"}"
                        return sse ? "id: \(number)\ndata: \(json)\n\n" : json + "\n"
                    }
                    return Data(((sse && index == 0 ? "retry: 1\n" : "") + items.joined()).utf8)
                })
        }
    }

    private static func request(_ core: ClientCore) -> RequestBuilder {
        RequestBuilder(
            operation: OperationInfo(name: "watch", method: .get, pathTemplate: "/events", successStatus: 200, isIdempotent: true),
            baseURL: core.configuration.baseURL)
    }

    /// The head returns at once and each item is handed over as it arrives: the first comes a second before
    /// the second is even sent.
    func testTheFirstItemArrivesBeforeTheStreamEnds() async throws {
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(
                status: 200, headers: ["Content-Type": "application/jsonl"],
                chunks: { index in
                    guard index < 2 else { return nil }
                    if index == 1 { Thread.sleep(forTimeInterval: 1) }
                    return Data("{\"n\":\(index + 1),\"pad\":\"\"}\n".utf8)
                })
        }
        defer { server.shutdown() }
        let transport = AsyncHTTPClientTransport()
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, transport: transport))
        let started = ContinuousClock.now
        var arrivals: [Duration] = []
        for try await item in core.jsonEvents(Self.request(core), format: .jsonLines, as: Numbered.self, failure: TestFailure.self) {
            XCTAssertEqual(item.n, arrivals.count + 1)
            arrivals.append(ContinuousClock.now - started)
        }
        try await transport.shutdown()
        XCTAssertEqual(arrivals.count, 2)
        XCTAssertLessThan(arrivals.first ?? .seconds(9), .milliseconds(800), "the first item came before the second was sent")
        XCTAssertGreaterThan(arrivals.last ?? .zero, .milliseconds(900))
    }

    /// An error answer to a streamed call is read whole, so the call fails with the status and its body.
    func testAnErrorAnswerToAStreamedCallIsReadWhole() async throws {
        let server = try TestHTTPServer { _ in .json(503, #"{"error":"busy"}"#) }
        defer { server.shutdown() }
        let inner = AsyncHTTPClientTransport()
        let transport = BodyRecordingTransport(inner)
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, transport: transport))
        do {
            for try await _ in core.jsonEvents(Self.request(core), format: .jsonLines, as: Numbered.self, failure: TestFailure.self) {}
            XCTFail("a 503 ended the stream normally")
        } catch TestFailure.response(let response) {
            XCTAssertEqual(response.status, 503)
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"error":"busy"}"#)
        }
        try await inner.shutdown()
        XCTAssertEqual(transport.bodies.map(\.isClaimed), [false], "not streamed")
    }

    /// 32 MiB of JSON Lines, 128 times the high watermark, read by a loop that stops for a second after the first
    /// item: the server is held back while the loop sleeps (its writes block), what ever waited for the loop
    /// stays within the high watermark plus one chunk, and every item arrives once over one connection.
    /// `URLSessionTransport` on Linux cannot hold this stream back (FoundationNetworking's suspend ends the
    /// transfer, and JSON Lines cannot resume): there the same loop buffers what it has not read.
    func testASlowLoopHoldsAJSONLinesStreamBackOnItsConnection() async throws {
        let count = 16_384
        let server = try Self.server(count: count)
        defer { server.shutdown() }
        let watermarks = StreamWatermarks(low: 64 << 10, high: 256 << 10)
        let inner = AsyncHTTPClientTransport(streamWatermarks: watermarks)
        let transport = BodyRecordingTransport(inner)
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, transport: transport))
        var numbers: [Int] = []
        var sentWhileAsleep: [Int] = []
        for try await item in core.jsonEvents(Self.request(core), format: .jsonLines, as: Numbered.self, failure: TestFailure.self) {
            numbers.append(item.n)
            if numbers.count == 1 {
                try await Task.sleep(for: .milliseconds(700))
                sentWhileAsleep.append(server.streamedBytesSent)
                try await Task.sleep(for: .milliseconds(300))
                sentWhileAsleep.append(server.streamedBytesSent)
            }
        }
        try await inner.shutdown()
        XCTAssertEqual(numbers, Array(1...count), "every item once, in order")
        // The kernel's socket buffers take some megabytes before the server's writes block.
        XCTAssertLessThan(sentWhileAsleep[0], count * 2_030 / 4, "the server was held back while the loop slept")
        XCTAssertEqual(sentWhileAsleep[0], sentWhileAsleep[1], "nothing more was sent while the loop slept")
        XCTAssertEqual(server.receivedRequests.count, 1, "one connection: held back, never ended and resumed")
        guard let body = transport.bodies.first, transport.bodies.count == 1 else { return XCTFail("one streamed body") }
        XCTAssertGreaterThan(body.holds, 0, "the transport was held back")
        XCTAssertGreaterThan(body.largestChunk, 0)
        XCTAssertLessThanOrEqual(body.peakBufferedBytes, watermarks.high + body.largestChunk, "at most one chunk past the high watermark")
    }

    /// An SSE stream that could reconnect is held back on its connection too: no `Last-Event-ID` round trips,
    /// where `URLSessionTransport` on Linux ends the connection at each hold and reconnects.
    func testASlowLoopHoldsAnSSEStreamBackWithoutReconnecting() async throws {
        let count = 4_096
        let server = try Self.server(count: count, sse: true)
        defer { server.shutdown() }
        let watermarks = StreamWatermarks(low: 16 << 10, high: 64 << 10)
        let inner = AsyncHTTPClientTransport(streamWatermarks: watermarks)
        let transport = BodyRecordingTransport(inner)
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, transport: transport))
        let events = core.serverSentEvents(Self.request(core), failure: TestFailure.self) { _, data in
            try EventDecoding.json(data) as Numbered
        }
        var numbers: [Int] = []
        for try await event in events {
            numbers.append(event.payload.n)
            if numbers.count == 1 { try await Task.sleep(for: .milliseconds(300)) }
        }
        try await inner.shutdown()
        XCTAssertEqual(numbers, Array(1...count))
        // One connection for every event; the stream's end makes the loop reconnect once, after the last event,
        // and the 204 ends it. No hold ended a connection.
        XCTAssertEqual(server.receivedRequests.map { $0.headers["last-event-id"] }, [nil, "\(count)"])
        XCTAssertGreaterThan(transport.bodies.first?.holds ?? 0, 0, "the transport was held back")
        for body in transport.bodies where body.largestChunk > 0 {
            XCTAssertLessThanOrEqual(body.peakBufferedBytes, watermarks.high + body.largestChunk)
        }
    }

    /// Reads a JSON Lines stream slower than the network, so the transport is held back most of the time.
    private static func readSlowly(_ core: ClientCore) async throws -> Int {
        var received = 0
        for try await _ in core.jsonEvents(request(core), format: .jsonLines, as: Numbered.self, failure: TestFailure.self) {
            received += 1
            if received % 100 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        }
        return received
    }

    /// Ending the loop while the server writes as fast as it can (and while the transport is held back above the
    /// high watermark) closes the connection at once, with nothing more sent. `URLSessionTransport` on Linux,
    /// swapped in, let about 200 MB more arrive first (FoundationNetworking acts on a cancel only when the
    /// socket is momentarily empty).
    func testEndingTheLoopClosesTheConnectionAtOnce() async throws {
        let server = try Self.server(count: 500_000)  // about 1 GB
        defer { server.shutdown() }
        let inner = AsyncHTTPClientTransport(streamWatermarks: StreamWatermarks(low: 64 << 10, high: 256 << 10))
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, transport: inner))
        let loop = Task { try await StreamingTransportTests.readSlowly(core) }
        let flowing = try await eventually { server.streamedBytesSent > 8 << 20 }
        XCTAssertTrue(flowing)
        let sentBeforeCancel = server.streamedBytesSent
        let cancelled = ContinuousClock.now
        loop.cancel()
        _ = try? await loop.value
        let closed = try await eventually { server.abandonedResponses == 1 }
        let closedAfter = ContinuousClock.now - cancelled
        try await inner.shutdown()
        XCTAssertTrue(closed, "the server saw the connection closed")
        XCTAssertLessThan(closedAfter, .seconds(1), "closed \(closedAfter) after the cancel")
        let sentAfterCancel = server.streamedBytesSent - sentBeforeCancel
        XCTAssertLessThan(sentAfterCancel, 16 << 20, "\(sentAfterCancel) bytes sent after the cancel (at most what socket buffers take)")
        XCTAssertEqual(server.receivedRequests.count, 1, "a cancelled stream does not reconnect")
    }
}

/// Streamed requests (`requestStream:`) through `AsyncHTTPClientTransport`, KitchenSink's generated client
/// against the sandbox on 127.0.0.1.
final class RequestStreamTransportTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var transport: AsyncHTTPClientTransport!
    private var client: KitchenSinkClient!

    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func setUp() async throws {
        let path = Self.repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
        sandbox = SandboxServer(schema: try SchemaLoader.loadOrThrow(path: path), options: .init())
        try await sandbox.start()
        transport = AsyncHTTPClientTransport()
        client = KitchenSinkClient(
            environment: .init(baseURL: sandbox.baseURL), transport: transport, credentials: StaticCredentials(["bearer": "token"]))
    }

    override func tearDown() async throws {
        try await transport.shutdown()
        await sandbox.stop()
    }

    /// Full duplex: the client produces each line only once it has received the server's answer to the one
    /// before, so the answer's head and events must arrive while the request body is still open. With
    /// `URLSessionTransport` on Linux this call waits for ever: libcurl delivers nothing of the answer while
    /// the body waits for its next event (docs/SchemaLanguage.md, "Streamed requests"), so it is not run here.
    func testEachEventIsSentOnlyAfterTheAnswerToTheOneBefore() async throws {
        let (lines, producer) = AsyncStream<ChatLine>.makeStream()
        let texts = ["hello", "how are you", "bye"]
        producer.yield(ChatLine(text: texts[0]))
        let client = self.client!
        let conversation = Task {
            var answers: [String] = []
            for try await answer in client.chat(body: lines, room: "lobby") {
                answers.append(answer.text)
                if answers.count < texts.count {
                    producer.yield(ChatLine(text: texts[answers.count]))
                } else {
                    producer.finish()
                }
            }
            return answers
        }
        // A hang would be a failure, not a stuck test: give up after 10 s.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            conversation.cancel()
        }
        defer { watchdog.cancel() }
        let answers = try await conversation.value
        XCTAssertEqual(answers, texts, "the sandbox echoes each line, and each answer came before the next line was produced")
        XCTAssertEqual(sandbox.requestEventCount("chat"), texts.count)
        XCTAssertEqual(sandbox.receivedRequests("chat").count, 1, "one call, never resent")
    }

    func testAProducerErrorFailsTheCallWithIt() async throws {
        struct ProducerFailed: Error {}
        let (lines, producer) = AsyncThrowingStream<ChatLine, any Error>.makeStream()
        producer.yield(ChatLine(text: "first"))
        producer.finish(throwing: ProducerFailed())
        do {
            for try await _ in client.chat(body: lines) {}
            XCTFail("the call ended normally although its events failed")
        } catch KitchenSinkError.transport(let underlying) {
            // The producer's own error, not the transfer's that it caused.
            XCTAssertTrue(underlying is ProducerFailed, "\(underlying)")
        }
    }

    func testAStreamedBodyWithAnAnswerReadWhole() async throws {
        let items = [Item(sku: "A1", name: "Apple", discontinuedAt: nil), Item(sku: "B2", name: "Pear", discontinuedAt: nil)]
        let summary = try await client.importItems(
            body: AsyncStream { continuation in
                for item in items { continuation.yield(item) }
                continuation.finish()
            })
        XCTAssertGreaterThanOrEqual(summary.imported, 0)
        XCTAssertEqual(sandbox.requestEventCount("importItems"), 2)
        XCTAssertEqual(sandbox.receivedRequests("importItems").first?.headers["content-type"], "application/json-seq")
    }
}
