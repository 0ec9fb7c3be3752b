import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Single-flight token refresh against the sandbox, which answers 401 until its refresh operation runs.
final class TokenRefreshAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// A client whose bearer token is renewed through the API's own refreshToken operation.
    private func client(store: InMemoryTokenStore) -> KitchenSinkClient {
        let environment = KitchenSinkClient.Environment(baseURL: sandbox.baseURL)
        let refresher = KitchenSinkClient(environment: environment)
        let bearer = BearerTokenMiddleware(scheme: KitchenSinkClient.AuthSchemes.bearer, store: store) { tokens in
            let renewed = try await refresher.refreshToken(
                body: Tokens(
                    accessToken: tokens.accessToken,
                    refreshToken: tokens.refreshToken ?? "", expiresIn: 0))
            return TokenSet(accessToken: renewed.accessToken + "-renewed", refreshToken: renewed.refreshToken, expiresAt: nil)
        }
        return KitchenSinkClient(environment: environment, middlewares: [bearer])
    }

    func testFiftyConcurrentCallsThatGet401CauseExactlyOneRefresh() async throws {
        sandbox.inject(.unauthorizedUntilRefresh)
        let store = InMemoryTokenStore(TokenSet(accessToken: "expired", refreshToken: "r0", expiresAt: nil))
        let client = client(store: store)

        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await client.listItems()) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }

        XCTAssertEqual(results.filter { $0 }.count, 50, "all 50 calls succeed after the refresh")
        XCTAssertEqual(sandbox.requestCount("refreshToken"), 1, "exactly one refresh request")
        let stored = try await store.load()
        XCTAssertTrue(stored?.accessToken.hasSuffix("-renewed") ?? false)
        // Every request carried the old or the renewed token, and no call was resent more than once.
        // (Old-token requests that reach the sandbox after the refresh are accepted, as it only counts refreshes.)
        let listRequests = sandbox.receivedRequests("listItems")
        let renewed = listRequests.filter { $0.headers["authorization"]?.hasSuffix("-renewed") == true }.count
        let expired = listRequests.filter { $0.headers["authorization"] == "Bearer expired" }.count
        XCTAssertEqual(renewed + expired, listRequests.count)
        XCTAssertGreaterThan(renewed, 0)
        XCTAssertLessThanOrEqual(listRequests.count, 100)
    }

    func testFailingRefreshGivesEveryCallerOneClearErrorWithoutLooping() async throws {
        sandbox.inject(.unauthorizedUntilRefresh)
        sandbox.inject(.failures(count: 1000, status: 500), for: "refreshToken")
        let store = InMemoryTokenStore(TokenSet(accessToken: "expired", refreshToken: "r0", expiresAt: nil))
        let client = client(store: store)

        do {
            _ = try await client.listItems()
            XCTFail("the refresh failed, so the call must fail")
        } catch let error as KitchenSinkError {
            guard case .transport(let underlying) = error, case TokenRefreshError.refreshFailed = underlying else {
                return XCTFail("expected TokenRefreshError.refreshFailed, got \(error)")
            }
        }
        XCTAssertEqual(sandbox.requestCount("refreshToken"), 1, "one refresh attempt, no loop")
        XCTAssertEqual(sandbox.requestCount("listItems"), 1, "the call is not resent without a new token")

        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await client.listItems()
                        return false
                    } catch { return true }
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        XCTAssertEqual(failures, 20, "every waiting caller gets the error")
        XCTAssertLessThanOrEqual(sandbox.requestCount("refreshToken"), 21, "bounded: at most one refresh per caller, no loop")
    }
}
