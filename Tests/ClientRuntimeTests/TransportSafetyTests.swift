@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a hostile or broken server must not be able to do to a client: collect its credentials through a
/// redirect, exhaust its memory with a huge or decompression-bomb body, or keep a call alive forever; and
/// what a broken credential must not do: go out as an unauthenticated request.
final class TransportSafetyTests: XCTestCase {
    private let bearer = AuthScheme(name: "bearer", kind: .bearer)
    private let headerKey = AuthScheme(name: "key", kind: .apiKeyHeader("X-Api-Key"))
    private let queryKey = AuthScheme(name: "query", kind: .apiKeyQuery("api_key"))

    private func client(
        _ server: TestHTTPServer,
        credentials: [String: String] = [:],
        transport: any HTTPTransport = URLSessionTransport(),
        callTimeout: TimeInterval? = ClientConfiguration.defaultCallTimeout,
        middlewares: [any ClientMiddleware] = []
    ) -> ClientCore {
        ClientCore(
            configuration: ClientConfiguration(
                baseURL: server.baseURL, transport: transport, middlewares: middlewares,
                credentials: StaticCredentials(credentials), callTimeout: callTimeout
            ))
    }

    private func operation(_ method: HTTPMethod = .get, auth: [AuthScheme]) -> OperationInfo {
        OperationInfo(name: "getThing", method: method, pathTemplate: "/start", successStatus: 200, auth: auth)
    }

    // MARK: Redirects (item 2)

    func testRedirectsToAnotherPortOrHostAreNotFollowedAndCarryNoCredential() async throws {
        let other = try TestHTTPServer { _ in .json(200, #"{"stolen":true}"#) }
        defer { other.shutdown() }
        let otherPort = other.port
        for (status, target) in [
            (307, "http://127.0.0.1:\(otherPort)/collect?x=1"),
            (302, "http://localhost:\(otherPort)/collect"),
            (301, "https://127.0.0.1:\(otherPort)/collect"),
            (308, "//127.0.0.1:\(otherPort)/collect"),
        ] {
            let origin = try TestHTTPServer { _ in TestHTTPServer.Response(status: status, headers: ["Location": target]) }
            defer { origin.shutdown() }
            for transport in [URLSessionTransport(), URLSessionTransport(session: URLSession(configuration: .ephemeral))] {
                let core = client(
                    origin, credentials: ["bearer": "bearer-secret", "key": "header-secret", "query": "query-secret"],
                    transport: transport)
                let request = RequestBuilder(operation: operation(auth: [bearer, headerKey, queryKey]), baseURL: origin.baseURL)
                do {
                    let value = try await core.perform(request, output: JSONValue.self, failure: TestFailure.self)
                    XCTFail("\(status) to \(target) was followed: \(value)")
                } catch TestFailure.transport(let error) {
                    guard case TransportError.crossOriginRedirect(let reported, let reportedOrigin) = error else {
                        return XCTFail("expected crossOriginRedirect, got \(error)")
                    }
                    XCTAssertEqual(reported, status)
                    XCTAssertFalse(reportedOrigin.contains("collect") || reportedOrigin.contains("x=1"), reportedOrigin)
                    XCTAssertTrue(reportedOrigin.hasSuffix(":\(otherPort)"), reportedOrigin)
                }
            }
            XCTAssertEqual(origin.receivedRequests.count, 2, "one request per transport reached the origin")
            XCTAssertEqual(origin.receivedRequests.first?.headers["authorization"], "Bearer bearer-secret")
        }
        XCTAssertEqual(other.receivedRequests.count, 0, "nothing, let alone a credential, reached the other origin")
    }

    func testSingleCredentialKindsNeverReachAnotherOrigin() async throws {
        // One scheme at a time, so each kind of credential is the one attached (the first available wins).
        let other = try TestHTTPServer { _ in .json(200, "{}") }
        defer { other.shutdown() }
        let origin = try TestHTTPServer { [port = other.port] _ in
            TestHTTPServer.Response(status: 307, headers: ["Location": "http://127.0.0.1:\(port)/next"])
        }
        defer { origin.shutdown() }
        for scheme in [bearer, headerKey, queryKey] {
            let core = client(origin, credentials: [scheme.name: "\(scheme.name)-secret"])
            let request = RequestBuilder(operation: operation(auth: [scheme]), baseURL: origin.baseURL)
            let error = await assertThrowsAsync { try await core.perform(request, output: JSONValue.self, failure: TestFailure.self) }
            guard case TestFailure.transport(TransportError.crossOriginRedirect(307, _))? = error else {
                return XCTFail("\(scheme.name): \(String(describing: error))")
            }
        }
        XCTAssertEqual(origin.receivedRequests.map(\.target).filter { $0.contains("query-secret") }.count, 1)
        XCTAssertEqual(other.receivedRequests.count, 0)
    }

    func testSameOriginRedirectsAreFollowedWithTheirHeaders() async throws {
        let server = try TestHTTPServer { request in
            switch request.path {
            case "/start": TestHTTPServer.Response(status: 307, headers: ["Location": "/moved?step=1"])
            case "/moved":
                TestHTTPServer.Response(
                    status: 302, headers: ["Location": "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "")/final"])
            default: .json(200, #"{"method":"\#(request.method)","body":\#(request.body.count)}"#)
            }
        }
        defer { server.shutdown() }
        let core = client(server, credentials: ["bearer": "tok"])
        var request = RequestBuilder(operation: operation(.post, auth: [bearer]), baseURL: server.baseURL)
        try request.setJSONBody(["a": 1])
        let value = try await core.perform(request, output: JSONValue.self, failure: TestFailure.self)
        // 307 kept POST and its body; the 302 turned it into a GET without one.
        XCTAssertEqual(value, .object(["method": .string("GET"), "body": .int(0)]))
        let received = server.receivedRequests
        XCTAssertEqual(received.map(\.method), ["POST", "POST", "GET"])
        XCTAssertEqual(received.map(\.path), ["/start", "/moved", "/final"])
        XCTAssertEqual(received[1].bodyText, #"{"a":1}"#)
        XCTAssertEqual(received.map { $0.headers["authorization"] }, Array(repeating: "Bearer tok", count: 3))
    }

    func testRedirectLoopsEndWithATypedError() async throws {
        let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 302, headers: ["Location": "/start"]) }
        defer { server.shutdown() }
        let error = await assertThrowsAsync {
            try await URLSessionTransport().send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("start")))
        }
        XCTAssertEqual(error as? TransportError, .tooManyRedirects(limit: URLSessionTransport.maximumRedirects))
        XCTAssertEqual(server.receivedRequests.count, URLSessionTransport.maximumRedirects + 1)
    }

    // MARK: Response size (item 8)

    func testDecompressionBombIsStoppedWhileReceiving() async throws {
        let bomb = Gzip.zeros(1 << 30)  // 1 GiB of zeros in about 6.6 MB
        XCTAssertLessThan(bomb.count, 8 << 20)
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb)
        }
        defer { server.shutdown() }
        let limit = 8 << 20  // above the compressed size, so only counting decoded bytes can catch it
        let started = Date()
        let error = await assertThrowsAsync {
            try await URLSessionTransport(maximumResponseSize: limit).send(HTTPRequest(method: .get, url: server.baseURL))
        }
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: limit))
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "stopped at the limit, not after inflating 1 GiB")
    }

    func testCompressedBodiesWithinTheLimitArriveDecoded() async throws {
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Encoding": "gzip"], body: Gzip.zeros(100_000))
        }
        defer { server.shutdown() }
        let response = try await URLSessionTransport(maximumResponseSize: 100_000)
            .send(HTTPRequest(method: .get, url: server.baseURL))
        XCTAssertEqual(response.body, Data(count: 100_000), "the encoder above is valid gzip and exactly at the limit passes")
    }

    func testContentLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        // The body would take 30 s to arrive; refusing on the header answers at once.
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Length": "5000000"], body: Data(count: 30), byteInterval: 1)
        }
        defer { server.shutdown() }
        let started = Date()
        let error = await assertThrowsAsync {
            try await URLSessionTransport(maximumResponseSize: 1_000_000).send(HTTPRequest(method: .get, url: server.baseURL))
        }
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: 1_000_000))
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testPerCallLimitOverridesTheClientsAndSurfacesAsTransport() async throws {
        let server = try TestHTTPServer { _ in .json(200, "[" + Array(repeating: "1", count: 5000).joined(separator: ",") + "]") }
        defer { server.shutdown() }
        let core = ClientCore(configuration: ClientConfiguration(baseURL: server.baseURL, maximumResponseSize: 1_000_000))
        let request = RequestBuilder(operation: operation(auth: []), baseURL: server.baseURL)
        let fine = try await core.perform(request, output: [Int].self, failure: TestFailure.self)
        XCTAssertEqual(fine.count, 5000)
        let error = await assertThrowsAsync {
            try await core.perform(
                request, output: [Int].self, failure: TestFailure.self,
                options: RequestOptions(maximumResponseSize: 1000))
        }
        guard case TestFailure.transport(TransportError.responseTooLarge(limit: 1000))? = error else {
            return XCTFail(String(describing: error))
        }
        // Any transport: the core checks the size of what a custom transport returns, too.
        let small = ClientCore(
            configuration: ClientConfiguration(
                baseURL: server.baseURL, transport: RecordingTransport { _ in HTTPResponse(status: 200, body: Data(count: 2000)) },
                maximumResponseSize: 1000
            ))
        let custom = await assertThrowsAsync { try await small.send(HTTPRequest(method: .get, url: server.baseURL), operation: .test()) }
        XCTAssertEqual(custom as? TransportError, .responseTooLarge(limit: 1000))
    }

    // MARK: Overall call time (item 9)

    func testTricklingServerIsCutOffAtTheCallTimeoutAndTheTransferCancelled() async throws {
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(("[" + String(repeating: "1,", count: 100) + "1]").utf8), byteInterval: 1)
        }
        defer { server.shutdown() }
        let core = client(server, callTimeout: 2)
        let request = RequestBuilder(operation: operation(auth: []), baseURL: server.baseURL)
        let started = Date()
        let error = await assertThrowsAsync { try await core.perform(request, output: [Int].self, failure: TestFailure.self) }
        let elapsed = Date().timeIntervalSince(started)
        guard case TestFailure.transport(TransportError.callTimedOut(seconds: 2))? = error else {
            return XCTFail(String(describing: error))
        }
        XCTAssertGreaterThan(elapsed, 1.9)
        XCTAssertLessThan(elapsed, 4, "ends at about the timeout")
        // The URLSession task was really cancelled: the server sees the client hang up.
        let deadline = Date().addingTimeInterval(5)
        while server.abandonedResponses == 0, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(server.abandonedResponses, 1)
    }

    func testCallTimeoutCoversRetryWaitsAndIsOverriddenPerCall() async throws {
        let server = try TestHTTPServer { _ in .json(503, "{}", headers: ["Retry-After": "1"]) }
        defer { server.shutdown() }
        let retrying = RetryMiddleware(policy: RetryPolicy(maxAttempts: 10, initialDelay: 1, jitter: 0, deadline: nil))
        let core = client(server, callTimeout: 60, middlewares: [retrying])
        let request = RequestBuilder(
            operation: OperationInfo(name: "get", method: .get, pathTemplate: "/x", successStatus: 200, isIdempotent: true),
            baseURL: server.baseURL
        )
        let started = Date()
        let error = await assertThrowsAsync {
            try await core.perform(request, output: JSONValue.self, failure: TestFailure.self, options: RequestOptions(callTimeout: 1.5))
        }
        guard case TestFailure.transport(TransportError.callTimedOut(seconds: 1.5))? = error else {
            return XCTFail(String(describing: error))
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3)
        XCTAssertEqual(server.receivedRequests.count, 2, "the first attempt and one retry fit in 1.5 s")
    }

    // MARK: Credentials with control characters (item 10)

    func testCredentialsWithLineBreaksAreRejectedBeforeSending() async throws {
        let server = try TestHTTPServer { _ in .json(200, "{}") }
        defer { server.shutdown() }
        for secret in ["tok\r\nX-Injected: 1", "tok\n", "\rtok", "tok\u{0}en", "tok\tx", "tok\u{7F}"] {
            for scheme in [bearer, headerKey, queryKey] {
                let core = client(server, credentials: [scheme.name: secret])
                let request = RequestBuilder(operation: operation(auth: [scheme]), baseURL: server.baseURL)
                let error = await assertThrowsAsync { try await core.perform(request, output: JSONValue.self, failure: TestFailure.self) }
                guard case TestFailure.invalidRequest(RequestBuildError.invalidCredential(scheme: scheme.name))? = error else {
                    return XCTFail("\(scheme.name) \(secret.debugDescription): \(String(describing: error))")
                }
                XCTAssertFalse("\(error!)".contains("tok"))
            }
        }
        // Through the bearer middleware as well.
        let store = InMemoryTokenStore(TokenSet(accessToken: "abc\r\ndef"))
        let core = client(server, middlewares: [BearerTokenMiddleware(scheme: bearer, store: store, refresh: { $0 })])
        let request = RequestBuilder(operation: operation(auth: [bearer]), baseURL: server.baseURL)
        let error = await assertThrowsAsync { try await core.perform(request, output: JSONValue.self, failure: TestFailure.self) }
        guard case TestFailure.invalidRequest(RequestBuildError.invalidCredential(scheme: "bearer"))? = error else {
            return XCTFail(String(describing: error))
        }
        XCTAssertEqual(server.receivedRequests.count, 0, "nothing was sent")
    }
}

/// Peak memory while a decompression bomb is refused: run by `Benchmarks/response-limit.sh`
/// (`RUN_MEMORY_BENCHMARK=1`), skipped otherwise, because the peak of a whole test process is only
/// meaningful when the test runs alone.
final class ResponseLimitMemoryBenchmark: XCTestCase {
    func testPeakMemoryWhileRefusingAGzipBomb() async throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["RUN_MEMORY_BENCHMARK"] == "1", "set RUN_MEMORY_BENCHMARK=1")
        let bomb = Gzip.zeros(1 << 30)
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
        }
        defer { server.shutdown() }
        let limit = 10 << 20
        let started = Date()
        let error = await assertThrowsAsync {
            try await URLSessionTransport(maximumResponseSize: limit).send(HTTPRequest(method: .get, url: server.baseURL))
        }
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: limit))
        // FoundationNetworking keeps inflating the rest in the background (dropped as it arrives); wait
        // for it so the peak covers all of it.
        try await Task.sleep(nanoseconds: 15_000_000_000)
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM") } ?? "VmHWM: ?"
        print("response-limit benchmark: 1 GiB gzip bomb (\(bomb.count) bytes) refused in \(Int(elapsed * 1000)) ms; \(peak)")
        let kilobytes = Int(peak.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? .max
        XCTAssertLessThan(kilobytes, 400_000, "peak memory stays far below the 1 GiB the body expands to")
    }
}
