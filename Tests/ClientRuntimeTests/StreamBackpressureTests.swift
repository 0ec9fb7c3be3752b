@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 28 line 2, "memory stays flat over a 1 GB stream": a loop slower than the network holds the
/// transfer back at the high watermark instead of buffering the stream, and loses no event doing so.
final class StreamBackpressureTests: XCTestCase {
    /// One event of the test streams: its number and padding that makes it about 2 KiB on the wire.
    struct Numbered: Decodable, Sendable {
        var n: Int
        var pad: String
    }

    private static let padding = String(repeating: "x", count: 2000)

    /// Events `first...last` as SSE, grouped into chunks of about 64 KiB, one a millisecond (about 500
    /// Mbit/s: a fast network, yet with the moments of an empty socket any network has; FoundationNetworking
    /// handles a cancellation only in such a moment). The first asks for reconnection after 1 ms, so the
    /// last reconnection (answered 204) does not wait the default 3 s.
    private static func serverSentEvents(from first: Int, through last: Int) -> @Sendable (Int) -> Data? {
        let perChunk = 32
        return { index in
            let start = first + index * perChunk
            guard start <= last else { return nil }
            Thread.sleep(forTimeInterval: 0.001)
            var text = index == 0 ? "retry: 1\n" : ""
            for number in start...min(last, start + perChunk - 1) {
                text += "id: \(number)\ndata: {\"n\":\(number),\"pad\":\"\(padding)\"}\n\n"
            }
            return Data(text.utf8)
        }
    }

    /// Serves `count` numbered SSE events, resuming after `Last-Event-ID`.
    private static func eventServer(count: Int) throws -> TestHTTPServer {
        try TestHTTPServer { request in
            let first = request.headers["last-event-id"].flatMap { Int($0) }.map { $0 + 1 } ?? 1
            guard first <= count else { return TestHTTPServer.Response(status: 204) }
            return TestHTTPServer.Response(
                status: 200, headers: ["Content-Type": "text/event-stream"], chunks: serverSentEvents(from: first, through: count))
        }
    }

    private static func core(_ transport: some HTTPTransport, baseURL: URL) -> ClientCore {
        ClientCore(configuration: ClientConfiguration(baseURL: baseURL, transport: transport))
    }

    private static func request(_ core: ClientCore) -> RequestBuilder {
        RequestBuilder(
            operation: OperationInfo(name: "watch", method: .get, pathTemplate: "/events", successStatus: 200, isIdempotent: true),
            baseURL: core.configuration.baseURL)
    }

    private static func numbered(_ core: ClientCore) -> EventStream<ServerSentEvent<Numbered>> {
        core.serverSentEvents(request(core), failure: TestFailure.self) { _, data in try EventDecoding.json(data) }
    }

    /// Over 127.0.0.1 with URLSession: 32 MiB of events, 128 times the high watermark, read by a loop
    /// that stops for a second after the first event. What waits for the loop never passes the high
    /// watermark plus one chunk, the server is stopped while the loop sleeps (its writes block, or its
    /// connection is closed on Linux), and every event arrives once, in order.
    func testASlowLoopHoldsTheTransferBackAndMissesNoEvent() async throws {
        let count = 16_384
        let server = try Self.eventServer(count: count)
        defer { server.shutdown() }
        let watermarks = StreamWatermarks(low: 64 << 10, high: 256 << 10)
        let transport = BodyRecordingTransport(URLSessionTransport(streamWatermarks: watermarks))
        let core = Self.core(transport, baseURL: server.baseURL)
        var numbers: [Int] = []
        var sentWhileAsleep: [Int] = []
        for try await event in Self.numbered(core) {
            numbers.append(event.payload.n)
            XCTAssertEqual(event.id, String(event.payload.n))
            if numbers.count == 1 {
                try await Task.sleep(for: .milliseconds(700))
                sentWhileAsleep.append(server.streamedBytesSent)
                try await Task.sleep(for: .milliseconds(300))
                sentWhileAsleep.append(server.streamedBytesSent)
            }
        }
        XCTAssertEqual(numbers, Array(1...count), "every event once, in order")
        let total = count * 2_030
        // The kernel's socket buffers take some megabytes before the server's writes block.
        XCTAssertLessThan(sentWhileAsleep[0], total / 4, "the server was held back while the loop slept")
        XCTAssertEqual(sentWhileAsleep[0], sentWhileAsleep[1], "nothing more was sent while the loop slept")
        let bodies = transport.bodies
        XCTAssertFalse(bodies.isEmpty)
        XCTAssertGreaterThan(bodies.map(\.holds).reduce(0, +), 0, "the transfer was held back")
        for body in bodies where body.largestChunk > 0 {
            XCTAssertLessThanOrEqual(body.peakBufferedBytes, watermarks.high + body.largestChunk, "at most one chunk past the high watermark")
        }
        #if canImport(FoundationNetworking)
            // On Linux each hold ends the connection and the loop resumes after the last whole event.
            let resumedAfter = server.receivedRequests.dropFirst().map { Int($0.headers["last-event-id"] ?? "") ?? -1 }
            XCTAssertEqual(resumedAfter.count, bodies.count - 1)
            XCTAssertEqual(resumedAfter, resumedAfter.sorted(), "each connection resumes after the one before")
            XCTAssertFalse(resumedAfter.contains(-1), "every reconnection sends Last-Event-ID")
        #endif
    }

    #if canImport(FoundationNetworking)
        /// Why Linux ends the connection rather than suspending the task: FoundationNetworking's `suspend()`
        /// removes the transfer from libcurl (the server sees the connection close) and `resume()` sends
        /// the request again, whose answer starts over from the first byte. Should this test fail, suspend
        /// has become a pause and `URLSessionTransport` can use it on Linux too.
        func testFoundationNetworkingSuspendEndsTheTransferAndResumeStartsOver() async throws {
            let server = try TestHTTPServer { _ in
                TestHTTPServer.Response(
                    status: 200,
                    chunks: { index in
                        // Paced (see `serverSentEvents`): over a socket that never empties, suspend() is not handled either.
                        Thread.sleep(forTimeInterval: 0.001)
                        return index < 512 ? Data(repeating: UInt8(index % 256), count: 64 << 10) : nil
                    })
            }
            defer { server.shutdown() }
            let probe = SuspendProbe()
            let session = URLSession(configuration: .ephemeral, delegate: probe, delegateQueue: nil)
            defer { session.invalidateAndCancel() }
            let task = session.dataTask(with: server.baseURL.appendingPathComponent("big"))
            probe.task = task
            task.resume()
            try await probe.suspended.wait()
            try await Task.sleep(for: .milliseconds(300))
            XCTAssertEqual(server.receivedRequests.count, 1)
            task.resume()
            let deadline = ContinuousClock.now + .seconds(10)
            while probe.responses < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            XCTAssertEqual(server.receivedRequests.count, 2, "resume() sent the request again")
            XCTAssertEqual(probe.responses, 2, "and its answer came as a second response of the same task")
            XCTAssertEqual(probe.firstByteAfterResume, 0, "whose body starts over")
        }
    #endif

    /// A stream that cannot resume where it was (JSON Lines) is never ended to hold it back: on Linux,
    /// where holding back means ending the connection, a slow loop gets every item over one connection.
    func testAStreamThatCannotResumeIsNeverEndedToHoldItBack() async throws {
        let count = 2_048
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(
                status: 200, headers: ["Content-Type": "application/jsonl"],
                chunks: { index in
                    let start = index * 32 + 1
                    guard start <= count else { return nil }
                    return Data((start..<start + 32).map { "{\"n\":\($0),\"pad\":\"\(Self.padding)\"}\n" }.joined().utf8)
                })
        }
        defer { server.shutdown() }
        let transport = BodyRecordingTransport(URLSessionTransport(streamWatermarks: StreamWatermarks(low: 16 << 10, high: 64 << 10)))
        let core = Self.core(transport, baseURL: server.baseURL)
        let items = core.jsonEvents(Self.request(core), format: .jsonLines, as: Numbered.self, failure: TestFailure.self)
        var numbers: [Int] = []
        for try await item in items {
            numbers.append(item.n)
            if numbers.count == 1 { try await Task.sleep(for: .milliseconds(300)) }
        }
        XCTAssertEqual(numbers, Array(1...count))
        XCTAssertEqual(server.receivedRequests.count, 1)
        #if canImport(FoundationNetworking)
            XCTAssertEqual(transport.bodies.map(\.holds), [0])
        #endif
    }

    /// A transport that can only hold back by ending the connection, delivering the whole answer at once
    /// (faster than any loop): each connection is ended past the high watermark, the loop resumes after
    /// the last whole event, never after one cut in half, and gets every event once.
    func testAnEndedConnectionResumesAfterTheLastWholeEvent() async throws {
        // Events of 300 bytes, chunks of 1 KiB: a cut at the watermark falls inside an event.
        let transport = EndingTransport(count: 200, eventSize: 300, watermarks: StreamWatermarks(low: 0, high: 4 << 10))
        let core = Self.core(transport, baseURL: URL(string: "http://stream.invalid")!)
        var numbers: [Int] = []
        for try await event in Self.numbered(core) { numbers.append(event.payload.n) }
        XCTAssertEqual(numbers, Array(1...200))
        let requests = transport.lastEventIDs
        XCTAssertGreaterThan(requests.count, 10, "the connection was ended again and again")
        XCTAssertEqual(requests.first, .some(nil))
        let resumedAfter = requests.dropFirst().map { Int($0 ?? "") ?? -1 }
        XCTAssertFalse(resumedAfter.contains(-1), "every reconnection sends Last-Event-ID")
        XCTAssertEqual(resumedAfter, resumedAfter.sorted())
        XCTAssertEqual(resumedAfter.last, 200, "the last request, answered 204, follows the last event")
    }

    /// The loop reconnects only once the transport reported the end of the connection it ended (on Linux
    /// a cancellation lands late while data flows): old and new connection never run side by side.
    func testTheLoopReconnectsOnlyOnceTheEndedTransferHasFinished() async throws {
        let transport = EndingTransport(count: 60, eventSize: 300, watermarks: StreamWatermarks(low: 0, high: 4 << 10), finishDelay: .milliseconds(30))
        let core = Self.core(transport, baseURL: URL(string: "http://stream.invalid")!)
        var numbers: [Int] = []
        for try await event in Self.numbered(core) { numbers.append(event.payload.n) }
        XCTAssertEqual(numbers, Array(1...60))
        let log = transport.log
        XCTAssertGreaterThan(log.filter { $0 == "request" }.count, 2)
        XCTAssertFalse(log.joined(separator: " ").contains("ended request"), "a request while an ended transfer still ran: \(log)")
    }

    /// An event larger than the high watermark cannot come through a connection ended at the watermark:
    /// the connection after one that delivered no event is not ended, so the stream still makes progress.
    func testAnEventLargerThanTheHighWatermarkStillComesThrough() async throws {
        // Events of 5 KiB; the connection is ended at 2 KiB, before the first event is whole.
        let transport = EndingTransport(count: 3, eventSize: 5 << 10, watermarks: StreamWatermarks(low: 0, high: 1 << 10))
        let core = Self.core(transport, baseURL: URL(string: "http://stream.invalid")!)
        var numbers: [Int] = []
        for try await event in Self.numbered(core) { numbers.append(event.payload.n) }
        XCTAssertEqual(numbers, [1, 2, 3])
        // Ended without an event, then one connection not ended that delivers all three, then the 204.
        XCTAssertEqual(transport.lastEventIDs, [nil, nil, "3"])
    }
}

/// Keeps the `StreamedBody` of every call it sends, to read its counters afterwards.
private final class BodyRecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner: URLSessionTransport
    private let lock = NSLock()
    private var recorded: [StreamedBody] = []

    init(_ inner: URLSessionTransport) {
        self.inner = inner
    }

    var bodies: [StreamedBody] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let body = StreamedBody.current { record(body) }
        return try await inner.send(request)
    }

    private func record(_ body: StreamedBody) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(body)
    }
}

/// Answers numbered SSE events after `Last-Event-ID`, yielding the whole answer in 1 KiB chunks before the
/// loop reads any, and holding back the way FoundationNetworking must: by ending the connection. Gives up
/// (500) after 50 requests, so a stream that never makes progress fails instead of looping.
private final class EndingTransport: HTTPTransport, @unchecked Sendable {
    private let count: Int
    private let eventSize: Int
    private let watermarks: StreamWatermarks
    /// How long after its connection was ended a transfer reports its end.
    private let finishDelay: Duration
    private let lock = NSLock()
    private var received: [String?] = []
    private var events: [String] = []

    init(count: Int, eventSize: Int, watermarks: StreamWatermarks, finishDelay: Duration = .zero) {
        self.count = count
        self.eventSize = eventSize
        self.watermarks = watermarks
        self.finishDelay = finishDelay
    }

    /// "request", "ended" (a connection ended to hold the stream back) and "finished" (its transfer
    /// reported its end), in order.
    var log: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    private func note(_ event: String) {
        lock.lock()
        defer { lock.unlock() }
        events.append(event)
    }

    /// The `Last-Event-ID` of every request, in order.
    var lastEventIDs: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let lastID = request.headers["Last-Event-ID"]
        guard record(lastID) <= 50 else { return HTTPResponse(status: 500) }
        note("request")
        let first = lastID.flatMap { Int($0) }.map { $0 + 1 } ?? 1
        guard first <= count else { return HTTPResponse(status: 204) }
        guard let body = StreamedBody.current else { return HTTPResponse(status: 500) }
        let ended = Ended()
        guard body.claim(holding: .endConnection, watermarks: watermarks, cancel: { ended.set() }) else { return HTTPResponse(status: 500) }
        let padding = String(repeating: "y", count: max(0, eventSize - 40))
        let text = "retry: 1\n" + (first...count).map { "id: \($0)\ndata: {\"n\":\($0),\"pad\":\"\(padding)\"}\n\n" }.joined()
        var bytes = Data(text.utf8)[...]
        while !bytes.isEmpty, !ended.isSet {
            body.yield(Data(bytes.prefix(1 << 10)))
            bytes = bytes.dropFirst(1 << 10)
        }
        if ended.isSet {
            note("ended")
            // As URLSession reports the end of a cancelled task too, later when data was flowing.
            let delay = finishDelay
            Task {
                try? await Task.sleep(for: delay)
                self.note("finished")
                body.finish(throwing: URLError(.cancelled))
            }
        } else {
            body.finish()
        }
        return HTTPResponse(status: 200, headers: HTTPHeaders([(name: "Content-Type", value: "text/event-stream")]))
    }

    /// Records a request; returns how many there were.
    private func record(_ lastID: String?) -> Int {
        lock.lock()
        defer { lock.unlock() }
        received.append(lastID)
        return received.count
    }

    private final class Ended: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        func set() {
            lock.lock()
            value = true
            lock.unlock()
        }
    }
}

#if canImport(FoundationNetworking)
    /// Suspends its task once the first 1 MiB has arrived and records what comes after `resume()`.
    private final class SuspendProbe: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        private let lock = NSLock()
        var task: URLSessionDataTask?
        private var received = 0
        private var responseCount = 0
        private var firstByte: UInt8?
        private var didSuspend = false
        let suspended = Signal()

        var responses: Int { lock.locked { responseCount } }
        var firstByteAfterResume: UInt8? { lock.locked { firstByte } }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            lock.locked { responseCount += 1 }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let suspendNow = lock.locked { () -> Bool in
                if responseCount == 2, firstByte == nil { firstByte = data.first }
                received += data.count
                guard !didSuspend, received >= 1 << 20 else { return false }
                didSuspend = true
                return true
            }
            if suspendNow {
                dataTask.suspend()
                suspended.fire()
            }
        }
    }

    /// Fires once; `wait()` returns after it did (or fails after 10 seconds).
    private final class Signal: @unchecked Sendable {
        private let lock = NSLock()
        private var fired = false

        func fire() { lock.locked { fired = true } }

        func wait() async throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while !lock.locked({ fired }) {
                guard ContinuousClock.now < deadline else { throw URLError(.timedOut) }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    extension NSLock {
        fileprivate func locked<T>(_ body: () throws -> T) rethrows -> T {
            lock()
            defer { unlock() }
            return try body()
        }
    }
#endif
