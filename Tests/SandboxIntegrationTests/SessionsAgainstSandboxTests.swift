import Foundation
import KitchenSink
import SchemaSandbox
import XCTest

/// Item 5 of issue 8: sessions and token pairs wired from the schema (`login:`/`refresh:`/`logout:` of
/// kitchensink.yaml's `smsSession` and `oauth` schemes), against the sandbox, which issues credentials
/// from the wired login and refresh answers and accepts only those.
final class SessionsAgainstSandboxTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var environment: KitchenSinkClient.Environment { .init(baseURL: sandbox.baseURL) }

    override func setUp() async throws {
        sandbox = try await SandboxFixture.start("Tests/GeneratedModules/KitchenSink/kitchensink.yaml")
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private func status(of call: () async throws -> Void) async -> Int? {
        do {
            try await call()
            return 200
        } catch let error as KitchenSinkError {
            return error.status
        } catch {
            return nil
        }
    }

    func testSmsLoginOpensASessionThatCallsCarryAndLogoutClears() async throws {
        let store = InMemoryTokenStore()
        let auth = KitchenSinkClient(environment: environment)
        let client = KitchenSinkClient(environment: environment, middlewares: [auth.smsSessionTokenMiddleware(store: store)])

        // Signed out: the call fails before anything is sent.
        do {
            _ = try await client.smsAccount()
            XCTFail("no session is stored, so the call must fail")
        } catch let error as KitchenSinkError {
            guard case .signedOut(let underlying) = error, case TokenRefreshError.noToken = underlying else {
                return XCTFail("expected .signedOut(TokenRefreshError.noToken) (the catalogue case for noCredential), got \(error)")
            }
        }
        XCTAssertEqual(sandbox.requestCount("smsAccount"), 0)

        let loggedInAt = Date()
        let confirmed = try await auth.confirmSmsCode(body: SmsConfirmation(phone: "+79990001122", code: "123456"), savingTo: store)
        let sessionId = confirmed.session.id
        XCTAssertTrue(sessionId.hasPrefix("sandbox-smsSession-token-"), "the sandbox issued the session: \(sessionId)")
        XCTAssertEqual(confirmed.session.ttl, 600)
        let stored = try await store.load()
        XCTAssertEqual(stored?.accessToken, sessionId, "login saved the session id from session.id")
        let expiresAt = try XCTUnwrap(stored?.expiresAt, "and its expiry from session.ttl")
        XCTAssertEqual(expiresAt.timeIntervalSince(loggedInAt), 600, accuracy: 5)

        _ = try await client.smsAccount()
        _ = try await client.smsAccount()
        let sent = sandbox.receivedRequests("smsAccount")
        XCTAssertEqual(sent.map { $0.headers["x-sms-session"] }, [sessionId, sessionId], "every call carries the session")
        XCTAssertEqual(sent.map(\.status), [200, 200])

        try await client.endSmsSession(clearing: store)
        let afterLogout = try await store.load()
        XCTAssertNil(afterLogout, "logout cleared the store")
        XCTAssertEqual(sandbox.receivedRequests("endSmsSession").first?.headers["x-sms-session"], sessionId, "logout was sent with the session")

        // The server forgot the session too: the old id, or one it never issued, is refused.
        let replay = KitchenSinkClient(environment: environment, credentials: StaticCredentials(["smsSession": sessionId]))
        let replayStatus = await status { _ = try await replay.smsAccount() }
        XCTAssertEqual(replayStatus, 401)
        let forged = KitchenSinkClient(environment: environment, credentials: StaticCredentials(["smsSession": "made-up"]))
        let forgedStatus = await status { _ = try await forged.smsAccount() }
        XCTAssertEqual(forgedStatus, 401)
    }

    func testLogoutClearsTheStoreEvenWhenTheServerFails() async throws {
        let store = InMemoryTokenStore()
        let auth = KitchenSinkClient(environment: environment)
        let client = KitchenSinkClient(environment: environment, middlewares: [auth.smsSessionTokenMiddleware(store: store)])
        try await auth.confirmSmsCode(body: SmsConfirmation(phone: "+79990001122", code: "123456"), savingTo: store)
        sandbox.inject(.failures(count: 1, status: 500), for: "endSmsSession")

        let logoutStatus = await status { try await client.endSmsSession(clearing: store) }
        XCTAssertEqual(logoutStatus, 500, "the server's error reaches the caller")
        let stored = try await store.load()
        XCTAssertNil(stored, "the session is forgotten on the device anyway")
    }

    func testFiftyConcurrent401sCauseExactlyOneRefreshThroughTheGeneratedRefresher() async throws {
        let store = InMemoryTokenStore()
        let auth = KitchenSinkClient(environment: environment)
        let client = KitchenSinkClient(environment: environment, middlewares: [auth.oauthTokenMiddleware(store: store)])
        let signedIn = try await auth.signIn(body: SignInRequest(username: "ann", password: "secret"), savingTo: store)
        let loginTokens = try await store.load()
        XCTAssertEqual(loginTokens?.accessToken, signedIn.accessToken)
        XCTAssertEqual(loginTokens?.refreshToken, signedIn.refreshToken)
        XCTAssertNotNil(signedIn.refreshToken)
        _ = try await client.profile()
        XCTAssertEqual(sandbox.receivedRequests("profile").last?.headers["authorization"], "Bearer \(signedIn.accessToken)")

        sandbox.inject(.unauthorizedUntilRefresh)
        let successes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await client.profile()) != nil }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }

        XCTAssertEqual(successes, 50, "every call succeeds once the token is renewed")
        XCTAssertEqual(sandbox.requestCount("renewTokens"), 1, "exactly one refresh for 50 rejected calls")
        let renewBody = try XCTUnwrap(sandbox.receivedRequests("renewTokens").first?.body)
        let sentRefresh = try JSONSerialization.jsonObject(with: renewBody) as? [String: Any]
        XCTAssertEqual(
            sentRefresh?["refreshToken"] as? String, signedIn.refreshToken, "the refresh sent the stored refresh token in the body field the schema maps")
        let stored = try await store.load()
        let renewed = try XCTUnwrap(stored)
        XCTAssertNotEqual(renewed.accessToken, signedIn.accessToken, "the store holds the renewed token from access_token")
        XCTAssertNotEqual(renewed.refreshToken, signedIn.refreshToken, "and the renewed refresh token from refresh_token")
        let retried = sandbox.receivedRequests("profile").filter { $0.status == 200 }
        XCTAssertTrue(retried.contains { $0.headers["authorization"] == "Bearer \(renewed.accessToken)" }, "the resent calls carry the renewed token")
        XCTAssertLessThanOrEqual(sandbox.requestCount("profile"), 1 + 100, "each call is resent at most once")

        try await client.signOut(clearing: store)
        let afterLogout = try await store.load()
        XCTAssertNil(afterLogout)
    }

    func testATokenTheSandboxNeverIssuedIsRefusedThenRenewedOnce() async throws {
        let store = InMemoryTokenStore()
        let auth = KitchenSinkClient(environment: environment)
        let client = KitchenSinkClient(environment: environment, middlewares: [auth.oauthTokenMiddleware(store: store)])
        let signedIn = try await auth.signIn(body: SignInRequest(username: "ann", password: "secret"), savingTo: store)
        try await store.save(TokenSet(accessToken: "forged", refreshToken: signedIn.refreshToken))

        _ = try await client.profile()

        XCTAssertEqual(sandbox.receivedRequests("profile").map(\.status), [401, 200], "refused, renewed, resent")
        XCTAssertEqual(sandbox.requestCount("renewTokens"), 1)
    }

    func testARefreshTokenTheServerRejectsFailsEveryCallerOnceWithoutLooping() async throws {
        let store = InMemoryTokenStore(TokenSet(accessToken: "forged", refreshToken: "never-issued"))
        let auth = KitchenSinkClient(environment: environment)
        let client = KitchenSinkClient(environment: environment, middlewares: [auth.oauthTokenMiddleware(store: store)])

        do {
            _ = try await client.profile()
            XCTFail("the refresh is refused, so the call must fail")
        } catch let error as KitchenSinkError {
            guard case .transport(let underlying) = error, case TokenRefreshError.refreshFailed(let refusal) = underlying else {
                return XCTFail("expected TokenRefreshError.refreshFailed, got \(error)")
            }
            // The description says what the server answered (no body: it may carry personal data); the
            // body with the sandbox's reason stays reachable through the refused call's error.
            XCTAssertEqual(
                "\(error)", "KitchenSinkError.transport: The access token could not be refreshed (KitchenSinkError.undocumented (HTTP 401)).")
            let reason = (refusal as? KitchenSinkError)?.response?.bodyText ?? ""
            XCTAssertTrue(reason.contains("the refresh token was not issued by this sandbox"), reason)
        }
        XCTAssertEqual(sandbox.requestCount("renewTokens"), 1)
        XCTAssertEqual(sandbox.requestCount("profile"), 1, "not resent without a new token")
    }

    func testTheHandWrittenRefreshClosureStillWorksForAWiredScheme() async throws {
        let store = InMemoryTokenStore()
        let auth = KitchenSinkClient(environment: environment)
        try await auth.signIn(body: SignInRequest(username: "ann", password: "secret"), savingTo: store)
        let handWritten = BearerTokenMiddleware(scheme: KitchenSinkClient.AuthSchemes.oauth, store: store) { tokens in
            let renewed = try await auth.renewTokens(body: RenewRequest(refreshToken: tokens.refreshToken ?? "", scope: "profile"))
            return TokenSet(accessToken: renewed.accessToken, refreshToken: renewed.refreshToken)
        }
        let client = KitchenSinkClient(environment: environment, middlewares: [handWritten])
        sandbox.inject(.unauthorized(count: 1), for: "profile")

        _ = try await client.profile()

        XCTAssertEqual(sandbox.requestCount("renewTokens"), 1)
        let renewBody = try XCTUnwrap(sandbox.receivedRequests("renewTokens").first?.body)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: renewBody) as? [String: Any])?["scope"] as? String, "profile")
    }
}
