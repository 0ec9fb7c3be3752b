import Foundation
import KDPay
import SchemaSandbox
import XCTest

/// The scenarios of the KD Pay document's first part (L19-L273), one test each, driven through the
/// generated client against the sandbox over HTTP on 127.0.0.1, logged in by the SMS flow.
final class KDPayScenarioTests: XCTestCase {
    private var sandbox: SandboxServer!
    private var store: InMemoryTokenStore!
    private var client: KDPayClient!

    override func setUp() async throws {
        sandbox = try await KDPaySandbox.start(options: SandboxOptions(pageItemCounts: ["getOperations": 7], defaultPageSize: 3))
        store = InMemoryTokenStore()
        let auth = KDPayClient(environment: .init(baseURL: sandbox.baseURL))
        client = KDPayClient(environment: .init(baseURL: sandbox.baseURL), middlewares: [auth.sessionTokenMiddleware(store: store)])
        _ = try await auth.login(body: LoginRequest(userPhone: "+79990001122", userName: "Ivan"))
        try await auth.confirmCode(body: ConfirmCodeRequest(code: "123456", fcmToken: "fcm-registration-token"), savingTo: store)
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// L27-L38: login -> confirmCode -> a stored session every call carries; logout clears it.
    func testSmsLoginStoresTheSessionCallsCarryItAndLogoutClearsIt() async throws {
        let stored = try await store.load()
        let session = try XCTUnwrap(stored?.accessToken)
        XCTAssertTrue(session.hasPrefix("sandbox-session-token-"), "the sandbox issued the session: \(session)")
        XCTAssertEqual(sandbox.requestCount("login"), 1)
        XCTAssertEqual(sandbox.requestCount("confirmCode"), 1)

        let banks = try await client.getBanks()
        XCTAssertEqual(banks.count, 3)
        XCTAssertEqual(sandbox.receivedRequests("getBanks").first?.headers["x-session-id"], session)

        try await client.logout(clearing: store)
        XCTAssertEqual(sandbox.requestCount("logout"), 1)
        let afterLogout = try await store.load()
        XCTAssertNil(afterLogout)
        do {
            _ = try await client.getBanks()
            XCTFail("logged out, so the call must fail")
        } catch KDPayError.authorization(let underlying) {
            XCTAssertTrue(underlying is TokenRefreshError, "ErrorMessage.Client.Authorization: no session, nothing sent (\(underlying))")
        }
        XCTAssertEqual(sandbox.requestCount("getBanks"), 1, "nothing was sent after logout")
    }

    /// ErrorMessage.Client.NotAuthorized: the server rejects the session; KD Pay has no refresh.
    func testARejectedSessionIsNotAuthorized() async throws {
        try await store.save(TokenSet(accessToken: "session-the-server-never-issued"))
        do {
            _ = try await client.getAccount(cached: false, isShort: false)
            XCTFail("the sandbox refuses a session it did not issue")
        } catch KDPayError.notAuthorized(let underlying) {
            XCTAssertTrue(underlying is TokenRefreshError, "\(underlying)")
        }
        XCTAssertEqual(sandbox.receivedRequests("getAccount").map(\.status), [401], "sent once, not retried")
    }

    /// L40-L62: no account (`walletAccountState == .none`), createAccount, then a ready account.
    func testAccountCreation() async throws {
        let noAccount = KDPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [
                KDPayClient(environment: .init(baseURL: sandbox.baseURL)).sessionTokenMiddleware(store: store), SandboxExampleChoice("none"),
            ])
        let before = try await noAccount.getAccount(cached: false, isShort: false)
        XCTAssertEqual(before.walletAccountState, .none_)
        XCTAssertNil(before.walletAccount)

        let created = try await client.createAccount(body: CreateAccountRequest())
        XCTAssertEqual(created.walletAccountState, .pending)

        let account = try await client.getAccount(cached: false, isShort: false)
        XCTAssertEqual(account.walletAccountState, .ready)
        XCTAssertEqual(account.walletAccount?.id, 501)
        XCTAssertEqual(account.walletAccount?.currency, "RUB")
        XCTAssertEqual(account.walletAccount?.status, .active)
        XCTAssertEqual(account.walletAccount?.forms?.status, .draft)
        XCTAssertEqual(sandbox.requestCount("getAccount"), 2)
        XCTAssertEqual(sandbox.requestCount("createAccount"), 1)
    }

    /// L64-L109: getBanks, addNewBank(bankId), then the linking status from getAccount's banks.
    func testBankLinkingAndItsStatus() async throws {
        let banks = try await client.getBanks()
        XCTAssertEqual(banks.map(\.name), ["Bank One", "Bank Two", "Bank Three"])
        XCTAssertEqual(banks[1].isLinked, false, "defaulted: false when absent")

        try await client.addNewBank(bankId: banks[1].id)
        XCTAssertEqual(sandbox.receivedRequests("addNewBank").map(\.path), ["/banks/2"])

        let account = try await client.getAccount(cached: false, isShort: false)
        let linking = try XCTUnwrap(account.walletAccount?.banks.first { $0.id == 2 })
        XCTAssertFalse(linking.isLinked, "in the list but not linked yet: linking in progress (L88)")
        XCTAssertTrue(linking.isRetryPossible)

        sandbox.inject(.failures(count: 1, status: 403), for: "getBanks")
        do {
            _ = try await client.getBanks()
            XCTFail("403 is ErrorMessage.Client.NoAccount")
        } catch KDPayError.noAccount(let response) {
            XCTAssertEqual(response.status, 403)
        }
        XCTAssertEqual(sandbox.requestCount("getBanks"), 2)
    }

    /// L111-L136: setDefaultBank(bankId) returns the linked banks with the new default.
    func testSetDefaultBank() async throws {
        let account = try await client.getAccount(cached: false, isShort: false)
        let chosen = try XCTUnwrap(account.walletAccount?.banks.first { !$0.isDefault })
        let banks = try await client.setDefaultBank(bankId: chosen.id)
        XCTAssertEqual(banks.first { $0.isDefault }?.id, chosen.id)
        XCTAssertEqual(banks.filter(\.isDefault).count, 1)
        XCTAssertEqual(sandbox.receivedRequests("setDefaultBank").map(\.path), ["/banks/2/default"])
    }

    /// L138-L161, L444-L471: OTP codes for QR strings, 10 by default.
    func testOtpCodesForQrStrings() async throws {
        let codes = try await client.requestOtpCodes()
        XCTAssertEqual(codes.codes.count, 3)
        _ = try await client.requestOtpCodes(amount: 20)
        XCTAssertEqual(sandbox.receivedRequests("requestOtpCodes").map { $0.queryItems.first { $0.name == "amount" }?.value }, ["10", "20"])
        XCTAssertEqual(sandbox.receivedRequests("requestOtpCodes").map(\.method), ["POST", "POST"])
        XCTAssertFalse("\(codes)".contains("100001"), "OTP codes are secrets: never printed")
    }

    /// L163-L220: getForm (decoded by shape), a draft with an invalid field, then the commit.
    func testFormDraftThenCommit() async throws {
        let form = try await client.getForm(type: "simplified")
        XCTAssertEqual(form.pageCount, 1)
        let fields = try XCTUnwrap(form.pages[1]?.groups[10]?.fields)
        guard case .editText(let surname)? = fields[100] else { return XCTFail("field 100 is an edit text: \(String(describing: fields[100]))") }
        XCTAssertEqual(surname.inputType, .text)
        XCTAssertEqual(surname.maxLength, 64)
        XCTAssertTrue(surname.isRequired, "true by default")
        guard case .radioGroup(let document)? = fields[101] else { return XCTFail("field 101 is a radio group") }
        XCTAssertEqual(document.choices[1]?.value, "passport")
        XCTAssertEqual(form.visibilityChecks.first?.operation, .equals)

        let draft = try await client.sendFormDraft(body: FormDraftRequest(type: "simplified", draftFields: [100: "Ivanov"]))
        XCTAssertEqual(draft.status, .error)
        XCTAssertEqual(draft.details?.map(\.fieldId), [101])

        let validation = try await client.getFormRequest(formId: draft.requestId, version: draft.version)
        XCTAssertEqual(validation.requestId, 77)

        let commit = try await client.sendFormCommit(
            body: FormDraftRequest(
                type: "simplified", formId: draft.requestId, version: draft.version,
                draftFields: [100: "Ivanov", 101: "passport"]))
        XCTAssertEqual(commit.status, .ok)
        XCTAssertEqual(commit.version, 2)
        let sent = try XCTUnwrap(sandbox.receivedRequests("sendFormCommit").first?.body)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
        XCTAssertEqual(json["formId"] as? Int, 77)
        XCTAssertEqual((json["draftFields"] as? [String: String])?["101"], "passport", "[Int: String] keys travel as strings")
        XCTAssertEqual(sandbox.requestCount("sendFormDraft"), 1)
    }

    /// L223-L249, L555-L577: the history pages by cursor forwards and back, with its filters.
    func testOperationsHistoryPagesBothWaysWithFilters() async throws {
        var pages: [OperationsModel] = []
        for try await page in client.getOperationsPages(
            type: .purchase, partner: "SPAR", datetimeStart: "2024-05-01",
            datetimeFinish: "2024-05-31", status: .success)
        {
            pages.append(page)
        }
        XCTAssertEqual(pages.map(\.operations.count), [3, 3, 1])
        XCTAssertNil(pages[0].prevCursor)
        XCTAssertNil(pages[2].nextCursor)
        XCTAssertEqual(pages[0].operations.first?.merchant, "SPAR")
        let first = try XCTUnwrap(sandbox.receivedRequests("getOperations").first)
        let query = Dictionary(first.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        XCTAssertEqual(query["type"], "Purchase")
        XCTAssertEqual(query["status"], "Success")
        XCTAssertEqual(query["partner"], "SPAR")
        XCTAssertEqual(query["datetimeStart"], "2024-05-01")
        XCTAssertEqual(query["datetimeFinish"], "2024-05-31")
        XCTAssertNil(query["cursor"], "the first request sends no cursor")

        var back: [OperationsModel] = []
        for try await page in client.getOperationsPages(before: pages[2], type: .purchase, status: .success) { back.append(page) }
        XCTAssertEqual(back.map(\.operations.count), [3, 3], "the two pages before the last, nearest first")
        XCTAssertEqual(sandbox.requestCount("getOperations"), 5, "3 forward + 2 back")
    }

    /// L252-L273, L580-L591: one operation by id and type.
    func testOperationDetails() async throws {
        let operation = try await client.getOperationInfo(id: 9001, type: .purchase)
        XCTAssertEqual(operation.id, 9001)
        XCTAssertEqual(operation.type, .purchase)
        XCTAssertEqual(operation.moneyFlowDirection, .outcome)
        XCTAssertEqual(operation.currency.symbol, "₽")
        XCTAssertEqual(operation.timestamp, Date(timeIntervalSince1970: 1_717_150_000))
        let sent = try XCTUnwrap(sandbox.receivedRequests("getOperationInfo").first)
        XCTAssertEqual(sent.path, "/operations/9001")
        XCTAssertEqual(sent.queryItems.first { $0.name == "type" }?.value, "Purchase")
    }

    /// L594-L620: both getCashbackInfo overloads, one endpoint.
    func testBothCashbackOverloads() async throws {
        _ = try await client.getCashbackInfo(prevMonth: 1, scenario: "main", collapsed: false, source: "push")
        _ = try await client.getCashbackInfo(params: ["prevMonth": "2", "widget": "summary"])
        let sent = sandbox.receivedRequests("getCashbackInfo").map { $0.queryItems.map { "\($0.name)=\($0.value ?? "")" }.sorted() }
        XCTAssertEqual(sent, [["collapsed=false", "prevMonth=1", "scenario=main", "source=push"], ["prevMonth=2", "widget=summary"]])
    }
}
