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

    private func client(order: Order, store: InMemoryTokenStore, cache: ResponseCache) -> WhitelabelPayClient {
        let caching = CachingMiddleware(cache: cache)
        let bearer = BearerTokenMiddleware(scheme: WhitelabelPayClient.AuthSchemes.bearer, store: store, refresh: { $0 })
        return WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            transport: StampingTransport(),
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
}

/// Sends through `URLSessionTransport` to the sandbox and writes `"<X-Tenant-Id> <token>"` of the request
/// into the `brand` of every payment means it answers with.
private struct StampingTransport: HTTPTransport {
    let base = URLSessionTransport()

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
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
