import Finaptic
import Foundation
import SchemaModel
import SchemaSandbox
import XCTest

/// Issue 9, item 7: the document's flow, from sign-up to a transfer, through the generated Finaptic
/// client against the sandbox serving Schemas/finaptic.yaml over HTTP on 127.0.0.1.
final class FinapticFlowTests: XCTestCase {
    private var sandbox: SandboxServer!

    override func setUp() async throws {
        sandbox = try await FinapticSandbox.start()
    }

    override func tearDown() async throws {
        await sandbox.stop()
    }

    func testSignUpToTransferWithAFailedPreconditionAndOneRefreshMidFlow() async throws {
        let store = InMemoryTokenStore()
        let (auth, client) = FinapticSandbox.clients(for: sandbox, store: store)
        let credential = Credential(email: "sample@finaptic.com", username: "Username", password: "Password1234!@#$")

        // Sign up, then sign in: the AuthState's access and refresh tokens land in the store.
        _ = try await auth.signUp(body: SignUpRequest(credential: credential))
        let signedIn = try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        let storedAfterSignIn = try await store.load()
        let firstTokens = try XCTUnwrap(storedAfterSignIn)
        XCTAssertEqual(firstTokens.accessToken, signedIn.accessToken)
        XCTAssertEqual(firstTokens.refreshToken, signedIn.refreshToken)
        XCTAssertTrue(signedIn.accessToken.hasPrefix("sandbox-oauth-token-"), "the sandbox issued the token: \(signedIn.accessToken)")
        XCTAssertNotNil(signedIn.refreshToken)
        XCTAssertEqual(sandbox.receivedRequests("signUp").first?.headers["x-sdk-key"], FinapticSandbox.sdkKey, "SDK-key calls carry the key")

        // The onboarding application.
        let initiated = try await client.initiateApplication(body: InitiateApplicationRequest(bundleId: .prepaidV1))
        XCTAssertEqual(initiated.basicDetails.requestStatus, "OK")
        XCTAssertEqual(initiated.basicDetails.onboardingApplicationStatus, .newApplication)
        XCTAssertEqual(initiated.basicDetails.verificationNeeded.first?.name, .kyc)
        let applicationId = initiated.basicDetails.applicationId
        XCTAssertEqual(applicationId, UUID(uuidString: "3f1c2a9e-5b7d-4e21-9a0c-6d8e4f2b1a73"))

        let details = try await client.updatePersonalDetails(
            body: UpdatePersonalDetailsRequest(
                onboardingApplicationId: applicationId,
                customerPersonalDetails: PersonalDetails(firstName: "COMPANY", lastName: "SAMPLE", dateOfBirth: CalendarDate(year: 2000, month: 3, day: 6))))
        XCTAssertEqual(details.basicDetails.onboardingApplicationStatus, .dataCollection)

        // The consents the application asks for, accepted with the document name and version it gave.
        let terms = try XCTUnwrap(initiated.basicDetails.consents?.first)
        let viewedAt = Date(timeIntervalSince1970: 1_717_149_540)
        let consents = try await client.updateConsents(
            body: UpdateConsentsRequest(
                onboardingApplicationId: applicationId,
                consents: [
                    Consent(
                        consentType: terms.documentType, consentTimestamp: viewedAt.addingTimeInterval(60),
                        documentNameAndVersion: terms.documentNameAndVersion, viewTimestamp: viewedAt)
                ]))
        XCTAssertEqual(consents.basicDetails.requestStatus, "OK")
        let sentConsent =
            (try JSONSerialization.jsonObject(with: try XCTUnwrap(sandbox.receivedRequests("updateConsents").first?.body)) as? [String: Any])?["consents"]
            as? [[String: Any]]
        XCTAssertEqual(sentConsent?.first?["consentType"] as? String, "CONSENT_TYPE_TERMS_OF_USE")
        XCTAssertEqual(sentConsent?.first?["documentNameAndVersion"] as? String, "https://must-be-a-well-formed-url.com/document/1.0")

        // KYC: an upload URL per image, the bytes to it, then the documents and the selfie by file name.
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46])
        var fileNames: [String] = []
        for _ in 0..<3 {  // front, back, selfie
            let upload = try await client.createFileUploadURL(body: CreateFileUploadUrlRequest(onboardingApplicationId: applicationId))
            XCTAssertEqual(upload.uploadUrl.host, "uploads.example.com", "the pre-signed URL as the response gives it")
            try await client.uploadFile(uploadUrl: upload.uploadUrl, body: jpeg)
            fileNames.append(upload.filename)
        }
        let uploads = sandbox.receivedRequests("uploadFile")
        XCTAssertEqual(uploads.count, 3)
        XCTAssertEqual(uploads.first?.body, jpeg, "the image bytes, unchanged")
        XCTAssertEqual(uploads.first?.headers["content-type"], "image/jpeg")
        XCTAssertEqual(uploads.first?.queryItems, [URLQueryItem(name: "signature", value: "abc")], "the pre-signed query is kept")
        XCTAssertNil(uploads.first?.headers["x-sdk-key"], "no credential goes to the upload URL")
        XCTAssertNil(uploads.first?.headers["authorization"])

        let documents = try await client.validateDocuments(
            body: ValidateDocumentsRequest(
                onboardingApplicationId: applicationId,
                documentDetails: [
                    DocumentInfo(
                        documentType: "DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", documentCountry: "CA",
                        frontImageFileName: fileNames[0], backImageFileName: fileNames[1], documentState: "QC")
                ]))
        XCTAssertEqual(documents.basicDetails.onboardingApplicationStatus, .kycInProgress)
        XCTAssertEqual(documents.basicDetails.failureStatusCodes, [])
        let selfie = try await client.validateSelfie(body: ValidateSelfieRequest(onboardingApplicationId: applicationId, fileName: fileNames[2]))
        XCTAssertEqual(selfie.basicDetails.onboardingApplicationStatus, .kycInProgress)
        let validated = try await client.validateApplication(body: ValidateApplicationRequest(onboardingApplicationId: applicationId))
        XCTAssertEqual(validated.basicDetails.onboardingApplicationStatus, .kycSuccess)
        let accepted = try await client.acceptApplication(body: AcceptApplicationRequest(onboardingApplicationId: applicationId))
        XCTAssertEqual(accepted.basicDetails.onboardingApplicationStatus, .applicationAccepted)
        let sentDocuments = try XCTUnwrap(sandbox.receivedRequests("validateDocuments").first?.body)
        let sentDocument = (try JSONSerialization.jsonObject(with: sentDocuments) as? [String: Any])?["documentDetails"] as? [[String: Any]]
        XCTAssertEqual(sentDocument?.first?["frontImageFileName"] as? String, fileNames[0], "validateDocuments names the uploaded file")

        // Finalize: the customer is created with the signed-in user's token.
        let customer = try await client.finalizeApplicationCreateCustomer(
            body: FinalizeApplicationCreateCustomerRequest(onboardingApplicationId: applicationId))
        XCTAssertEqual(customer.customerId, UUID(uuidString: "8e2d4c6a-1f3b-4a5c-9d7e-0b2a4c6e8f10"))
        XCTAssertEqual(customer.basicDetails.onboardingApplicationStatus, .applicationProcessed)
        XCTAssertEqual(sandbox.receivedRequests("finalizeApplicationCreateCustomer").first?.headers["authorization"], "Bearer \(signedIn.accessToken)")

        // Every account, two a page (the sandbox serves 7: pages of 2, 2, 2, 1).
        var accountPages: [ListAccountsResponse] = []
        for try await page in client.listAccountsPages(pageSize: 2) { accountPages.append(page) }
        XCTAssertEqual(accountPages.map(\.accounts.count), [2, 2, 2, 1])
        XCTAssertEqual(sandbox.requestCount("listAccounts"), 4)
        let accounts = accountPages.flatMap(\.accounts)
        XCTAssertEqual(accounts.first?.id, "acc-0001")
        XCTAssertNil(accountPages.last?.nextPageToken, "the last page has no next token")

        // Several pages of one account's transactions, item by item.
        var transactions: [Transaction] = []
        for try await transaction in client.listTransactionsItems(accountId: accounts[0].id, pageSize: 3) { transactions.append(transaction) }
        XCTAssertEqual(transactions.count, 7)
        XCTAssertEqual(sandbox.requestCount("listTransactions"), 3, "pages of 3, 3 and 1")
        XCTAssertEqual(transactions.first?.amount, Amount(amount: Decimal(string: "12.30")!, currency: "CAD"))
        XCTAssertEqual(transactions.first?.transactionState, .posted)
        XCTAssertEqual(
            sandbox.receivedRequests("listTransactions").map { $0.queryItems.first { $0.name == "accountId" }?.value }, ["acc-0001", "acc-0001", "acc-0001"])

        // A transfer between two of the accounts.
        let transfer = try await client.initiateTransfer(
            body: InitiateTransferRequest(
                sourceAccountId: accounts[0].id, destinationAccountId: accounts[1].id,
                fundTransfer: Amount(amount: Decimal(string: "0.01")!, currency: "CAD")))
        XCTAssertEqual(transfer.details.status, .completed)
        XCTAssertEqual(transfer.details.transferType, .internalAccountToAccount)
        XCTAssertEqual(transfer.reason, "")

        // A documented error: an invitation that is no longer Pending cannot be accepted.
        sandbox.inject(.failures(count: 1, status: 400), for: "acceptAuthorizedUserInvitation")
        do {
            try await client.acceptAuthorizedUserInvitation(body: AcceptAuthorizedUserInvitationRequest(invitationId: "inv-0001"))
            XCTFail("the sandbox answers failedPrecondition")
        } catch FinapticError.failedPrecondition(let response) {
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(response.body?.code, "failedPrecondition")
            XCTAssertNotNil(response.body?.message)
        }
        XCTAssertEqual(sandbox.requestCount("acceptAuthorizedUserInvitation"), 1, "a failed precondition is not retried")

        // The access token expires mid-flow: one 401, one refresh, the call resent with the new token.
        sandbox.inject(.unauthorized(count: 1), for: "getTransferDetails")
        let state = try await client.getTransferDetails(transactionId: transfer.details.transactionId)
        XCTAssertEqual(state.status, .completed)
        XCTAssertEqual(sandbox.requestCount("refreshAuthState"), 1, "exactly one refresh")
        XCTAssertEqual(sandbox.receivedRequests("getTransferDetails").map(\.status), [401, 200])
        let storedAfterRefresh = try await store.load()
        let renewed = try XCTUnwrap(storedAfterRefresh)
        XCTAssertNotEqual(renewed.accessToken, firstTokens.accessToken)
        XCTAssertEqual(sandbox.receivedRequests("getTransferDetails").last?.headers["authorization"], "Bearer \(renewed.accessToken)")
        let refreshBody = try XCTUnwrap(sandbox.receivedRequests("refreshAuthState").first?.body)
        XCTAssertEqual(
            (try JSONSerialization.jsonObject(with: refreshBody) as? [String: Any])?["refreshToken"] as? String,
            firstTokens.refreshToken, "the refresh sent the stored refresh token")

        // Every request of the flow, counted by the sandbox: nothing sent twice but the 401'd call.
        XCTAssertEqual(
            sandbox.requestCounts(),
            [
                "signUp": 1, "signIn": 1, "initiateApplication": 1, "updatePersonalDetails": 1, "updateConsents": 1,
                "createFileUploadURL": 3, "uploadFile": 3, "validateDocuments": 1, "validateSelfie": 1,
                "validateApplication": 1, "acceptApplication": 1, "finalizeApplicationCreateCustomer": 1,
                "listAccounts": 4, "listTransactions": 3, "initiateTransfer": 1, "acceptAuthorizedUserInvitation": 1,
                "getTransferDetails": 2, "refreshAuthState": 1,
            ])
    }

    func testStepUpSignInBeforeRemovingAnAuthorizedUser() async throws {
        let store = InMemoryTokenStore()
        let (auth, client) = FinapticSandbox.clients(for: sandbox, store: store)
        let credential = Credential(email: "sample@finaptic.com", username: "Username", password: "Password1234!@#$")
        let session = try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        let users = try await client.listAuthorizedUsers(accountId: "acc-0001")
        let authorizedUser = try XCTUnwrap(users.authorizedUsers.first)

        // "A user can remove an authorized user only if they have completed the step up authentication
        // with a scope set to "remove:authorized_user"": sign in again with that scope, as the SDK does.
        let stepUp = try await auth.signIn(body: SignInRequest(credential: credential, scope: "remove:authorized_user"), savingTo: store)
        let removed = try await client.removeAuthorizedUser(body: RemoveAuthorizedUserRequest(accountId: "acc-0001", authorizedUser: authorizedUser))

        XCTAssertEqual(removed.authorizedUsers, [])
        let signIns = sandbox.receivedRequests("signIn").map { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        XCTAssertEqual(signIns.map { $0?["scope"] as? String }, [nil, "remove:authorized_user"], "the step-up sign-in sent the scope")
        XCTAssertNotEqual(stepUp.accessToken, session.accessToken)
        let storedAfterStepUp = try await store.load()
        XCTAssertEqual(storedAfterStepUp?.accessToken, stepUp.accessToken, "the step-up credential replaced the session's, as in the SDK")
        XCTAssertEqual(
            sandbox.receivedRequests("removeAuthorizedUser").map { $0.headers["authorization"] }, ["Bearer \(stepUp.accessToken)"],
            "removeAuthorizedUser carried the step-up token")
        XCTAssertEqual(sandbox.receivedRequests("listAuthorizedUsers").map { $0.headers["authorization"] }, ["Bearer \(session.accessToken)"])
    }
}

/// The sandbox serving Schemas/finaptic.yaml, and clients wired the way an app wires them.
enum FinapticSandbox {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// A made-up key: the sandbox accepts any non-empty SDK key.
    static let sdkKey = "test-sdk-key"

    static func start(options: SandboxOptions = .init()) async throws -> SandboxServer {
        let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent("Schemas/finaptic.yaml").path)
        let server = SandboxServer(schema: schema, options: options)
        try await server.start()
        return server
    }

    /// `auth` signs in and refreshes; `client` makes every other call with the SDK key and the stored
    /// tokens. Both reach the storage host of the pre-signed upload URLs through the sandbox.
    static func clients(for sandbox: SandboxServer, store: any TokenStore) -> (auth: FinapticClient, client: FinapticClient) {
        let transport = SandboxCallTimeURLRouting(sandbox: sandbox, host: "uploads.example.com", operation: "uploadFile")
        let credentials = StaticCredentials(["sdkKey": sdkKey])
        let environment = FinapticClient.Environment(baseURL: sandbox.baseURL)
        let auth = FinapticClient(environment: environment, transport: transport, credentials: credentials)
        let client = FinapticClient(
            environment: environment, transport: transport,
            middlewares: [auth.oauthTokenMiddleware(store: store)], credentials: credentials)
        return (auth, client)
    }
}
