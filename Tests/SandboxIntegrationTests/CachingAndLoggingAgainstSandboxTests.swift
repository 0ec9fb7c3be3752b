import Foundation
import SchemaSandbox
import WhitelabelPay
import XCTest

/// WhitelabelPay's getPaymentMeans is "local first": the stored list comes back at once while a
/// background request refreshes it, suppressing its errors (the document's FetchMode.fromLocalFirst).
final class CachingAndLoggingAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Schemas/whitelabelpay.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testCachedValueComesBackAtOnceAndRefreshesInTheBackground() async throws {
        let cache = ResponseCache()
        let caching = CachingMiddleware(cache: cache)
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL), middlewares: [caching],
            credentials: StaticCredentials(["bearer": "jwt"]))
        let first = try await client.getPaymentMeans(tenantId: tenant)
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 1)

        sandbox.inject(.latency(milliseconds: 1500), for: "getPaymentMeans")
        let started = Date()
        let second = try await client.getPaymentMeans(tenantId: tenant)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "served from the cache without waiting for the slow server")
        XCTAssertEqual(second, first)

        await caching.cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 2, "the background refresh reached the server")
    }

    func testBackgroundRefreshErrorsAreSuppressedAsTheDocumentSays() async throws {
        let reported = LockedCounter()
        let caching = CachingMiddleware(cache: ResponseCache(), onRefreshError: { _, _ in reported.increment() })
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL), middlewares: [caching],
            credentials: StaticCredentials(["bearer": "jwt"]))
        let first = try await client.getPaymentMeans(tenantId: tenant)
        sandbox.inject(.failures(count: 1, status: 500), for: "getPaymentMeans")
        let second = try await client.getPaymentMeans(tenantId: tenant)
        XCTAssertEqual(second, first, "the cached list, not the 500")
        await caching.cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 2)
        XCTAssertEqual(reported.value, 0, "refreshErrors: suppress")
    }

    func testNetworkModePerCallAlwaysWaitsForTheServer() async throws {
        let caching = CachingMiddleware(cache: ResponseCache())
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL), middlewares: [caching],
            credentials: StaticCredentials(["bearer": "jwt"]))
        _ = try await client.getPaymentMeans(tenantId: tenant)
        sandbox.inject(.failures(count: 1, status: 503), for: "getPaymentMeans")
        do {
            _ = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(cacheMode: .networkOnly))
            XCTFail("FetchMode.network must surface the server's answer")
        } catch let error as WhitelabelPayError {
            XCTAssertEqual(error.status, 503)
        }
    }

    func testLogShowsRequestsRetriesAndRefreshesButNoSecret() async throws {
        let secret = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXN1YmplY3Q.s3cr3t-signature"
        let log = LogRecorder()
        let store = InMemoryTokenStore(TokenSet(accessToken: secret, refreshToken: "refresh-\(secret)", expiresAt: nil))
        let bearer = BearerTokenMiddleware(
            scheme: WhitelabelPayClient.AuthSchemes.bearer, store: store,
            refresh: { _ in
                TokenSet(accessToken: "renewed-\(secret)", refreshToken: "r2-\(secret)", expiresAt: nil)
            }, logger: log.logger)
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [
                LoggingMiddleware(logger: log.logger, includeBodies: true),
                RetryMiddleware(policy: .init(maxAttempts: 3, initialDelay: 0.01, maxDelay: 0.02), logger: log.logger),
                bearer,
            ]
        )
        sandbox.inject(.failures(count: 1, status: 503), for: "fetchTransactions")
        sandbox.inject(.unauthorized(count: 1), for: "getPaymentMeans")
        _ = try await client.fetchTransactions(tenantId: tenant)
        _ = try await client.getPaymentMeans(tenantId: tenant)

        let kinds = Set(log.events.map(\.kind))
        XCTAssertTrue(kinds.contains(.request) && kinds.contains(.response), "\(kinds)")
        XCTAssertTrue(kinds.contains(.retry), "the 503 was retried: \(kinds)")
        XCTAssertTrue(kinds.contains(.refresh), "the 401 caused a refresh: \(kinds)")
        XCTAssertFalse(log.text.contains("s3cr3t"), "a secret reached the log:\n\(log.text)")
        XCTAssertFalse(log.text.contains("c2VjcmV0"), "a token reached the log")
        XCTAssertEqual(sandbox.requestCount("getPaymentMeans"), 2)
    }
}

final class LockedCounter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
