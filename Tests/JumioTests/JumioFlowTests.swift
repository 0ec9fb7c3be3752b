import Foundation
import Jumio
import PayloadValidation
import SchemaModel
import SchemaSandbox
import XCTest

/// Issue 11, Jumio: the document's server-side flow against the sandbox on 127.0.0.1 (token -> workflow
/// request -> SDK token, an expired token renewed once by a new client-credentials token request, a
/// documented error as its typed case) and the SDK's result model decoded from the schema's examples.
final class JumioFlowTests: XCTestCase {
    private static let schemaPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schemas/jumio.yaml").path

    private var schema: Schema!
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        schema = try SchemaLoader.loadOrThrow(path: Self.schemaPath)
        sandbox = SandboxServer(schema: schema)
        try await sandbox.start()
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    /// The client for the token request (Basic client id and secret), and the client for the workflow
    /// request, which carries the token the first one issued and renews it through it.
    private func clients(store: any TokenStore) throws -> (auth: JumioClient, api: JumioClient) {
        let basic = try BasicCredentials.secret(id: "client-id", secret: "client-secret")
        let environment = JumioClient.Environment(baseURL: sandbox.baseURL)
        let auth = JumioClient(environment: environment, credentials: StaticCredentials(["clientCredentials": basic]))
        let api = JumioClient(environment: environment, middlewares: [auth.oauth2TokenMiddleware(store: store)])
        return (auth, api)
    }

    private let workflow = WorkflowRequest(
        customerInternalReference: "CUSTOMER_REFERENCE",
        workflowDefinition: WorkflowDefinition(
            key: 2,
            credentials: [
                WorkflowCredential(category: "ID", type: ValueList(values: ["DRIVING_LICENSE", "PASSPORT"]), country: ValueList(values: ["AUT", "USA"]))
            ]),
        callbackUrl: URL(string: "https://example.com/YOUR_CALLBACK_URL"),
        reportingCriteria: "YOUR_REPORTING_CRITERIA",
        userReference: "YOUR_USER_REFERENCE"
    )

    func testTokenThenWorkflowRequestReturnsTheSDKToken() async throws {
        let store = InMemoryTokenStore()
        let (auth, api) = try clients(store: store)

        let grant = try await auth.issueToken(body: TokenRequest(), savingTo: store)
        XCTAssertTrue(grant.access_token.hasPrefix("sandbox-oauth2-token-"), "the sandbox issued the token: \(grant.access_token)")
        XCTAssertEqual(grant.expires_in, 3600)
        let tokenRequest = try XCTUnwrap(sandbox.receivedRequests("issueToken").first)
        XCTAssertEqual(tokenRequest.headers["authorization"], "Basic " + Data("client-id:client-secret".utf8).base64EncodedString())
        XCTAssertEqual(tokenRequest.headers["content-type"]?.hasPrefix("application/x-www-form-urlencoded"), true)
        XCTAssertEqual(String(decoding: tokenRequest.body, as: UTF8.self), "grant_type=client_credentials")

        let answer = try await api.initiateWorkflow(body: workflow)
        XCTAssertEqual(answer.sdkToken, "YOUR_SDK_TOKEN")
        let workflowRequest = try XCTUnwrap(sandbox.receivedRequests("initiateWorkflow").first)
        XCTAssertEqual(workflowRequest.headers["authorization"], "Bearer \(grant.access_token)", "the workflow request carries the issued token")
        let sent = try JSONSerialization.jsonObject(with: workflowRequest.body) as? [String: Any]
        XCTAssertEqual(sent?["customerInternalReference"] as? String, "CUSTOMER_REFERENCE")
        XCTAssertEqual((sent?["workflowDefinition"] as? [String: Any])?["key"] as? Int, 2)
        XCTAssertEqual(sandbox.requestCount("issueToken"), 1)
        XCTAssertEqual(sandbox.requestCount("initiateWorkflow"), 1)
    }

    func testAnExpiredTokenIsRenewedOnceByANewTokenRequest() async throws {
        // The stored token expired an hour ago: the middleware requests a new one before sending.
        let store = InMemoryTokenStore()
        let (auth, api) = try clients(store: store)
        _ = try await auth.issueToken(body: TokenRequest(), savingTo: store)
        let issued = try await unwrapAsync(await store.load())
        try await store.save(TokenSet(accessToken: issued.accessToken, expiresAt: Date(timeIntervalSinceNow: -3600)))

        let answer = try await api.initiateWorkflow(body: workflow)
        XCTAssertEqual(answer.sdkToken, "YOUR_SDK_TOKEN")
        XCTAssertEqual(sandbox.requestCount("issueToken"), 2, "one login and exactly one renewal")
        XCTAssertEqual(sandbox.requestCount("initiateWorkflow"), 1)
        let renewed = try await unwrapAsync(await store.load())
        XCTAssertNotEqual(renewed.accessToken, issued.accessToken)
        XCTAssertEqual(sandbox.receivedRequests("initiateWorkflow").first?.headers["authorization"], "Bearer \(renewed.accessToken)")
    }

    func testATokenTheServerRejectsAsExpiredIsRenewedOnceAndTheCallResent() async throws {
        // The token looks valid locally, but the server says it has expired (401): one renewal, one resend.
        let store = InMemoryTokenStore()
        let (auth, api) = try clients(store: store)
        _ = try await auth.issueToken(body: TokenRequest(), savingTo: store)
        sandbox.inject(.unauthorized(count: 1), for: "initiateWorkflow")

        let answer = try await api.initiateWorkflow(body: workflow)
        XCTAssertEqual(answer.sdkToken, "YOUR_SDK_TOKEN")
        XCTAssertEqual(sandbox.requestCount("issueToken"), 2, "one login and one renewal")
        XCTAssertEqual(sandbox.requestCount("initiateWorkflow"), 2, "the rejected call and its resend")
        XCTAssertEqual(sandbox.receivedRequests("initiateWorkflow").map(\.status), [401, 200])
    }

    func testADocumentedErrorIsItsTypedCase() async throws {
        let store = InMemoryTokenStore()
        let (auth, _) = try clients(store: store)
        _ = try await auth.issueToken(body: TokenRequest(), savingTo: store)
        let api = JumioClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [SandboxExampleChoice("credentialsInvalid"), auth.oauth2TokenMiddleware(store: store)])
        do {
            _ = try await api.initiateWorkflow(body: workflow)
            XCTFail("the credentialsInvalid example must fail")
        } catch let error as JumioError {
            guard case .apiCredentialsInvalid(let details) = error else { return XCTFail("expected apiCredentialsInvalid, got \(error)") }
            XCTAssertEqual(details.status, 403)
            XCTAssertEqual(details.body?.message, "Authentication failed")
            XCTAssertEqual(error.rawCode, "C10401", "the concrete code of the C[x]0401 family")
            XCTAssertEqual(error.code, .apiCredentialsInvalid)
            XCTAssertFalse(error.isRetryable, "retry impossible")
        }
        XCTAssertEqual(sandbox.requestCount("initiateWorkflow"), 1)
    }

    func testTheErrorCatalogueMatchesFamiliesAndFixedCodesAsTheDocumentDescribes() {
        func error(_ code: String) -> JumioError {
            JumioError(
                response: HTTPResponse(
                    status: 400, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"code":"\#(code)","message":"m"}"#.utf8)))
        }
        let expected: [(String, JumioErrorCode, Bool)] = [
            ("A10000", .networkProblem, true), ("A99999", .networkProblem, true),
            ("B20001", .authenticationFailed, false), ("C30401", .apiCredentialsInvalid, false),
            ("E10000", .noInternetConnection, true), ("F00000", .resourcesNotLoaded, false),
            ("G00000", .cancelledByEndUser, false), ("H00000", .cameraNotAvailable, false),
            ("I00000", .certificateNotValid, false), ("J00000", .transactionAlreadyFinished, false),
            ("N00000", .requiredImagesMissing, false), ("Y00000", .barcodeWithoutAddress, false),
            ("Z00000", .backsideScannedFirst, false),
            // Not in the document's families: C[x]0402, E[x]0001, a seventh digit, lower case.
            ("C10402", .undocumented, false), ("E10001", .undocumented, false), ("A123456", .undocumented, false),
            ("a10000", .undocumented, false),
        ]
        for (code, kind, retryable) in expected {
            XCTAssertEqual(error(code).code, kind, code)
            XCTAssertEqual(error(code).isRetryable, retryable, code)
        }
    }

    // MARK: The SDK's result model (criterion 2 and the decoded payloads of criterion 3)

    private func example(_ type: String, _ name: String? = nil) throws -> Data {
        let examples = try XCTUnwrap(schema.type(named: type)?.examples, type)
        let value = try XCTUnwrap(name.map { name in examples.first { $0.name == name } } ?? examples.first, "\(type) \(name ?? "")")
        return Data(value.value.jsonText.utf8)
    }

    func testResultPayloadsDecodePerCredentialType() throws {
        let decoder = JSONCoding.makeDecoder()
        let success = try decoder.decode(ResultModel.self, from: example("Result", "success"))
        XCTAssertTrue(success.isSuccess)
        XCTAssertEqual(success.workflowExecutionId, "WORKFLOW_EXECUTION_ID")
        let id = try XCTUnwrap(success.idResults?.first)
        XCTAssertEqual(id.issuingCountry, "AUT")
        XCTAssertEqual(id.idType, .passport)
        XCTAssertEqual(id.extractionMethod, .mrz)
        XCTAssertEqual(success.faceResults?.first?.passed, true)
        XCTAssertEqual(success.faceResults?.first?.extractionMethod, .faceIProov)

        let cancelled = try decoder.decode(ResultModel.self, from: example("Result", "cancelled"))
        XCTAssertFalse(cancelled.isSuccess)
        XCTAssertEqual(cancelled.error?.code, "G00000")

        let idResult = try decoder.decode(IDResult.self, from: example("IDResult"))
        XCTAssertEqual(idResult.documentNumber, "P1234567")
        XCTAssertEqual(idResult.gender, .F)
        let face = try decoder.decode(FaceResult.self, from: example("FaceResult"))
        XCTAssertEqual(face.passed, true)
        let reject = try decoder.decode(RejectReason.self, from: example("RejectReason"))
        XCTAssertEqual(reject.code, .glare)
        XCTAssertEqual(reject.message, .glare)
    }

    func testSchemaCheckValidatesTheCallbackAndResultPayloads() throws {
        let validator = PayloadValidator(schema: schema)
        func issues(_ json: String, _ type: String) -> [ValidationIssue] {
            validator.validate(data: Data(json.utf8), against: .named(type))
        }
        XCTAssertTrue(issues(#"{"workflowExecution":{"id":"1","status":"PROCESSED"}}"#, "VerificationCallback").isEmpty)
        XCTAssertFalse(issues(#"["not an object"]"#, "VerificationCallback").isEmpty, "a callback is a JSON object")
        XCTAssertTrue(issues(String(decoding: try example("Result", "success"), as: UTF8.self), "Result").isEmpty)
        XCTAssertFalse(issues(#"{"issuingCountry":"AUSTRIA"}"#, "IDResult").isEmpty, "issuingCountry has at most 3 characters")
        XCTAssertFalse(issues(#"{"workflowExecutionId":"w","accountId":"a"}"#, "Result").isEmpty, "isSuccess is required")
    }
}

private func unwrapAsync<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) async throws -> T {
    try XCTUnwrap(value, file: file, line: line)
}
