@_spi(Generated) import ClientRuntime
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Issue 28 line 2, "memory stays flat over a 1 GB stream": one process reads one stream of numbered events
// of about 1 KiB from stream-server.py over 127.0.0.1 and prints its peak resident memory (VmHWM), so each
// run's peak is its own. Run by large-stream.sh; see Benchmarks/README.md, "Event streams over 1 GB".
//
//   LargeStreamBenchmark <reader> <format> <events> <port> <slow> <pace>
//     reader: runtime (ClientCore.serverSentEvents/jsonEvents, what generated methods return, over
//             URLSessionTransport), nio (the same over AsyncHTTPClientTransport, the HTTPTransportNIO
//             target's file, linked here as an app copies it) or hand (a URLSession data delegate feeding
//             a hand-written parser, with nothing holding the transfer back)
//     format: sse or jsonl
//     slow:   0 reads at full speed; n > 0 sleeps n ms after every 256 events (about 256 KiB)
//     pace:   the server's pause between chunks of 64 KiB, in microseconds (0: as fast as it can)

/// An event's data, as a generated model would decode it.
struct Numbered: Decodable, Sendable {
    var n: Int
    var pad: String
}

struct BenchmarkFailure: APIFailure {
    var message: String
    init(response: HTTPResponse) { message = "status \(response.status)" }
    static func transport(_ error: any Error) -> Self { Self(message: "\(error)") }
    static func invalidRequest(_ error: any Error) -> Self { Self(message: "\(error)") }
    static func invalidResponse(_ response: HTTPResponse, _ error: any Error) -> Self { Self(message: "\(error)") }
    init(message: String) { self.message = message }
}

/// Counts the connections a stream made and how often each was held back.
final class ConnectionCounter: HTTPTransport, @unchecked Sendable {
    let inner: any HTTPTransport
    private let lock = NSLock()
    private var bodies: [StreamedBody] = []

    init(_ inner: any HTTPTransport) { self.inner = inner }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let body = StreamedBody.current { record(body) }
        return try await inner.send(request)
    }

    private func record(_ body: StreamedBody) {
        lock.lock()
        defer { lock.unlock() }
        bodies.append(body)
    }

    var summary: (connections: Int, holds: Int, peakBuffered: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (bodies.count, bodies.map(\.holds).reduce(0, +), bodies.map(\.peakBufferedBytes).max() ?? 0)
    }
}

/// Checks the events arrive once each, in order.
struct Tally {
    var count = 0
    var inOrder = true

    mutating func add(_ number: Int) {
        count += 1
        if number != count { inOrder = false }
    }
}

func sleepIfSlow(_ tally: Tally, slow: Int) async throws {
    if slow > 0, tally.count % 256 == 0 { try await Task.sleep(for: .milliseconds(slow)) }
}

func runtime(
    format: String, events: Int, baseURL: URL, slow: Int, pace: Int, transport: any HTTPTransport = URLSessionTransport()
) async throws -> (Tally, String) {
    let counter = ConnectionCounter(transport)
    let core = ClientCore(configuration: ClientConfiguration(baseURL: baseURL, transport: counter))
    let operation = OperationInfo(name: "events", method: .get, pathTemplate: "/events", successStatus: 200, isIdempotent: true)
    var request = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
    request.addQuery("count", events)
    request.addQuery("format", format)
    request.addQuery("pace", pace)
    var tally = Tally()
    if format == "sse" {
        let stream = core.serverSentEvents(request, failure: BenchmarkFailure.self) { _, data -> Numbered in try EventDecoding.json(data) }
        for try await event in stream {
            tally.add(event.payload.n)
            try await sleepIfSlow(tally, slow: slow)
        }
    } else {
        let stream = core.jsonEvents(request, format: .jsonLines, as: Numbered.self, failure: BenchmarkFailure.self)
        for try await item in stream {
            tally.add(item.n)
            try await sleepIfSlow(tally, slow: slow)
        }
    }
    let summary = counter.summary
    return (tally, "connections=\(summary.connections) holds=\(summary.holds) peakBufferedKiB=\(summary.peakBuffered / 1024)")
}

/// A hand-written reader: the data delegate hands every chunk on at once (an unbounded AsyncStream, as
/// one writes it without backpressure); the loop splits the body into lines and decodes each JSON Lines
/// line, or each SSE `data:` line, with JSONDecoder.
final class HandDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let continuation: AsyncStream<Data>.Continuation
    init(_ continuation: AsyncStream<Data>.Continuation) { self.continuation = continuation }
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { continuation.yield(data) }
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { continuation.finish() }
}

func handWritten(format: String, events: Int, baseURL: URL, slow: Int, pace: Int) async throws -> (Tally, String) {
    let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
    let session = URLSession(configuration: .default, delegate: HandDelegate(continuation), delegateQueue: nil)
    session.dataTask(with: URL(string: "\(baseURL.absoluteString)/events?count=\(events)&format=\(format)&pace=\(pace)")!).resume()
    let decoder = JSONDecoder()
    let prefix = Array((format == "sse" ? "data: " : "").utf8)
    var buffer: [UInt8] = []
    var tally = Tally()
    for await chunk in chunks {
        buffer.append(contentsOf: chunk)
        var start = 0
        while let end = buffer[start...].firstIndex(of: 0x0A) {
            let line = buffer[start..<end]
            start = end + 1
            guard !line.isEmpty, line.starts(with: prefix) else { continue }
            let item = try decoder.decode(Numbered.self, from: Data(line.dropFirst(prefix.count)))
            tally.add(item.n)
            try await sleepIfSlow(tally, slow: slow)
        }
        buffer.removeFirst(start)
    }
    session.finishTasksAndInvalidate()
    return (tally, "connections=1")
}

/// VmHWM: the process's peak resident memory, in KiB.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return -1 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

let arguments = CommandLine.arguments
guard arguments.count == 7, let events = Int(arguments[3]), let port = Int(arguments[4]), let slow = Int(arguments[5]),
    let pace = Int(arguments[6])
else {
    let usage = "usage: LargeStreamBenchmark runtime|nio|hand sse|jsonl <events> <port> <slow ms per 256 events> <pace µs per 64 KiB>\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let (reader, format) = (arguments[1], arguments[2])
let baseURL = URL(string: "http://127.0.0.1:\(port)")!
let clock = ContinuousClock()
let started = clock.now
let (tally, details): (Tally, String)
switch reader {
case "hand":
    (tally, details) = try await handWritten(format: format, events: events, baseURL: baseURL, slow: slow, pace: pace)
case "nio":
    let transport = AsyncHTTPClientTransport()
    (tally, details) = try await runtime(format: format, events: events, baseURL: baseURL, slow: slow, pace: pace, transport: transport)
    try await transport.shutdown()
default:
    (tally, details) = try await runtime(format: format, events: events, baseURL: baseURL, slow: slow, pace: pace)
}
let elapsed = clock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
guard tally.count == events, tally.inOrder else {
    FileHandle.standardError.write(Data("\(reader) \(format): got \(tally.count) of \(events) events, in order: \(tally.inOrder)\n".utf8))
    exit(1)
}
print("\(reader) \(format) events=\(events) slow=\(slow) pace=\(pace) seconds=\(String(format: "%.1f", seconds)) peakKiB=\(peakResidentKiB()) \(details)")
