@_spi(Generated) import ClientRuntime
import Foundation
import TestHTTPServer
import XCTest

/// A server with one protected resource (`GET /me`, accepting only the current token) and a token
/// endpoint (`POST /token`) that issues `token-<n>` and can be made to fail or to wait.
final class TokenServer: @unchecked Sendable {
    private let lock = NSLock()
    private var validToken: String
    private var issued = 0
    private var rejections = 0
    var failRefresh = false
    /// `/token` answers only after this many 401s were served (or 5 s passed), then waits `refreshDelay`.
    var holdRefreshUntilRejections = 0
    /// A 401 is answered only once this many API requests have arrived (or 5 s passed), so every caller of
    /// a wave has sent its request with the old token before any of them sees a rejection.
    var holdRejectionsUntilRequests = 0
    var refreshDelay: TimeInterval = 0
    var rejectEverything = false
    private(set) var server: TestHTTPServer!

    init(validToken: String) throws {
        self.validToken = validToken
        server = try TestHTTPServer { [unowned self] request in await self.handle(request) }
    }

    var rejectionCount: Int { locked { rejections } }
    var tokenRequests: Int { server.receivedRequests.filter { $0.path == "/token" }.count }
    var apiRequests: [TestHTTPServer.Request] { server.receivedRequests.filter { $0.path != "/token" } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func handle(_ request: TestHTTPServer.Request) async -> TestHTTPServer.Response {
        if request.path == "/token" {
            let deadline = Date().addingTimeInterval(5)
            while rejectionCount < holdRefreshUntilRejections, Date() < deadline {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
            if refreshDelay > 0 { try? await Task.sleep(nanoseconds: UInt64(refreshDelay * 1e9)) }
            if failRefresh { return .json(500, #"{"error":"refresh broken"}"#) }
            let token = locked { () -> String in
                issued += 1
                validToken = "token-\(issued)"
                return validToken
            }
            return .json(200, #"{"accessToken":"\#(token)","refreshToken":"refresh-\#(issued)","expiresIn":3600}"#)
        }
        let accepted = locked { request.headers["authorization"] == "Bearer \(validToken)" && !rejectEverything }
        guard accepted else {
            let deadline = Date().addingTimeInterval(5)
            while apiRequests.count < holdRejectionsUntilRequests, Date() < deadline {
                try? await Task.sleep(nanoseconds: 5_000_000)
            }
            locked { rejections += 1 }
            return .json(401, #"{"error":"unauthorized"}"#)
        }
        return .json(200, #"{"value":"hello"}"#)
    }

    /// A refresh closure that calls `POST /token` and counts its calls.
    func refresher(counting counter: Counter) -> @Sendable (TokenSet) async throws -> TokenSet {
        let url = server.baseURL.appendingPathComponent("token")
        return { tokens in
            counter.increment()
            struct Body: Decodable {
                let accessToken: String
                let refreshToken: String
                let expiresIn: Double
            }
            let response = try await freshTransport().send(
                HTTPRequest(
                    method: .post, url: url, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"refreshToken":"\#(tokens.refreshToken ?? "")"}"#.utf8)
                ))
            guard response.isSuccess else { throw URLError(.userAuthenticationRequired) }
            let body = try JSONDecoder().decode(Body.self, from: response.body)
            return TokenSet(
                accessToken: body.accessToken, refreshToken: body.refreshToken,
                expiresAt: Date().addingTimeInterval(body.expiresIn))
        }
    }
}

final class TokenRefreshTests: XCTestCase {
    private static let bearer = AuthScheme(name: "bearer", kind: .bearer)
    private let me = OperationInfo(
        name: "me", method: .get, pathTemplate: "/me", successStatus: 200, isIdempotent: true,
        auth: [TokenRefreshTests.bearer])

    /// `calls` concurrent calls all rejected with the expired token stored in `store` before any refresh.
    private func concurrent401Wave(
        calls: Int, store: any TokenStore
    ) async throws -> (results: [Result<Message, any Error>], refreshes: Int, backend: TokenServer) {
        let backend = try TokenServer(validToken: "token-1")
        backend.holdRefreshUntilRejections = calls
        backend.holdRejectionsUntilRequests = calls
        defer { backend.server.shutdown() }
        let refreshes = Counter()
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(scheme: Self.bearer, store: store, refresh: backend.refresher(counting: refreshes))
            ])
        let operation = me
        let results = await withTaskGroup(of: Result<Message, any Error>.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    do { return .success(try await client.message(operation)) } catch { return .failure(error) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        return (results, refreshes.value, backend)
    }

    func testFiftyConcurrent401sCauseExactlyOneRefreshAndAllSucceed() async throws {
        let store = InMemoryTokenStore(TokenSet(accessToken: "expired", refreshToken: "refresh-0"))
        let (results, refreshes, backend) = try await concurrent401Wave(calls: 50, store: store)
        XCTAssertEqual(results.count, 50)
        XCTAssertEqual(results.filter { (try? $0.get()) == Message(value: "hello") }.count, 50)
        XCTAssertEqual(refreshes, 1)
        XCTAssertEqual(backend.tokenRequests, 1)
        XCTAssertEqual(backend.rejectionCount, 50)
        XCTAssertEqual(backend.apiRequests.count, 100)
        let stored = try await store.load()
        XCTAssertEqual(stored?.accessToken, "token-1")
        XCTAssertEqual(stored?.refreshToken, "refresh-1")
    }

    /// A Keychain-style store keeps only the public fields; the renewed tokens must still count as the same
    /// user's, or every call that was rejected with the old token would have its 401 returned instead of
    /// being resent (a call is only ever resent with its own user's tokens).
    func testConcurrent401sSucceedWhenTheStoreKeepsOnlyTheTokenFields() async throws {
        let store = FieldsOnlyTokenStore(TokenSet(accessToken: "expired", refreshToken: "refresh-0"))
        let (results, refreshes, _) = try await concurrent401Wave(calls: 20, store: store)
        XCTAssertEqual(results.filter { (try? $0.get()) == Message(value: "hello") }.count, 20, "\(results)")
        XCTAssertEqual(refreshes, 1)
        let renewed = await store.load()
        XCTAssertEqual(renewed?.accessToken, "token-1")
    }

    func testTokenIsRefreshedBeforeItExpires() async throws {
        let backend = try TokenServer(validToken: "token-1")
        defer { backend.server.shutdown() }
        let clock = TestClock()
        let store = InMemoryTokenStore(TokenSet(accessToken: "old", refreshToken: "r", expiresAt: clock.now.addingTimeInterval(10)))
        let refreshes = Counter()
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(
                    scheme: Self.bearer, store: store, refreshLeeway: 30,
                    refresh: backend.refresher(counting: refreshes), now: { clock.now })
            ])

        _ = try await client.message(me)

        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(backend.apiRequests.map { $0.headers["authorization"] }, ["Bearer token-1"])
        XCTAssertEqual(backend.rejectionCount, 0)
    }

    func testTokenFarFromExpiryIsUsedAsIs() async throws {
        let backend = try TokenServer(validToken: "current")
        defer { backend.server.shutdown() }
        let refreshes = Counter()
        let store = InMemoryTokenStore(TokenSet(accessToken: "current", expiresAt: Date().addingTimeInterval(600)))
        // The client's own credentials attach a different token; the middleware's wins.
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(scheme: Self.bearer, store: store, refresh: backend.refresher(counting: refreshes))
            ], credentials: StaticCredentials(["bearer": "static"]))

        _ = try await client.message(me)
        _ = try await client.message(me)

        XCTAssertEqual(refreshes.value, 0)
        XCTAssertEqual(backend.apiRequests.map { $0.headers["authorization"] }, ["Bearer current", "Bearer current"])
    }

    func testFailingRefreshGivesEveryCallerOneErrorOncePerWave() async throws {
        let backend = try TokenServer(validToken: "unreachable")
        backend.failRefresh = true
        backend.holdRefreshUntilRejections = 20
        backend.holdRejectionsUntilRequests = 20
        backend.refreshDelay = 0.3
        defer { backend.server.shutdown() }
        let store = InMemoryTokenStore(TokenSet(accessToken: "old", refreshToken: "r"))
        let refreshes = Counter()
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(scheme: Self.bearer, store: store, refresh: backend.refresher(counting: refreshes))
            ])
        let operation = me

        for wave in 1...2 {
            let errors = await withTaskGroup(of: (any Error)?.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        do {
                            _ = try await client.message(operation)
                            return nil
                        } catch { return error }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let refreshFailures = errors.filter { error in
                guard case .transport(let underlying) = error as? TestFailure,
                    case .refreshFailed(let cause) = underlying as? TokenRefreshError
                else { return false }
                return (cause as? URLError)?.code == .userAuthenticationRequired
            }
            XCTAssertEqual(refreshFailures.count, 20, "wave \(wave): \(errors)")
            XCTAssertEqual(refreshes.value, wave, "one refresh per wave")
            XCTAssertEqual(backend.apiRequests.count, 20 * wave, "no resend after a failed refresh")
            backend.holdRefreshUntilRejections += 20
            backend.holdRejectionsUntilRequests += 20
        }
        let stored = try await store.load()
        XCTAssertEqual(stored?.accessToken, "old", "the store is unchanged")
    }

    func testSecond401AfterRefreshIsReturnedWithoutAnotherRefresh() async throws {
        let backend = try TokenServer(validToken: "token-1")
        backend.rejectEverything = true
        defer { backend.server.shutdown() }
        let refreshes = Counter()
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(
                    scheme: Self.bearer, store: InMemoryTokenStore(TokenSet(accessToken: "old")),
                    refresh: backend.refresher(counting: refreshes))
            ])

        let error = await assertThrowsAsync { try await client.message(self.me) }

        XCTAssertEqual(failureStatus(error), 401)
        XCTAssertEqual(refreshes.value, 1)
        XCTAssertEqual(backend.apiRequests.map { $0.headers["authorization"] }, ["Bearer old", "Bearer token-1"])
    }

    func testEmptyStoreFailsWithNoTokenAndUnauthenticatedOperationsPassThrough() async throws {
        let backend = try TokenServer(validToken: "x")
        defer { backend.server.shutdown() }
        let client = makeCore(
            backend.server.baseURL,
            middlewares: [
                BearerTokenMiddleware(scheme: Self.bearer, store: InMemoryTokenStore(), refresh: { $0 })
            ])

        let error = await assertThrowsAsync { try await client.message(self.me) }
        guard case .transport(TokenRefreshError.noToken) = error as? TestFailure else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(backend.apiRequests.isEmpty)

        let open = OperationInfo(name: "open", method: .get, pathTemplate: "/open", successStatus: 200)
        _ = await assertThrowsAsync { try await client.message(open) }
        XCTAssertNil(backend.apiRequests.first?.headers["authorization"])
    }

    func testTokenSetDescriptionsHideTheTokens() {
        let tokens = TokenSet(accessToken: "sekrit-access", refreshToken: "sekrit-refresh", expiresAt: nil)
        var dumped = ""
        dump(tokens, to: &dumped)
        for text in [
            tokens.description, tokens.debugDescription, "\(tokens)", dumped,
            TokenRefreshError.refreshFailed(underlying: URLError(.timedOut)).description,
        ] {
            XCTAssertFalse(text.contains("sekrit"), text)
        }
    }
}

/// Persists only `TokenSet`'s public fields, as the Keychain example in `TokenStore`'s documentation does.
actor FieldsOnlyTokenStore: TokenStore {
    private var fields: (access: String, refresh: String?, expiresAt: Date?, subject: String?)?

    init(_ tokens: TokenSet) {
        fields = (tokens.accessToken, tokens.refreshToken, tokens.expiresAt, tokens.subject)
    }

    func load() -> TokenSet? {
        fields.map { TokenSet(accessToken: $0.access, refreshToken: $0.refresh, expiresAt: $0.expiresAt, subject: $0.subject) }
    }

    func save(_ tokens: TokenSet) {
        fields = (tokens.accessToken, tokens.refreshToken, tokens.expiresAt, tokens.subject)
    }

    func clear() { fields = nil }
}
