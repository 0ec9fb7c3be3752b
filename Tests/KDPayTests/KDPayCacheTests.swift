import Foundation
import KDPay
import SchemaSandbox
import XCTest

/// Criterion 3's caches through the runtime's `CachingMiddleware`: getUserExperiment and
/// checkLibraryVersion are 1-hour stale-while-revalidate caches (L293, L522-L528, `cacheInterval`), and
/// getAccount stores every answer and serves it only for `cached: true` (L365-L370).
final class KDPayCacheTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var cache: ResponseCache!
    private let clock = TestClock()
    private var client: KDPayClient!

    override func setUp() async throws {
        sandbox = try await KDPaySandbox.start()
        let clock = clock
        cache = ResponseCache(now: { clock.now })
        let store = InMemoryTokenStore()
        let auth = KDPayClient(environment: .init(baseURL: sandbox.baseURL))
        client = KDPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [
                CachingMiddleware(cache: cache), auth.sessionTokenMiddleware(store: store),
            ])
        try await auth.confirmCode(body: ConfirmCodeRequest(code: "123456", fcmToken: "fcm"), savingTo: store)
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testUserExperimentReturnsThePreviousAnswerAndRefreshesItOnceInTheBackground() async throws {
        let first = try await client.getUserExperiment(phone: "+79990001122")
        guard case .normal = first else { return XCTFail("expected normal, got \(first)") }
        XCTAssertEqual(sandbox.requestCount("getUserExperiment"), 1)

        clock.advance(1800)
        let second = try await client.getUserExperiment(phone: "+79990001122")
        XCTAssertEqual(second, first, "the previous answer, at once")
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("getUserExperiment"), 2, "exactly one background refresh")

        clock.advance(3601)
        _ = try await client.getUserExperiment(phone: "+79990001122")
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("getUserExperiment"), 3, "older than an hour: one request, waited for, no background refresh")
    }

    func testLibraryVersionCachesForAnHourOrTheCacheInterval() async throws {
        let first = try await client.checkLibraryVersion()
        XCTAssertEqual(first.current.status, .minor)
        XCTAssertEqual(first.actual?.value, "1.4.0")

        clock.advance(3000)
        _ = try await client.checkLibraryVersion()
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("checkLibraryVersion"), 2, "served from the cache, refreshed once")

        clock.advance(600)  // the entry is 600 s old: fresh for the hour, stale for a 5-minute interval
        _ = try await client.checkLibraryVersion(cacheInterval: 300)
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("checkLibraryVersion"), 3, "stale for cacheInterval 300: one request, no background refresh")

        clock.advance(4000)  // older than the hour, younger than a 2-hour interval
        _ = try await client.checkLibraryVersion(cacheInterval: 7200)
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("checkLibraryVersion"), 4, "fresh for cacheInterval 7200: served, refreshed once in the background")
        XCTAssertTrue(sandbox.receivedRequests("checkLibraryVersion").allSatisfy { $0.queryItems.isEmpty }, "cacheInterval is never sent")
    }

    func testGetAccountCachedTrueReadsTheStoredAnswerWithoutARequest() async throws {
        do {
            _ = try await client.getAccount(cached: true, isShort: false)
            XCTFail("nothing stored yet")
        } catch KDPayError.transport(let underlying) {
            XCTAssertTrue(underlying is ResponseCacheMiss, "\(underlying)")
        }
        XCTAssertEqual(sandbox.requestCount("getAccount"), 0, "cached: true never asks the server")

        let fresh = try await client.getAccount(cached: false, isShort: false)
        XCTAssertEqual(sandbox.requestCount("getAccount"), 1)
        let again = try await client.getAccount(cached: false, isShort: false)
        XCTAssertEqual(again, fresh)
        XCTAssertEqual(sandbox.requestCount("getAccount"), 2, "cached: false always asks the server")

        clock.advance(1200)
        let cached = try await client.getAccount(cached: true, isShort: false)
        XCTAssertEqual(cached, fresh)
        XCTAssertEqual(cached.walletAccount?.id, 501)
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(sandbox.requestCount("getAccount"), 2, "a cached read sends no request, not even in the background")
        XCTAssertTrue(sandbox.receivedRequests("getAccount").allSatisfy { !$0.queryItems.contains { $0.name == "cached" } }, "cached is never sent")

        clock.advance(3601)
        do {
            _ = try await client.getAccount(cached: true, isShort: false)
            XCTFail("the stored account is older than an hour")
        } catch KDPayError.transport(let underlying) {
            XCTAssertTrue(underlying is ResponseCacheMiss, "\(underlying)")
        }
        XCTAssertEqual(sandbox.requestCount("getAccount"), 2)
    }
}
