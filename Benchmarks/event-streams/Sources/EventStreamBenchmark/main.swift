@_spi(Generated) import ClientRuntime
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// One process measures one side (`ours` or `hand`), so each peak memory is its own. The body (about 8 MB)
// is made in 64 KiB chunks before the clock starts, so both sides time only reading it; it is in both
// peak memories alike.

/// An event's data, as a generated model would decode it.
struct Tick: Codable, Hashable, Sendable {
    var id: Int
    var symbol: String
    var price: Double
}

let eventCount = 100_000
let chunkSize = 64 * 1024

/// The body's bytes, chunk by chunk: `id:`, `event:` and one `data:` line per event.
struct Body: Sequence, IteratorProtocol {
    var made = 0
    var pending = Data()

    mutating func next() -> Data? {
        while pending.count < chunkSize, made < eventCount {
            let event = "id: \(made)\nevent: tick\ndata: {\"id\":\(made),\"symbol\":\"SYM\(made % 100)\",\"price\":\(Double(made) / 8)}\n\n"
            pending.append(contentsOf: event.utf8)
            made += 1
        }
        guard !pending.isEmpty else { return nil }
        let chunk = pending.prefix(chunkSize)
        pending = pending.dropFirst(chunk.count)
        return Data(chunk)
    }
}

let chunks = Array(Body())

/// A transport that streams the body through `StreamedBody`, as `URLSessionTransport` does, without a
/// socket: what is measured is the runtime's framing, decoding and iteration.
struct InMemoryStreamingTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let sink = StreamedBody.current, sink.claim(cancel: {}) else { return HTTPResponse(status: 500) }
        Task {
            for chunk in chunks { sink.yield(chunk) }
            sink.finish()
        }
        return HTTPResponse(status: 200, headers: HTTPHeaders([(name: "Content-Type", value: "text/event-stream")]))
    }
}

struct BenchmarkFailure: APIFailure {
    var message: String
    init(response: HTTPResponse) { message = "status \(response.status)" }
    static func transport(_ error: any Error) -> Self { Self(message: "\(error)") }
    static func invalidRequest(_ error: any Error) -> Self { Self(message: "\(error)") }
    static func invalidResponse(_ response: HTTPResponse, _ error: any Error) -> Self { Self(message: "\(error)") }
    init(message: String) { self.message = message }
}

/// The runtime: `ClientCore.serverSentEvents`, as a generated method calls it.
func ours() async throws -> (events: Int, checksum: Int) {
    let core = ClientCore(configuration: ClientConfiguration(baseURL: URL(string: "http://bench.invalid")!, transport: InMemoryStreamingTransport()))
    let operation = OperationInfo(name: "ticks", method: .get, pathTemplate: "/ticks", successStatus: 200, isIdempotent: true)
    let request = RequestBuilder(operation: operation, baseURL: core.configuration.baseURL)
    let stream = core.serverSentEvents(request, failure: BenchmarkFailure.self, reconnects: false) { _, data -> Tick in
        try EventDecoding.json(data)
    }
    var count = 0
    var checksum = 0
    for try await event in stream {
        count += 1
        checksum &+= event.payload.id
    }
    return (count, checksum)
}

/// A hand-written reader: split on blank lines, take the `data:` line, decode it with JSONDecoder.
func handWritten() throws -> (events: Int, checksum: Int) {
    let decoder = JSONDecoder()
    var buffer: [UInt8] = []
    var count = 0
    var checksum = 0
    func dispatch(_ event: ArraySlice<UInt8>) throws {
        var start = event.startIndex
        while start < event.endIndex {
            let end = event[start...].firstIndex(of: 0x0A) ?? event.endIndex
            let line = event[start..<end]
            if line.starts(with: "data: ".utf8) {
                let tick = try decoder.decode(Tick.self, from: Data(line.dropFirst(6)))
                count += 1
                checksum &+= tick.id
            }
            start = end == event.endIndex ? end : event.index(after: end)
        }
    }
    for chunk in chunks {
        buffer.append(contentsOf: chunk)
        var consumed = 0
        var index = 0
        while index + 1 < buffer.count {
            if buffer[index] == 0x0A, buffer[index + 1] == 0x0A {
                try dispatch(buffer[consumed..<index])
                consumed = index + 2
                index += 2
            } else {
                index += 1
            }
        }
        buffer.removeFirst(consumed)
    }
    return (count, checksum)
}

func peakResidentKiB() -> Int {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    #if os(Linux)
        return usage.ru_maxrss
    #else
        return usage.ru_maxrss / 1024
    #endif
}

let side = CommandLine.arguments.dropFirst().first ?? "ours"
let clock = ContinuousClock()
let started = clock.now
let result = side == "hand" ? try handWritten() : try await ours()
let elapsed = clock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
precondition(result.events == eventCount, "decoded \(result.events) of \(eventCount) events")
print(
    "\(side) events=\(result.events) seconds=\(String(format: "%.3f", seconds)) eventsPerSecond=\(Int(Double(result.events) / seconds)) peakKiB=\(peakResidentKiB()) checksum=\(result.checksum)"
)
