import Foundation
import SchemaSandbox
import WhitelabelPay
import XCTest

/// getPaymentMeans is local-first, so its answers are cached. They depend on the tenant (the X-Tenant-Id
/// header parameter) and on the user (the bearer token); a cached answer must only ever come back to the
/// same tenant and user, whether the cache runs before or after `BearerTokenMiddleware` attaches the token.
///
/// The sandbox answers every tenant and user with the same example, so `StampingTransport` stands in for a
/// multi-tenant server: it writes the tenant and user each real sandbox answer was sent for into the
/// payment means' `brand`. A cached answer carries the stamp of the request that fetched it.
final class CacheIsolationAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private let tenantA = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!
    private let tenantB = UUID(uuidString: "5b0c7d1e-9a43-4f0e-8e65-2c1a7f3d9b10")!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Schemas/whitelabelpay.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// The orders in which caching and token attachment can run.
    private enum Order: CaseIterable {
        case cacheBeforeToken, tokenBeforeCache
    }

    private func client(
        order: Order, store: InMemoryTokenStore, cache: ResponseCache,
        refresh: @escaping @Sendable (TokenSet) async throws -> TokenSet = { $0 },
        beforeSending: (@Sendable (HTTPRequest) async throws -> Void)? = nil
    ) -> WhitelabelPayClient {
        let caching = CachingMiddleware(cache: cache)
        let bearer = BearerTokenMiddleware(scheme: WhitelabelPayClient.AuthSchemes.bearer, store: store, refresh: refresh)
        return WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            transport: StampingTransport(beforeSending: beforeSending),
            middlewares: order == .cacheBeforeToken ? [caching, bearer] : [bearer, caching]
        )
    }

    private func stamp(of paymentMeans: [PaymentMean]) -> String? {
        paymentMeans.first?.brand ?? nil
    }

    private var a: String { tenantA.uuidString.lowercased() }
    private var b: String { tenantB.uuidString.lowercased() }

    func testTwoTenantsEachGetTheirOwnAnswerInBothOrders() async throws {
        for order in Order.allCases {
            let cache = ResponseCache()
            let store = InMemoryTokenStore(TokenSet(accessToken: "token-of-alice"))
            let client = client(order: order, store: store, cache: cache)
            let forA = try await client.getPaymentMeans(tenantId: tenantA)
            let forB = try await client.getPaymentMeans(tenantId: tenantB)
            let forAAgain = try await client.getPaymentMeans(tenantId: tenantA)
            XCTAssertEqual(stamp(of: forA), "\(a) token-of-alice", "\(order)")
            XCTAssertEqual(stamp(of: forB), "\(b) token-of-alice", "\(order): tenant B got another tenant's answer")
            XCTAssertEqual(stamp(of: forAAgain), "\(a) token-of-alice", "\(order)")
            await cache.waitForBackgroundRefreshes()
        }
        let tenants = sandbox.receivedRequests("getPaymentMeans").compactMap { $0.header("X-Tenant-Id") }
        // Per order: A and B from the network, then A's cached answer and its background refresh.
        XCTAssertEqual(
            tenants.map { $0.lowercased() },
            Array(repeating: [tenantA, tenantB, tenantA].map { $0.uuidString.lowercased() }, count: 2).flatMap { $0 })
    }

    func testTwoUsersEachGetTheirOwnAnswerInBothOrders() async throws {
        for order in Order.allCases {
            let cache = ResponseCache()
            let store = InMemoryTokenStore(TokenSet(accessToken: "token-of-alice"))
            let client = client(order: order, store: store, cache: cache)
            let alice = try await client.getPaymentMeans(tenantId: tenantA)
            try await store.save(TokenSet(accessToken: "token-of-bob"))
            let bob = try await client.getPaymentMeans(tenantId: tenantA)
            XCTAssertEqual(stamp(of: alice), "\(a) token-of-alice", "\(order)")
            XCTAssertEqual(stamp(of: bob), "\(a) token-of-bob", "\(order): bob got alice's cached answer")
            await cache.waitForBackgroundRefreshes()
            let requests = sandbox.receivedRequests("getPaymentMeans")
            XCTAssertEqual(requests.suffix(2).map { $0.header("Authorization") }, ["Bearer token-of-alice", "Bearer token-of-bob"])
        }
    }

    /// The hostile tester's race: alice's local-first call is in flight when the app saves bob's tokens
    /// (alice signed out, bob in), and the server answers alice's call 401. The call must stay alice's: it
    /// is not resent with bob's token, nothing of bob's is cached for alice, and when alice signs in again
    /// she is served her own answer.
    func testASignInDuringACallNeverMakesItAnotherUsersCall() async throws {
        for order in Order.allCases {
            let cache = ResponseCache()
            let store = InMemoryTokenStore(TokenSet(accessToken: "token-of-alice"))
            let bobSignsIn = Once()
            let client = client(
                order: order, store: store, cache: cache,
                beforeSending: { _ in await bobSignsIn.run { try? await store.save(TokenSet(accessToken: "token-of-bob")) } })
            let before = sandbox.receivedRequests("getPaymentMeans").count
            sandbox.inject(.unauthorized(count: 1), for: "getPaymentMeans")
            do {
                let answer = try await client.getPaymentMeans(tenantId: tenantA)
                XCTFail("\(order): alice's rejected call was answered (\(stamp(of: answer) ?? "-"))")
            } catch let error as WhitelabelPayError {
                XCTAssertEqual(error.response?.status, 401, "\(order): alice's call ends with the server's 401")
            }
            let sent = sandbox.receivedRequests("getPaymentMeans").dropFirst(before).map { $0.header("Authorization") }
            XCTAssertEqual(sent, ["Bearer token-of-alice"], "\(order): alice's call was resent as bob's")

            try await store.save(TokenSet(accessToken: "token-of-alice"))
            let alice = try await client.getPaymentMeans(tenantId: tenantA)
            XCTAssertEqual(stamp(of: alice), "\(a) token-of-alice", "\(order): alice was served another user's answer")
            await cache.waitForBackgroundRefreshes()
        }
    }

    /// A background refresh runs after the caller has its answer; if another user signs in before it is
    /// sent, it must not fetch their answer into the first user's entry.
    func testABackgroundRefreshIsNeverSentAsAnotherUser() async throws {
        for order in Order.allCases {
            let cache = ResponseCache()
            let store = InMemoryTokenStore(TokenSet(accessToken: "token-of-alice"))
            let client = client(order: order, store: store, cache: cache)
            _ = try await client.getPaymentMeans(tenantId: tenantA)
            // Alice's second call is served from the cache and starts a background refresh, which waits 300 ms
            // at the sandbox; bob signs in before it is answered... and before it is sent, in the other run.
            sandbox.inject(.latency(milliseconds: 300), for: "getPaymentMeans")
            _ = try await client.getPaymentMeans(tenantId: tenantA)
            try await store.save(TokenSet(accessToken: "token-of-bob"))
            await cache.waitForBackgroundRefreshes()
            sandbox.reset()
            try await store.save(TokenSet(accessToken: "token-of-alice"))
            let alice = try await client.getPaymentMeans(tenantId: tenantA)
            XCTAssertEqual(stamp(of: alice), "\(a) token-of-alice", "\(order): alice's entry holds another user's answer")
            await cache.waitForBackgroundRefreshes()
        }
    }

    /// WhitelabelPay's reason to exist is the local-first cache, so a token refresh for the same user must
    /// keep it, by default: the tokens here carry no subject, as the README's first command's do. The
    /// cached answer arrives before the sandbox's injected latency, and nothing is sent in the foreground.
    func testATokenRefreshKeepsTheSameUsersCache() async throws {
        for order in Order.allCases {
            let cache = ResponseCache()
            let store = InMemoryTokenStore(TokenSet(accessToken: "token-of-alice-1"))
            let client = client(
                order: order, store: store, cache: cache,
                refresh: { old in TokenSet(accessToken: "token-of-alice-2", refreshToken: old.refreshToken) })
            let means = try await client.getPaymentMeans(tenantId: tenantA)
            sandbox.inject(.unauthorized(count: 1), for: "deactivatePaymentMeans")
            _ = try await client.deactivatePaymentMeans(paymentMeansId: means[0].id, tenantId: tenantA)
            let refreshed = try await store.load()
            XCTAssertEqual(refreshed?.accessToken, "token-of-alice-2", "\(order): the 401 refreshed the token")

            sandbox.inject(.latency(milliseconds: 1_500), for: "getPaymentMeans")
            let started = Date()
            let cached = try await client.getPaymentMeans(tenantId: tenantA)
            let elapsed = Date().timeIntervalSince(started)
            XCTAssertEqual(stamp(of: cached), "\(a) token-of-alice-1", "\(order): the answer came from the cache")
            XCTAssertLessThan(elapsed, 1.5, "\(order): the cached answer waited for the network")
            await cache.waitForBackgroundRefreshes()
            XCTAssertEqual(
                sandbox.receivedRequests("getPaymentMeans").last?.header("Authorization"), "Bearer token-of-alice-2",
                "\(order): the background refresh went out with the renewed token")
            sandbox.reset()
        }
    }
}

/// Runs its closure the first time only.
private final class Once: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var done = false

    func run(_ body: () async throws -> Void) async rethrows {
        let first = lock.withLock {
            defer { done = true }
            return !done
        }
        if first { try await body() }
    }
}

/// Sends through `URLSessionTransport` to the sandbox and writes `"<X-Tenant-Id> <token>"` of the request
/// into the `brand` of every payment means it answers with. `beforeSending` runs first, while the call is
/// in flight (an app signing in another user then).
private struct StampingTransport: HTTPTransport {
    let base = URLSessionTransport()
    var beforeSending: (@Sendable (HTTPRequest) async throws -> Void)?

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await beforeSending?(request)
        var response = try await base.send(request)
        guard response.isSuccess,
            var items = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]]
        else { return response }
        let tenant = request.headers["X-Tenant-Id"]?.lowercased() ?? "-"
        let token = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) } ?? "-"
        for index in items.indices { items[index]["brand"] = "\(tenant) \(token)" }
        response.body = try JSONSerialization.data(withJSONObject: items)
        return response
    }
}
