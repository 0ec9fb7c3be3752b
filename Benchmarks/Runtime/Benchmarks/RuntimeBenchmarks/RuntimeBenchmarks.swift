import Benchmark
import BenchmarkFixtures
import ClientRuntime
import Foundation
import HandWrittenModels
import LoopbackServer
import WhitelabelPay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Runtime costs of the generated WhitelabelPay client next to what a developer would write by hand
// (issue 14, line 4). Each pair runs the same input; Benchmarks/Runtime/run.sh prints them side by side.

let benchmarks: @Sendable () -> Void = {
    decodingBenchmarks()
    clientCallBenchmarks()
}

// MARK: Decoding 10,000 transactions

/// Transactions per decoded page; allocations per item are a page's mallocs divided by this.
let transactionsPerPage = 10_000

/// The metrics every pair reports: time and throughput (wall clock, so the machine's load shows), CPU
/// time, and mallocs (a count that load does not move). Instructions come from callgrind (run.sh), as
/// the instruction counter needs perf events that not every machine offers.
let pairMetrics: [BenchmarkMetric] = [.wallClock, .throughput, .cpuTotal, .mallocCountTotal]

func decodingBenchmarks() {
    let page = TransactionPageFixture.json(transactions: transactionsPerPage)
    // Both decode with the same JSONDecoder setup (JSONCoding's RFC 3339 date strategy), so date
    // handling is identical and the difference is the models' own decoding code.
    let configuration = Benchmark.Configuration(
        metrics: pairMetrics, warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 40
    )

    Benchmark("Decode 10k transactions: hand-written Codable", configuration: configuration) { benchmark in
        let decoder = JSONCoding.makeDecoder()
        for _ in benchmark.scaledIterations {
            let decoded = try decoder.decode(HandWrittenTransactionPage.self, from: page)
            precondition(decoded.content.count == transactionsPerPage)
            blackHole(decoded)
        }
    }

    Benchmark("Decode 10k transactions: generated", configuration: configuration) { benchmark in
        let decoder = JSONCoding.makeDecoder()
        for _ in benchmark.scaledIterations {
            let decoded = try decoder.decode(TransactionResponse.self, from: page)
            precondition(decoded.content.count == transactionsPerPage)
            blackHole(decoded)
        }
    }
}

// MARK: One client call against a loopback server

/// Transactions in the page the server returns: the API's default page size.
let transactionsPerCall = 20
let tenantID = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!
let accessToken = "benchmark-access-token"

/// The server every call benchmark talks to, started once on 127.0.0.1.
let loopback = Result { try LoopbackServer(body: TransactionPageFixture.json(transactions: transactionsPerCall)) }

/// The clients and the session, made once so that every measured iteration reuses the open connection
/// (the warm-up iterations open it).
let rawSession = URLSession(configuration: .default)
/// The request a hand-written call builds: the same URL, query and headers the generated client sends.
/// A caller builds it for every call (the page changes from call to call), so the baseline does too; the
/// diagnosis row "request built once" shows what building it costs.
func rawRequest(page: Int = 1) throws -> URLRequest {
    let server = try loopback.get()
    var request = URLRequest(
        url: server.baseURL.appendingPathComponent("wlp/v1/transactions")
            .appending(queryItems: [URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "size", value: "20")]))
    request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
    request.setValue(tenantID.uuidString.lowercased(), forHTTPHeaderField: "X-Tenant-Id")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
}
let plainClient = loopback.map { server in
    WhitelabelPayClient(
        environment: .init(baseURL: server.baseURL.appendingPathComponent("wlp/v1")),
        credentials: StaticCredentials(["bearer": accessToken])
    )
}
/// Where the generated client's time goes (rows after the comparison): without the call timeout
/// (`ClientCore` runs each call in a task of its own with a timer task beside it), and in addition over a
/// session without the transport's delegate (which collects the body chunk by chunk to enforce the size limit).
let clientWithoutTimeout = loopback.map { server in
    WhitelabelPayClient(
        configuration: ClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent("wlp/v1"),
            credentials: StaticCredentials(["bearer": accessToken]),
            callTimeout: nil
        ))
}
let clientWithoutTimeoutOrDelegate = loopback.map { server in
    WhitelabelPayClient(
        configuration: ClientConfiguration(
            baseURL: server.baseURL.appendingPathComponent("wlp/v1"),
            transport: URLSessionTransport(session: URLSession(configuration: .default)),
            credentials: StaticCredentials(["bearer": accessToken]),
            callTimeout: nil
        ))
}
/// The README's bearer token middleware, with a token that stays valid for the whole run (so it never refreshes).
func bearerTokenMiddleware() -> BearerTokenMiddleware {
    let tokens = InMemoryTokenStore(
        TokenSet(
            accessToken: accessToken, refreshToken: "benchmark-refresh-token", expiresAt: Date().addingTimeInterval(86_400)
        ))
    return BearerTokenMiddleware(scheme: WhitelabelPayClient.AuthSchemes.bearer, store: tokens) { old in old }
}
/// The stack the README composes, logging off: caching, retries, bearer tokens with refresh.
let stackClient = loopback.map { server in
    WhitelabelPayClient(
        environment: .init(baseURL: server.baseURL.appendingPathComponent("wlp/v1")),
        middlewares: [CachingMiddleware(cache: ResponseCache()), RetryMiddleware(policy: .standard), bearerTokenMiddleware()]
    )
}
/// Each middleware of the stack alone, to show which one costs what. The cache and retry rows keep the plain
/// client's static credentials, so every row sends the same request.
let cachingClient = loopback.map { server in
    WhitelabelPayClient(
        environment: .init(baseURL: server.baseURL.appendingPathComponent("wlp/v1")),
        middlewares: [CachingMiddleware(cache: ResponseCache())],
        credentials: StaticCredentials(["bearer": accessToken])
    )
}
let retryClient = loopback.map { server in
    WhitelabelPayClient(
        environment: .init(baseURL: server.baseURL.appendingPathComponent("wlp/v1")),
        middlewares: [RetryMiddleware(policy: .standard)],
        credentials: StaticCredentials(["bearer": accessToken])
    )
}
let bearerClient = loopback.map { server in
    WhitelabelPayClient(
        environment: .init(baseURL: server.baseURL.appendingPathComponent("wlp/v1")),
        middlewares: [bearerTokenMiddleware()]
    )
}

func clientCallBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: pairMetrics, warmupIterations: 20, maxDuration: .seconds(10), maxIterations: 10_000
    )

    // What a hand-written client does: one URLSession request with the same headers, then decoding the
    // same page into the hand-written structs with the same decoder setup.
    Benchmark("GET /transactions: raw URLSession", configuration: configuration) { benchmark in
        let decoder = JSONCoding.makeDecoder()
        for _ in benchmark.scaledIterations {
            let (data, response) = try await rawSession.data(for: try rawRequest())
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw UnexpectedResponse(status: (response as? HTTPURLResponse)?.statusCode) }
            let decoded = try decoder.decode(HandWrittenTransactionPage.self, from: data)
            precondition(decoded.content.count == transactionsPerCall)
            blackHole(decoded)
        }
    }

    // Diagnosis: the raw call with its request built once, outside the loop (last session's baseline).
    Benchmark("GET /transactions: diagnosis: raw URLSession, request built once", configuration: configuration) { benchmark in
        let request = try rawRequest()
        let decoder = JSONCoding.makeDecoder()
        for _ in benchmark.scaledIterations {
            let (data, response) = try await rawSession.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw UnexpectedResponse(status: (response as? HTTPURLResponse)?.statusCode) }
            let decoded = try decoder.decode(HandWrittenTransactionPage.self, from: data)
            precondition(decoded.content.count == transactionsPerCall)
            blackHole(decoded)
        }
    }

    // The same request decoded into the generated models instead, with the same decoder setup: the generated
    // client's gap to this row is its request path alone, the gap from the first row to this one is decoding.
    Benchmark("GET /transactions: raw URLSession + generated models", configuration: configuration) { benchmark in
        let decoder = JSONCoding.makeDecoder()
        for _ in benchmark.scaledIterations {
            let (data, response) = try await rawSession.data(for: try rawRequest())
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw UnexpectedResponse(status: (response as? HTTPURLResponse)?.statusCode) }
            let decoded = try decoder.decode(TransactionResponse.self, from: data)
            precondition(decoded.content.count == transactionsPerCall)
            blackHole(decoded)
        }
    }

    Benchmark("GET /transactions: generated client", configuration: configuration) { benchmark in
        try await callRepeatedly(try plainClient.get(), benchmark)
    }

    Benchmark("GET /transactions: generated client + caching", configuration: configuration) { benchmark in
        try await callRepeatedly(try cachingClient.get(), benchmark)
    }

    Benchmark("GET /transactions: generated client + retry", configuration: configuration) { benchmark in
        try await callRepeatedly(try retryClient.get(), benchmark)
    }

    Benchmark("GET /transactions: generated client + bearer refresh", configuration: configuration) { benchmark in
        try await callRepeatedly(try bearerClient.get(), benchmark)
    }

    Benchmark("GET /transactions: generated client + middleware stack", configuration: configuration) { benchmark in
        try await callRepeatedly(try stackClient.get(), benchmark)
    }

    Benchmark("GET /transactions: diagnosis: generated client without call timeout", configuration: configuration) { benchmark in
        try await callRepeatedly(try clientWithoutTimeout.get(), benchmark)
    }

    Benchmark("GET /transactions: diagnosis: generated client without call timeout or transport delegate", configuration: configuration) { benchmark in
        try await callRepeatedly(try clientWithoutTimeoutOrDelegate.get(), benchmark)
    }
}

/// Calls `fetchTransactions` as often as the benchmark's scaling asks.
private func callRepeatedly(_ client: WhitelabelPayClient, _ benchmark: Benchmark) async throws {
    for _ in benchmark.scaledIterations {
        let page = try await client.fetchTransactions(page: 1, size: 20, tenantId: tenantID)
        precondition(page.content.count == transactionsPerCall)
        blackHole(page)
    }
}

struct UnexpectedResponse: Error {
    let status: Int?
}
