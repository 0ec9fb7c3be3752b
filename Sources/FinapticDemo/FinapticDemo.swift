import DemoSupport
import Finaptic
import Foundation
import SchemaSandbox

/// `swift run finaptic-demo`: starts the sandbox in-process with Schemas/finaptic.yaml and drives the
/// generated Finaptic client through the document's flow — sign up, sign in, an onboarding application
/// with its KYC steps (images uploaded to the pre-signed URL), the customer, every account page by
/// page, one account's transactions, a transfer, a failed precondition as a typed error, an expired
/// token renewed by exactly one refresh, and the step-up sign-in before removeAuthorizedUser — printing
/// each step and what goes over the wire (tokens, keys and passwords redacted by the logger).
@main
struct FinapticDemo {
    static func main() async {
        await Demo.run(schemaFile: "finaptic.yaml", flow)
    }

    @MainActor
    static func flow(_ demo: Demo) async throws {
        let sandbox = demo.sandbox

        let logger = demo.wireLogger
        let transport = SandboxCallTimeURLRouting(sandbox: sandbox, host: "uploads.example.com", operation: "uploadFile")
        // The sandbox accepts any non-empty SDK key; an app passes the one Finaptic gave it.
        let credentials = StaticCredentials(["sdkKey": "demo-sdk-key"])
        let environment = FinapticClient.Environment(baseURL: sandbox.baseURL)
        let store = InMemoryTokenStore()
        let auth = FinapticClient(environment: environment, transport: transport, middlewares: [LoggingMiddleware(logger: logger)], credentials: credentials)
        let client = FinapticClient(
            environment: environment, transport: transport,
            middlewares: [LoggingMiddleware(logger: logger), auth.oauthTokenMiddleware(store: store, logger: logger)],
            credentials: credentials
        )
        let credential = Credential(email: "sample@finaptic.com", username: "Username", password: "Password1234!@#$")

        demo.step("authenticationClient.signUp, then signIn(savingTo:) — the AuthState goes to the token store")
        _ = try await auth.signUp(body: SignUpRequest(credential: credential))
        let session = try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        demo.result("signed in; access token expires in \(session.expiresIn.map { "\($0) s" } ?? "?"), refresh token stored: \(session.refreshToken != nil)")

        demo.step("onboardingClient.initiateApplication(bundleId: .prepaidV1)")
        let initiated = try await client.initiateApplication(body: InitiateApplicationRequest(bundleId: .prepaidV1))
        let applicationId = initiated.basicDetails.applicationId
        demo.result(
            "application \(applicationId): \(initiated.basicDetails.onboardingApplicationStatus.rawValue), requestStatus \(initiated.basicDetails.requestStatus)"
        )
        for verification in initiated.basicDetails.verificationNeeded {
            demo.result("verification needed: \(verification.name.rawValue) \(verification.requiredUpdates)")
        }

        demo.step("updatePersonalDetails")
        let details = try await client.updatePersonalDetails(
            body: UpdatePersonalDetailsRequest(
                onboardingApplicationId: applicationId,
                customerPersonalDetails: PersonalDetails(firstName: "COMPANY", lastName: "SAMPLE", dateOfBirth: CalendarDate(year: 2000, month: 3, day: 6))))
        demo.result(details.basicDetails.onboardingApplicationStatus.rawValue)

        demo.step("updateConsents — the consents initiateApplication asked for")
        let now = Date()
        let consents = (initiated.basicDetails.consents ?? []).map {
            Consent(consentType: $0.documentType, consentTimestamp: now, documentNameAndVersion: $0.documentNameAndVersion, viewTimestamp: now)
        }
        let consented = try await client.updateConsents(body: UpdateConsentsRequest(onboardingApplicationId: applicationId, consents: consents))
        demo.result("\(consents.map(\.consentType)) accepted: \(consented.basicDetails.requestStatus)")

        demo.step("KYC: createFileUploadURL + uploadFile for the document front, back and the selfie")
        var fileNames: [String] = []
        for image in ["front", "back", "selfie"] {
            let upload = try await client.createFileUploadURL(body: CreateFileUploadUrlRequest(onboardingApplicationId: applicationId))
            try await client.uploadFile(uploadUrl: upload.uploadUrl, body: Data([0xFF, 0xD8, 0xFF, 0xE0]))
            demo.result("\(image): \(upload.filename) uploaded to \(upload.uploadUrl.host ?? "?") (routed to the sandbox's upload route)")
            fileNames.append(upload.filename)
        }

        demo.step("validateDocuments, validateSelfie, validateApplication, acceptApplication")
        let documents = try await client.validateDocuments(
            body: ValidateDocumentsRequest(
                onboardingApplicationId: applicationId,
                documentDetails: [
                    DocumentInfo(
                        documentType: "DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE", documentCountry: "CA",
                        frontImageFileName: fileNames[0], backImageFileName: fileNames[1], documentState: "QC")
                ]))
        demo.result(
            "documents: \(documents.basicDetails.onboardingApplicationStatus.rawValue), failure codes \(documents.basicDetails.failureStatusCodes.map(\.rawValue))"
        )
        let selfie = try await client.validateSelfie(body: ValidateSelfieRequest(onboardingApplicationId: applicationId, fileName: fileNames[2]))
        demo.result("selfie: \(selfie.basicDetails.onboardingApplicationStatus.rawValue)")
        let validated = try await client.validateApplication(body: ValidateApplicationRequest(onboardingApplicationId: applicationId))
        demo.result("application: \(validated.basicDetails.onboardingApplicationStatus.rawValue)")
        let accepted = try await client.acceptApplication(body: AcceptApplicationRequest(onboardingApplicationId: applicationId))
        demo.result("accepted: \(accepted.basicDetails.onboardingApplicationStatus.rawValue)")

        demo.step("finalizeApplicationCreateCustomer — with the signed-in user's token")
        let customer = try await client.finalizeApplicationCreateCustomer(
            body: FinalizeApplicationCreateCustomerRequest(onboardingApplicationId: applicationId))
        demo.result("customer \(customer.customerId): \(customer.basicDetails.onboardingApplicationStatus.rawValue)")

        demo.step("coreTransactionClient.listAccountsPages(pageSize: 2) — every page")
        var accounts: [Account] = []
        for try await page in client.listAccountsPages(pageSize: 2) {
            demo.result("page: \(page.accounts.map(\.id)), next page token: \(page.nextPageToken == nil ? "none" : "yes")")
            accounts += page.accounts
        }

        demo.step("listTransactionsItems(accountId: \(accounts[0].id), pageSize: 3) — several pages, item by item")
        var count = 0
        for try await transaction in client.listTransactionsItems(accountId: accounts[0].id, pageSize: 3) {
            count += 1
            if count <= 3 {
                demo.result("\(transaction.transactionId) \(transaction.amount.amount) \(transaction.amount.currency) \(transaction.transactionState.rawValue)")
            }
        }
        demo.result("\(count) transactions in \(sandbox.requestCount("listTransactions")) pages")

        demo.step("coreTransferClient.initiateTransfer 0.01 CAD \(accounts[0].id) → \(accounts[1].id)")
        let transfer = try await client.initiateTransfer(
            body: InitiateTransferRequest(
                sourceAccountId: accounts[0].id, destinationAccountId: accounts[1].id,
                fundTransfer: Amount(amount: Decimal(string: "0.01")!, currency: "CAD")))
        demo.result("\(transfer.details.transactionId): \(transfer.details.status.rawValue) (\(transfer.details.transferType.rawValue))")

        demo.step("acceptAuthorizedUserInvitation for an invitation that is no longer Pending")
        sandbox.inject(.failures(count: 1, status: 400), for: "acceptAuthorizedUserInvitation")
        do {
            try await client.acceptAuthorizedUserInvitation(body: AcceptAuthorizedUserInvitationRequest(invitationId: "inv-0001"))
        } catch let error as FinapticError {
            demo.result(
                "FinapticError.\(error.name) — code \(error.code.rawValue), status \(error.status.map(String.init) ?? "-"), retryable: \(error.isRetryable)")
        }

        demo.step("getTransferDetails — the access token has expired (the sandbox answers 401 once)")
        sandbox.inject(.unauthorized(count: 1), for: "getTransferDetails")
        let state = try await client.getTransferDetails(transactionId: transfer.details.transactionId)
        demo.result("\(state.transactionId): \(state.status.rawValue); refreshes: \(sandbox.requestCount("refreshAuthState"))")

        demo.step("Step-up: signIn(scope: \"remove:authorized_user\"), then removeAuthorizedUser")
        let users = try await client.listAuthorizedUsers(accountId: accounts[0].id)
        let authorizedUser = users.authorizedUsers.first ?? "1a7b9c3d-2e4f-4a6b-8c0d-9e1f2a3b4c5d"
        try await auth.signIn(body: SignInRequest(credential: credential, scope: "remove:authorized_user"), savingTo: store)
        let removed = try await client.removeAuthorizedUser(body: RemoveAuthorizedUserRequest(accountId: accounts[0].id, authorizedUser: authorizedUser))
        demo.result("removed \(authorizedUser); authorized users now: \(removed.authorizedUsers)")

        demo.step("signOut(clearing:)")
        try await client.signOut(clearing: store)
        demo.result("store cleared: \(try await store.load() == nil)")
    }
}
