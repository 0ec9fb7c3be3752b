@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

/// Answers `{"value":"v<n>"}` for the n-th request, after an adjustable delay, or a chosen failure status.
final class VersionedServer: @unchecked Sendable {
    private let lock = NSLock()
    private var delay: TimeInterval = 0
    private var failure: Int?
    private let counter = Counter()
    private(set) var server: TestHTTPServer!

    init() throws {
        server = try TestHTTPServer { [unowned self] _ in
            let (delay, failure) = self.settings
            if delay > 0 { try? await Task.sleep(nanoseconds: UInt64(delay * 1e9)) }
            let number = self.counter.increment()
            if let failure { return .json(failure, #"{"error":"e"}"#) }
            return .json(200, #"{"value":"v\#(number)"}"#)
        }
    }

    private var settings: (TimeInterval, Int?) {
        lock.lock()
        defer { lock.unlock() }
        return (delay, failure)
    }

    func set(delay: TimeInterval = 0, failure: Int? = nil) {
        lock.lock()
        self.delay = delay
        self.failure = failure
        lock.unlock()
    }

    var requestCount: Int { server.receivedRequests.count }
}

final class CachingMiddlewareTests: XCTestCase {
    private func operation(_ policy: CachePolicy, method: HTTPMethod = .get) -> OperationInfo {
        OperationInfo(
            name: "listThings", method: method, pathTemplate: "/things", successStatus: 200, isIdempotent: true,
            cache: policy)
    }

    func testLocalFirstReturnsTheCachedValueAtOnceAndRefreshesInTheBackground() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache()
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])
        let listThings = operation(.localFirst(maxAge: nil, suppressRefreshErrors: true))

        let first = try await client.message(listThings)
        XCTAssertEqual(first.value, "v1", "nothing cached yet: waits for the network")

        backend.set(delay: 1)
        let start = Date()
        let second = try await client.message(listThings)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.3)
        XCTAssertEqual(second.value, "v1")

        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(backend.requestCount, 2)
        backend.set()
        let third = try await client.message(listThings)
        XCTAssertEqual(third.value, "v2", "the background refresh updated the cache")
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(backend.requestCount, 3)
    }

    func testBackgroundRefreshSurvivesTheCallerAndIsCoalesced() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache()
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])
        let listThings = operation(.localFirst(maxAge: nil, suppressRefreshErrors: true))
        _ = try await client.message(listThings)

        backend.set(delay: 0.3)
        // The caller's task ends (and is even cancelled) while its refresh is still running.
        let task = Task { try await client.message(listThings) }
        _ = try await task.value
        task.cancel()
        for _ in 0..<5 { _ = try await client.message(listThings) }
        await cache.waitForBackgroundRefreshes()

        XCTAssertEqual(backend.requestCount, 2, "one background refresh for six hits")
        backend.set()
        let latest = try await client.message(listThings)
        XCTAssertEqual(latest.value, "v2")
        await cache.waitForBackgroundRefreshes()
    }

    func testRefreshErrorsAreReportedUnlessSuppressedAndAlwaysLogged() async throws {
        for suppress in [false, true] {
            let backend = try VersionedServer()
            defer { backend.server.shutdown() }
            let cache = ResponseCache()
            let reported = EventLog()
            let log = LogRecorder()
            let client = makeCore(
                backend.server.baseURL,
                middlewares: [
                    CachingMiddleware(
                        cache: cache, logger: log.logger,
                        onRefreshError: { operation, error in
                            reported.append("\(operation.name): \(error)")
                        }
                    )
                ])
            let listThings = operation(.localFirst(maxAge: nil, suppressRefreshErrors: suppress))
            _ = try await client.message(listThings)

            backend.set(failure: 500)
            let cached = try await client.message(listThings)
            await cache.waitForBackgroundRefreshes()

            XCTAssertEqual(cached.value, "v1")
            XCTAssertEqual(reported.events, suppress ? [] : ["listThings: \(CacheRefreshError.unsuccessfulStatus(500))"])
            XCTAssertEqual(log.events.filter { $0.kind == .backgroundRefreshFailed }.count, 1)
            XCTAssertEqual(log.events.filter { $0.kind == .cacheHit }.count, 1)
            let again = try await client.message(listThings)
            XCTAssertEqual(again.value, "v1", "a failed refresh keeps the stored response")
            await cache.waitForBackgroundRefreshes()
        }
    }

    func testStaleEntryWaitsForTheNetwork() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let clock = TestClock()
        let cache = ResponseCache(now: { clock.now })
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])
        let listThings = operation(.localFirst(maxAge: 60, suppressRefreshErrors: true))
        _ = try await client.message(listThings)

        clock.advance(by: 60)
        let fresh = try await client.message(listThings)
        XCTAssertEqual(fresh.value, "v1", "exactly maxAge old is still fresh")
        await cache.waitForBackgroundRefreshes()

        clock.advance(by: 61)
        let stale = try await client.message(listThings)
        XCTAssertEqual(stale.value, "v3", "past maxAge the call waits for the network")
        XCTAssertEqual(backend.requestCount, 3)
        await cache.waitForBackgroundRefreshes()
    }

    func testPerCallNetworkOnlyBypassesTheCacheButStillStores() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache()
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])
        let listThings = operation(.localFirst(maxAge: nil, suppressRefreshErrors: true))

        let first = try await client.message(listThings, options: RequestOptions(cacheMode: .networkOnly))
        let second = try await client.message(listThings, options: RequestOptions(cacheMode: .networkOnly))
        XCTAssertEqual([first.value, second.value], ["v1", "v2"])

        let cached = try await client.message(listThings)
        XCTAssertEqual(cached.value, "v2")
        await cache.waitForBackgroundRefreshes()
    }

    func testNetworkOnlyOperationsAreNotStoredUnlessACallAsksForLocalFirst() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache()
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])
        let plain = operation(.networkOnly)

        _ = try await client.message(plain)
        let count = await cache.count
        XCTAssertEqual(count, 0)

        _ = try await client.message(plain, options: RequestOptions(cacheMode: .localFirst))
        let local = try await client.message(plain, options: RequestOptions(cacheMode: .localFirst))
        XCTAssertEqual(local.value, "v2", "served from the entry the first local-first call stored")
        await cache.waitForBackgroundRefreshes()
        XCTAssertEqual(backend.requestCount, 3)

        let post = operation(.networkOnly, method: .post)
        _ = try await client.message(post, options: RequestOptions(cacheMode: .localFirst))
        _ = try await client.message(post, options: RequestOptions(cacheMode: .localFirst))
        XCTAssertEqual(backend.requestCount, 5, "POSTs are cached only when their policy says so")
    }

    func testEntriesAreSeparatedByCredentialAndEvicted() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache(maxEntries: 2)
        let scheme = AuthScheme(name: "bearer", kind: .bearer)
        let listThings = OperationInfo(
            name: "listThings", method: .get, pathTemplate: "/things", successStatus: 200,
            auth: [scheme], cache: .localFirst(maxAge: nil, suppressRefreshErrors: true))
        func client(_ token: String) -> ClientCore {
            makeCore(
                backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)],
                credentials: StaticCredentials(["bearer": token]))
        }

        let alice = try await client("alice-token").message(listThings)
        let bob = try await client("bob-token").message(listThings)
        XCTAssertEqual([alice.value, bob.value], ["v1", "v2"], "another user's entry is never served")
        _ = try await client("carol-token").message(listThings)
        let count = await cache.count
        XCTAssertEqual(count, 2)

        await cache.removeAll()
        let afterClear = await cache.count
        XCTAssertEqual(afterClear, 0)
    }

    func testKeysCoverEveryHeaderButTheIdempotencyKeyAndTheBaseURL() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let cache = ResponseCache()
        let listThings = OperationInfo(
            name: "listThings", method: .get, pathTemplate: "/things", successStatus: 200,
            idempotencyKeyHeader: "Idempotency-Key",
            cache: .localFirst(maxAge: nil, suppressRefreshErrors: true))
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache)])

        let tenantA = try await client.message(listThings, headers: ["X-Tenant-Id": "A", "Idempotency-Key": "k1"])
        let tenantB = try await client.message(listThings, headers: ["X-Tenant-Id": "B", "Idempotency-Key": "k2"])
        let tenantAAgain = try await client.message(listThings, headers: ["Idempotency-Key": "k3", "X-Tenant-Id": "A"])
        XCTAssertEqual(
            [tenantA.value, tenantB.value, tenantAAgain.value], ["v1", "v2", "v1"],
            "tenant B never gets A's entry; A's comes back whatever the idempotency key and header order")
        await cache.waitForBackgroundRefreshes()

        // Same path, another base URL (another environment behind the same host): another entry.
        let otherBase = makeCore(backend.server.baseURL.appendingPathComponent("v2"), middlewares: [CachingMiddleware(cache: cache)])
        let other = try await otherBase.message(listThings, headers: ["X-Tenant-Id": "A"])
        XCTAssertNotEqual(other.value, "v1")
    }

    func testUsersAreKeptApartWhenTheTokenIsAttachedAfterTheCache() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let scheme = AuthScheme(name: "bearer", kind: .bearer)
        let listThings = OperationInfo(
            name: "listThings", method: .get, pathTemplate: "/things", successStatus: 200,
            auth: [scheme], cache: .localFirst(maxAge: nil, suppressRefreshErrors: true))
        let store = InMemoryTokenStore(TokenSet(accessToken: "alice-1", subject: "alice"))
        let bearer = BearerTokenMiddleware(scheme: scheme, store: store, refresh: { $0 })
        let cache = ResponseCache()
        // The README's order: the cache runs before the token is attached, so it never sees the token.
        let client = makeCore(backend.server.baseURL, middlewares: [CachingMiddleware(cache: cache), bearer])

        let alice = try await client.message(listThings)
        try await store.save(TokenSet(accessToken: "bob-1"))
        let bob = try await client.message(listThings)
        XCTAssertEqual([alice.value, bob.value], ["v1", "v2"], "bob never gets alice's answer")
        await cache.waitForBackgroundRefreshes()

        // Alice again, with a refreshed token: her subject keeps her entry.
        try await store.save(TokenSet(accessToken: "alice-2", subject: "alice"))
        let aliceAgain = try await client.message(listThings)
        XCTAssertEqual(aliceAgain.value, "v1")
        await cache.waitForBackgroundRefreshes()
        let authorizations = backend.server.receivedRequests.map { $0.headers["authorization"] }
        XCTAssertEqual(
            authorizations, ["Bearer alice-1", "Bearer bob-1", "Bearer alice-2"],
            "requests, background refresh included, carry the token of whoever made the call")
    }

    func testIdentityNeverContainsTheSecret() {
        let identity = CredentialIdentity(secret: "TOP-SECRET")
        var dumped = ""
        dump(identity, to: &dumped)
        for text in ["\(identity)", String(reflecting: identity), dumped] {
            XCTAssertFalse(text.contains("TOP-SECRET"), text)
        }
        XCTAssertEqual(identity, CredentialIdentity(secret: "TOP-SECRET"))
        XCTAssertNotEqual(identity, CredentialIdentity(subject: "TOP-SECRET"))
    }

    func testBackgroundRefreshIsBoundedByTheCallTimeout() async throws {
        let backend = try VersionedServer()
        defer { backend.server.shutdown() }
        let failures = EventLog()
        let caching = CachingMiddleware(
            cache: ResponseCache(),
            onRefreshError: { _, error in
                failures.append(ErrorSummary.describe(error))
            })
        let client = ClientCore(
            configuration: ClientConfiguration(
                baseURL: backend.server.baseURL, middlewares: [caching], callTimeout: 0.5
            ))
        let listThings = operation(.localFirst(maxAge: nil, suppressRefreshErrors: false))
        _ = try await client.message(listThings)
        backend.set(delay: 3)
        let started = Date()
        _ = try await client.message(listThings)
        await caching.cache.waitForBackgroundRefreshes()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2, "the refresh gave up after the call timeout")
        XCTAssertEqual(failures.events, [TransportError.callTimedOut(seconds: 0.5).description])
    }
}
