import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Item 7 of issue 8: per-call cache hints beside the schema's (`libraryVersion` is `localFirst`,
/// `maxAge: 3600`): `RequestOptions.cacheMaxAge` (KD Pay's `cacheInterval`) and `.cacheOnly` (KD Pay's
/// `getAccount(cached: true)`), counted at the sandbox.
final class CacheHintsAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// A clock tests move by hand, so ages are exact.
    private final class ManualClock: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var current = Date(timeIntervalSince1970: 1_700_000_000)
        var now: Date { lock.withLock { current } }
        func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    }

    private func client(cache: ResponseCache) -> KitchenSinkClient {
        KitchenSinkClient(environment: .init(baseURL: sandbox.baseURL), middlewares: [CachingMiddleware(cache: cache)])
    }

    private var requests: Int { sandbox.requestCount("libraryVersion") }

    func testCacheOnlyAnswersFromTheCacheAndFailsClearlyWhenNothingIsStored() async throws {
        let client = client(cache: ResponseCache())

        do {
            _ = try await client.libraryVersion(options: RequestOptions(cacheMode: .cacheOnly))
            XCTFail("nothing is cached, so a cache-only read must fail")
        } catch let error as KitchenSinkError {
            guard case .transport(let underlying) = error, let miss = underlying as? ResponseCacheMiss else {
                return XCTFail("expected ResponseCacheMiss, got \(error)")
            }
            XCTAssertEqual(miss.operation, "libraryVersion")
        }
        XCTAssertEqual(requests, 0, "a cache-only read sends nothing")

        // getAccount(cached: false): from the server, and cached for later.
        let fresh = try await client.libraryVersion(options: RequestOptions(cacheMode: .networkOnly))
        XCTAssertEqual(requests, 1)
        // getAccount(cached: true): from the cache alone.
        let cached = try await client.libraryVersion(options: RequestOptions(cacheMode: .cacheOnly))
        XCTAssertEqual(cached, fresh)
        XCTAssertEqual(requests, 1, "served without a request, and no background refresh")
    }

    func testPerCallMaxAgeReplacesTheSchemasForThatCall() async throws {
        let clock = ManualClock()
        let cache = ResponseCache(now: { clock.now })
        let client = client(cache: cache)
        _ = try await client.libraryVersion()
        XCTAssertEqual(requests, 1)
        clock.advance(120)

        // Too old for a 60 s interval, young enough for the schema's hour.
        do {
            _ = try await client.libraryVersion(options: RequestOptions(cacheMode: .cacheOnly, cacheMaxAge: 60))
            XCTFail("a 120 s old entry is too old for a 60 s max age")
        } catch let error as KitchenSinkError {
            guard case .transport(let underlying) = error, underlying is ResponseCacheMiss else { return XCTFail("\(error)") }
        }
        _ = try await client.libraryVersion(options: RequestOptions(cacheMode: .cacheOnly))
        XCTAssertEqual(requests, 1)

        // Local first with a 60 s interval: the entry is stale for this call, so it waits for the network.
        _ = try await client.libraryVersion(options: RequestOptions(cacheMaxAge: 60))
        XCTAssertEqual(requests, 2, "stale for this call: fetched")
        clock.advance(120)

        // With a 600 s interval the 120 s old entry is served at once and refreshed in the background.
        _ = try await client.libraryVersion(options: RequestOptions(cacheMaxAge: 600))
        XCTAssertEqual(requests, 2, "served from the cache")
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(requests, 3, "one background refresh")
    }
}
