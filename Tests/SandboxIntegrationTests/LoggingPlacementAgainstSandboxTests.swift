import Foundation
import SchemaSandbox
import WhitelabelPay
import XCTest

/// Where `LoggingMiddleware` sits decides what it shows (README "Logging", ClientRuntime's getting
/// started): innermost, the wire (the token the bearer middleware attached, redacted; nothing for an
/// answer the cache served, which the cache logs as a hit); outermost, each call as the caller made it.
final class LoggingPlacementAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Schemas/whitelabelpay.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// A client with the recommended caching and token middlewares, and logging first or last.
    private func client(loggingInnermost: Bool, log: LogRecorder) -> WhitelabelPayClient {
        let caching = CachingMiddleware(cache: ResponseCache(), logger: log.logger)
        let bearer = BearerTokenMiddleware(
            scheme: WhitelabelPayClient.AuthSchemes.bearer, store: InMemoryTokenStore(TokenSet(accessToken: "s3cr3t-access-token")),
            refresh: { old in old }, logger: log.logger)
        let logging = LoggingMiddleware(logger: log.logger)
        return WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: loggingInnermost ? [caching, bearer, logging] : [logging, caching, bearer])
    }

    /// One call to the server, which stores the answer, then one the cache alone answers.
    private func callTheServerThenTheCache(_ client: WhitelabelPayClient) async throws {
        _ = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(cacheMode: .networkOnly))
        _ = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(cacheMode: .cacheOnly))
    }

    func testInnermostLoggingShowsTheWire() async throws {
        let log = LogRecorder()
        try await callTheServerThenTheCache(client(loggingInnermost: true, log: log))

        let requests = log.events.filter { $0.kind == .request }
        XCTAssertEqual(requests.count, 1, "the cache hit sent nothing and must not be logged as a request:\n\(log.text)")
        XCTAssertTrue(requests.first?.message.contains("Authorization: <redacted>") == true, "the bearer token was sent:\n\(log.text)")
        XCTAssertEqual(log.events.filter { $0.kind == .cacheHit }.count, 1, log.text)
        XCTAssertFalse(log.text.contains("s3cr3t"), log.text)
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 1)
    }

    func testOutermostLoggingShowsCallsAsTheCallerMadeThem() async throws {
        let log = LogRecorder()
        try await callTheServerThenTheCache(client(loggingInnermost: false, log: log))

        let requests = log.events.filter { $0.kind == .request }
        XCTAssertEqual(requests.count, 2, "each call is logged once, the cache hit too:\n\(log.text)")
        XCTAssertFalse(log.text.contains("Authorization"), "the bearer middleware attaches the token after logging:\n\(log.text)")
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 1)
    }
}
