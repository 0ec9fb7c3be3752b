import BSA
import Foundation
import SchemaModel
import SchemaSandbox
import XCTest

/// Issue 11, BSA: the document's flows against the sandbox on 127.0.0.1: sign-up end to end, an
/// Access Token that has expired (onTokenExpired -> the caller's re-authentication hook, once -> the
/// call succeeds), authentication history page by page from page 0, and failures reported as
/// rtCode / resultMessage surfacing as `BSAError` cases.
final class BSAFlowTests: XCTestCase {
    private static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas/bsa.yaml").path

    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = SandboxServer(schema: try SchemaLoader.loadOrThrow(path: Self.schemaPath))
        try await sandbox.start()
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    private let clientKey = "a1hrg2xv..."

    /// `BSA_SDK.initialize(serverUrl:)`: the whole server URL at run time.
    private func environment() throws -> BSAClient.Environment {
        try BSAClient.Environment.custom(serverUrl: sandbox.baseURL.absoluteString)
    }

    /// A client whose Access Token comes from `store` and is renewed by `hook` (AutoAuthenticator in an app).
    private func client(store: any TokenStore, hook: ReauthenticationHook) throws -> BSAClient {
        BSAClient(
            environment: try environment(),
            middlewares: [
                BSAClient.accessTokenMiddleware(store: store) { rejected in try await hook.run(rejected) }
            ])
    }

    private func body(_ operation: String, at index: Int = 0) throws -> [String: Any] {
        let request = try XCTUnwrap(sandbox.receivedRequests(operation).dropFirst(index).first, operation)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: request.body) as? [String: Any], operation)
    }

    // MARK: Sign-up (criterion 7)

    func testSignUpFlowEndToEnd() async throws {
        let client = BSAClient(environment: try environment())

        let duplicate = try await client.checkDuplicateUserData(body: DuplicateCheckRequest(verifyData: "user@email.com", verifyType: .email))
        XCTAssertEqual(duplicate, .notDuplicateUser)

        try await client.requestSendOTPNumber(
            body: OTPSendRequest(
                sendType: .email, sendTarget: "user@email.com",
                clientKey: clientKey, bundleIdentifier: "com.your.app"))

        let verified = try await client.verifyOTPNumber(
            body: OTPVerifyRequest(
                sendType: .email, sendTarget: "user@email.com",
                otpNumber: "298336", clientKey: clientKey))
        guard case .validOTPNumber(let otp) = verified else { return XCTFail("expected validOTPNumber, got \(verified)") }
        XCTAssertEqual(otp.disposeToken, "DISPOSE_TOKEN")

        let available = try await client.checkUserKeyAvailable(body: UserKeyCheckRequest(userKey: "user1"))
        XCTAssertEqual(available, .userKeyAvailable)

        try await client.requestSignUp(
            body: SignUpUserData(
                appPackage: "com.your.app", clientKey: clientKey, appVersion: "1.1.1", token: "FCM_TOKEN",
                email: "user@email.com", phoneNumber: "01012345678", userKey: "user1", name: "username1",
                authType: .BIOMETRIC, os: .iOS, disposeToken: otp.disposeToken,
                agreeGccs: true, agreePerson: true, agreeDevice: true))

        let order = ["checkDuplicateUserData", "requestSendOTPNumber", "verifyOTPNumber", "checkUserKeyAvailable", "requestSignUp"]
        XCTAssertEqual(order.map { sandbox.requestCount($0) }, [1, 1, 1, 1, 1])
        XCTAssertEqual(try body("checkDuplicateUserData")["verifyType"] as? String, "Email")
        XCTAssertEqual(try body("requestSendOTPNumber")["bundleIdentifier"] as? String, "com.your.app")
        XCTAssertEqual(try body("verifyOTPNumber")["otpNumber"] as? String, "298336")
        let signUp = try body("requestSignUp")
        XCTAssertEqual(signUp["disposeToken"] as? String, "DISPOSE_TOKEN", "the OTP's disposeToken goes into the sign-up")
        XCTAssertEqual(signUp["authType"] as? String, "BIOMETRIC")
        XCTAssertEqual(signUp["os"] as? String, "iOS")
    }

    func testTheOtherAnswersOfTheSignUpChecksAreNormalOutcomes() async throws {
        let client = BSAClient(environment: try environment(), middlewares: [SandboxExampleChoice("duplicate")])
        let duplicate = try await client.checkDuplicateUserData(body: DuplicateCheckRequest(verifyData: "user@email.com", verifyType: .email))
        XCTAssertEqual(duplicate, .duplicateUser)
        let invalid = try await BSAClient(environment: try environment(), middlewares: [SandboxExampleChoice("invalid")])
            .verifyOTPNumber(body: OTPVerifyRequest(sendType: .email, sendTarget: "user@email.com", otpNumber: "000000", clientKey: clientKey))
        XCTAssertEqual(invalid, .invalidOTPNumber)
        let taken = try await BSAClient(environment: try environment(), middlewares: [SandboxExampleChoice("notAvailable")])
            .checkUserKeyAvailable(body: UserKeyCheckRequest(userKey: "user1"))
        XCTAssertEqual(taken, .userKeyNotAvailable)
    }

    // MARK: An expired Access Token (criteria 4 and 7)

    func testAnExpiredTokenIsAnsweredByOneReauthenticationAndTheCallSucceeds() async throws {
        let store = InMemoryTokenStore(TokenSet(accessToken: "access-token-1"))
        let hook = ReauthenticationHook()
        let client = try client(store: store, hook: hook)
        sandbox.inject(.unauthorized(count: 1), for: "issuanceOTPNumber")

        let otp = try await client.issuanceOTPNumber()
        XCTAssertEqual(otp.otpNumber, "226339")
        XCTAssertEqual(hook.rejectedTokens, ["access-token-1"], "one re-authentication, given the expired token")
        XCTAssertEqual(sandbox.receivedRequests("issuanceOTPNumber").map(\.status), [401, 200])
        XCTAssertEqual(
            sandbox.receivedRequests("issuanceOTPNumber").map { $0.headers["authorization"] },
            ["Bearer access-token-1", "Bearer access-token-2"])
        let stored = try await store.load()
        XCTAssertEqual(stored?.accessToken, "access-token-2", "the new token is kept for the next calls")
    }

    func testConcurrentCallsWithAnExpiredTokenReauthenticateOnce() async throws {
        // The token is known to have expired: every call needs a new one, and the hook runs once.
        let store = InMemoryTokenStore(TokenSet(accessToken: "access-token-1", expiresAt: Date(timeIntervalSinceNow: -60)))
        let hook = ReauthenticationHook(delay: 0.2)
        let client = try client(store: store, hook: hook)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try await client.retrieveLinkedSiteList().count } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(counts, [1, 1, 1, 1, 1], "every call succeeded with the sandbox's one linked site")
        XCTAssertEqual(hook.rejectedTokens.count, 1, "single-flight: one re-authentication for five calls")
        XCTAssertEqual(sandbox.requestCount("retrieveLinkedSiteList"), 5)
        XCTAssertEqual(Set(sandbox.receivedRequests("retrieveLinkedSiteList").map { $0.headers["authorization"] }), ["Bearer access-token-2"])
    }

    func testATokenStillRejectedAfterReauthenticationIsTheTypedTokenExpiredCase() async throws {
        let hook = ReauthenticationHook()
        let client = try client(store: InMemoryTokenStore(TokenSet(accessToken: "access-token-1")), hook: hook)
        sandbox.inject(.unauthorized(count: 2), for: "retrieveSiteList")
        do {
            _ = try await client.retrieveSiteList(clientName: " ")
            XCTFail("the second 401 must surface")
        } catch let error as BSAError {
            guard case .tokenExpired(let details) = error else { return XCTFail("expected tokenExpired, got \(error)") }
            XCTAssertEqual(details.status, 401)
            XCTAssertNotNil(error.rawCode, "the 401 carries an rtCode like any failure; the status decides first")
            XCTAssertEqual(error.code, .tokenExpired)
        }
        XCTAssertEqual(hook.rejectedTokens.count, 1, "no loop: one re-authentication, one resend")
        XCTAssertEqual(sandbox.requestCount("retrieveSiteList"), 2)
    }

    // MARK: Paging from 0 (criterion 7)

    func testAuthHistoryOverSeveralPagesFromPageZero() async throws {
        let client = try client(store: InMemoryTokenStore(TokenSet(accessToken: "access-token-1")), hook: ReauthenticationHook())
        var pages: [AuthHistoryResult] = []
        for try await page in client.retrieveAuthHistoryPages(size: 3) { pages.append(page) }

        XCTAssertEqual(pages.map(\.list.count), [3, 3, 1], "seven entries, three per page")
        XCTAssertEqual(pages.last?.page.totalPages, 3)
        XCTAssertEqual(pages.first?.list.first?.status, .success)
        XCTAssertEqual(pages.first?.list.first?.platform, .iOS)
        let sent = sandbox.receivedRequests("retrieveAuthHistory")
        XCTAssertEqual(sent.map { $0.queryItems.first { $0.name == "pageIndex" }?.value }, ["0", "1", "2"], "0-based pages")
        XCTAssertEqual(sent.map { $0.queryItems.first { $0.name == "size" }?.value }, ["3", "3", "3"])
        XCTAssertEqual(sent.first?.queryItems.first { $0.name == "sort" }?.value, "REG_DT,DESC")

        var items = 0
        for try await entry in client.retrieveAuthHistoryItems(size: 5) {
            XCTAssertEqual(entry.userKey, "user1")
            items += 1
        }
        XCTAssertEqual(items, 7)
    }

    func testAnExpiredTokenOnThePagedCallIsTokenExpiredToo() async throws {
        let client = try client(store: InMemoryTokenStore(TokenSet(accessToken: "access-token-1")), hook: ReauthenticationHook())
        sandbox.inject(.unauthorized(count: 2), for: "retrieveAuthHistory")
        do {
            for try await _ in client.retrieveAuthHistoryPages(size: 3) {}
            XCTFail("the second 401 must surface")
        } catch let error as BSAError {
            XCTAssertEqual(error.code, .tokenExpired, "statusFirst: the 401 decides before the rtCode family")
        }
    }

    func testNoticesPageFromZeroWithPageSize() async throws {
        let client = BSAClient(environment: try environment())
        var pages: [NoticeResult] = []
        for try await page in client.retrieveNoticePages(clientKey: clientKey, pageSize: 4) { pages.append(page) }
        XCTAssertEqual(pages.map(\.list.count), [4, 3])
        XCTAssertEqual(pages.map(\.page.last), [false, true])
        XCTAssertEqual(sandbox.receivedRequests("retrieveNotice").map { $0.queryItems.first { $0.name == "pageIndex" }?.value }, ["0", "1"])
    }

    // MARK: Failures (criteria 6 and 7)

    func testAFailureEnvelopeInASuccessAnswerIsTheTypedApiFailure() async throws {
        // The sandbox answers 200 with the error body {rtCode, resultMessage}: onFailed, not onSuccess.
        sandbox.inject(.failures(count: 1, status: 200), for: "requestSendOTPNumber")
        let client = BSAClient(environment: try environment())
        do {
            try await client.requestSendOTPNumber(
                body: OTPSendRequest(
                    sendType: .email, sendTarget: "user@email.com",
                    clientKey: clientKey, bundleIdentifier: "com.your.app"))
            XCTFail("a 200 carrying an rtCode is a failure")
        } catch let error as BSAError {
            guard case .apiFailure(let details) = error else { return XCTFail("expected apiFailure, got \(error)") }
            XCTAssertEqual(details.status, 200)
            XCTAssertEqual(details.body?.rtCode, error.rawCode)
            XCTAssertNotNil(details.body?.resultMessage)
            XCTAssertEqual(error.code, .apiFailure)
        }
        XCTAssertEqual(sandbox.requestCount("requestSendOTPNumber"), 1)
    }

    func testAFailureEnvelopeOnAnOperationWithSeveralOutcomesAndOnAnErrorStatus() async throws {
        let client = BSAClient(environment: try environment())
        sandbox.inject(.failures(count: 1, status: 200), for: "checkDevice")
        do {
            _ = try await client.checkDevice(body: CheckDeviceRequest(bundleIdentifier: "com.fnsv.sdk", clientKey: clientKey, deviceId: "DEVICE_ID"))
            XCTFail("the envelope is checked before the outcomes")
        } catch let error as BSAError {
            XCTAssertEqual(error.code, .apiFailure)
        }
        sandbox.inject(.failures(count: 1, status: 500), for: "getAgreements")
        do {
            _ = try await client.getAgreements(languageCode: .korean, clientKey: clientKey)
            XCTFail("a 500 with an rtCode fails")
        } catch let error as BSAError {
            XCTAssertEqual(error.code, .apiFailure)
            XCTAssertEqual(error.status, 500)
        }
        // And the normal answers are untouched.
        let registered = try await client.checkDevice(body: CheckDeviceRequest(bundleIdentifier: "com.fnsv.sdk", clientKey: clientKey, deviceId: "DEVICE_ID"))
        XCTAssertEqual(
            registered, .registered(CheckDeviceData(userKey: "user1", name: "username1", phoneNum: "01012345678", email: "user@email.com", uptDt: "2024-01-12"))
        )
    }
}

/// Stands in for the app's AutoAuthenticator run: hands out access-token-2, -3, ... and records the
/// tokens it was asked to replace.
final class ReauthenticationHook: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var rejected: [String] = []
    private let delay: TimeInterval

    init(delay: TimeInterval = 0) { self.delay = delay }

    var rejectedTokens: [String] { lock.withLock { rejected } }

    func run(_ tokens: TokenSet) async throws -> TokenSet {
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        let count = lock.withLock {
            rejected.append(tokens.accessToken)
            return rejected.count
        }
        return TokenSet(accessToken: "access-token-\(count + 1)")
    }
}
