@_spi(Generated) import ClientRuntime
import Foundation
import HTTPTransportNIO
import TestHTTPServer
import XCTest

/// `AsyncHTTPClientTransport` keeps `URLSessionTransport`'s contract over real sockets on 127.0.0.1: credentials
/// never follow a redirect to another origin, a body over the size limit is stopped, any status is a response,
/// and a cancelled call closes its connection at once.
final class AsyncHTTPClientTransportTests: XCTestCase {
    private let bearer = AuthScheme(name: "bearer", kind: .bearer)
    private let headerKey = AuthScheme(name: "key", kind: .apiKeyHeader("X-Api-Key"))
    private let queryKey = AuthScheme(name: "query", kind: .apiKeyQuery("api_key"))

    private var transport: AsyncHTTPClientTransport!

    override func setUp() {
        transport = AsyncHTTPClientTransport()
    }

    override func tearDown() async throws {
        try await transport.shutdown()
    }

    private func client(_ server: TestHTTPServer, credentials: [String: String] = [:]) -> ClientCore {
        ClientCore(
            configuration: ClientConfiguration(baseURL: server.baseURL, transport: transport, credentials: StaticCredentials(credentials)))
    }

    private func operation(_ method: HTTPMethod = .get, auth: [AuthScheme]) -> OperationInfo {
        OperationInfo(name: "getThing", method: method, pathTemplate: "/start", successStatus: 200, auth: auth)
    }

    // MARK: Redirects

    func testRedirectsToAnotherOriginAreNotFollowedAndCarryNoCredential() async throws {
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
            let core = client(origin, credentials: ["bearer": "bearer-secret", "key": "header-secret", "query": "query-secret"])
            let request = RequestBuilder(operation: operation(auth: [bearer, headerKey, queryKey]), baseURL: origin.baseURL)
            let error = await assertThrowsAsync { try await core.perform(request, output: JSONValue.self, failure: TestFailure.self) }
            guard case TestFailure.transport(TransportError.crossOriginRedirect(let reported, let reportedOrigin))? = error else {
                XCTFail("\(status) to \(target): expected crossOriginRedirect, got \(String(describing: error))")
                continue
            }
            XCTAssertEqual(reported, status)
            XCTAssertFalse(reportedOrigin.contains("collect") || reportedOrigin.contains("x=1"), reportedOrigin)
            XCTAssertTrue(reportedOrigin.hasSuffix(":\(otherPort)"), reportedOrigin)
            XCTAssertEqual(origin.receivedRequests.count, 1)
            XCTAssertEqual(origin.receivedRequests.first?.headers["authorization"], "Bearer bearer-secret")
        }
        XCTAssertEqual(other.receivedRequests.count, 0, "nothing, let alone a credential, reached the other origin")
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
            try await self.transport.send(HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("start")))
        }
        XCTAssertEqual(error as? TransportError, .tooManyRedirects(limit: URLSessionTransport.maximumRedirects))
        XCTAssertEqual(server.receivedRequests.count, URLSessionTransport.maximumRedirects + 1)
    }

    // MARK: Statuses and errors

    func testAnyStatusIsAResponseAndARefusedConnectionIsAnOfflineURLError() async throws {
        let server = try TestHTTPServer { _ in .json(503, #"{"busy":true}"#, headers: ["Retry-After": "3"]) }
        let response = try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.headers["retry-after"], "3")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), #"{"busy":true}"#)
        let url = server.baseURL
        server.shutdown()
        // Reported as URLSession reports it, so retries know the request was never sent.
        let error = await assertThrowsAsync { try await self.transport.send(HTTPRequest(method: .get, url: url)) }
        XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost, String(describing: error))
        XCTAssertEqual(TransportCondition.of(error!), .offline)
    }

    // MARK: Response size

    func testContentLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
        // The body would take 30 s to arrive; refusing on the header answers at once.
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Length": "5000000"], body: Data(count: 30), byteInterval: 1)
        }
        defer { server.shutdown() }
        let limited = AsyncHTTPClientTransport(maximumResponseSize: 1_000_000)
        let started = ContinuousClock.now
        let error = await assertThrowsAsync { try await limited.send(HTTPRequest(method: .get, url: server.baseURL)) }
        try await limited.shutdown()
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: 1_000_000))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
    }

    func testABodyWithoutLengthIsStoppedAsItPassesTheLimit() async throws {
        // 64 KiB chunks for up to 1 GiB, no Content-Length: only counting what arrives can stop it.
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, chunks: { $0 < 16_384 ? Data(count: 64 << 10) : nil })
        }
        defer { server.shutdown() }
        let error = await assertThrowsAsync {
            try await RequestOptions.$current.withValue(RequestOptions(maximumResponseSize: 1 << 20)) {
                try await self.transport.send(HTTPRequest(method: .get, url: server.baseURL))
            }
        }
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: 1 << 20), "the call's limit, not the transport's 10 MiB")
        let closed = try await eventually { server.abandonedResponses == 1 }
        XCTAssertTrue(closed, "the connection was closed")
        XCTAssertLessThan(server.streamedBytesSent, 64 << 20, "stopped near the limit, not after the gigabyte")
    }

    func testDecompressionBombIsStoppedWhileReceiving() async throws {
        let bomb = Gzip.zeros(1 << 30)  // 1 GiB of zeros in about 6.6 MB
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb)
        }
        defer { server.shutdown() }
        let limit = 8 << 20  // above the compressed size, so only counting decoded bytes can catch it
        let limited = AsyncHTTPClientTransport(maximumResponseSize: limit)
        let started = ContinuousClock.now
        let error = await assertThrowsAsync { try await limited.send(HTTPRequest(method: .get, url: server.baseURL)) }
        try await limited.shutdown()
        XCTAssertEqual(error as? TransportError, .responseTooLarge(limit: limit))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2), "stopped at the limit, not after inflating 1 GiB")
    }

    func testCompressedBodiesWithinTheLimitArriveDecoded() async throws {
        let server = try TestHTTPServer { request in
            TestHTTPServer.Response(
                status: 200, headers: ["Content-Encoding": "gzip", "X-Accepted": request.headers["accept-encoding"] ?? "none"],
                body: Gzip.zeros(100_000))
        }
        defer { server.shutdown() }
        let limited = AsyncHTTPClientTransport(maximumResponseSize: 100_000)
        let response = try await limited.send(HTTPRequest(method: .get, url: server.baseURL))
        try await limited.shutdown()
        XCTAssertEqual(response.body, Data(count: 100_000), "decoded, and exactly at the limit passes")
        XCTAssertEqual(response.headers["x-accepted"], "gzip, deflate", "asks for what it decodes, as URLSession does")
    }

    // MARK: Cancellation

    /// A server writing a 1 GiB body as fast as the socket takes it: cancelling the calling task ends the call at
    /// once and closes the connection (the server's next write fails), and nothing more is sent. Measured here
    /// (3 runs): this transport ended the call within 2 ms and the server saw the close within 12 ms (the
    /// poll's granularity), 0 bytes sent after the cancel. `URLSessionTransport` on Linux, swapped into this
    /// test, also ended the call within 2 ms, but FoundationNetworking acts on the cancellation only when the
    /// socket is momentarily empty: the connection closed 0.28 to 0.63 s later, after about 140 to 210 MB more (4 runs).
    func testCancellingTheCallClosesTheConnectionAtOnceWhileDataFlows() async throws {
        let server = try TestHTTPServer { _ in
            TestHTTPServer.Response(status: 200, chunks: { $0 < 16_384 ? Data(count: 64 << 10) : nil })
        }
        defer { server.shutdown() }
        let unlimited = AsyncHTTPClientTransport(maximumResponseSize: 2 << 30)
        let call = Task { try await unlimited.send(HTTPRequest(method: .get, url: server.baseURL)) }
        let flowing = try await eventually { server.streamedBytesSent > 8 << 20 }
        XCTAssertTrue(flowing)
        let sentBeforeCancel = server.streamedBytesSent
        let cancelled = ContinuousClock.now
        call.cancel()
        let error = await assertThrowsAsync { try await call.value }
        let ended = ContinuousClock.now - cancelled
        let closed = try await eventually { server.abandonedResponses == 1 }
        let closedAfter = ContinuousClock.now - cancelled
        try await unlimited.shutdown()
        XCTAssertEqual((error as? URLError)?.code, .cancelled, String(describing: error))
        XCTAssertLessThan(ended, .milliseconds(500), "the call ended \(ended) after the cancel")
        XCTAssertTrue(closed, "the server saw the connection closed")
        XCTAssertLessThan(closedAfter, .seconds(1), "closed \(closedAfter) after the cancel")
        let sentAfterCancel = server.streamedBytesSent - sentBeforeCancel
        XCTAssertLessThan(sentAfterCancel, 16 << 20, "\(sentAfterCancel) bytes sent after the cancel (at most what socket buffers take)")
    }
}
