import ChannelTransportNIO
import DemoSupport
import Finaptic
import Foundation
import SchemaSandbox

/// `swift run finaptic-demo`: starts the sandbox in-process with Schemas/finaptic.yaml and drives the
/// generated Finaptic client through the document's flow — sign up, sign in, an onboarding application
/// with its KYC steps (images uploaded to the pre-signed URL), the customer, every account page by
/// page, one account's transactions, a transfer, a failed precondition as a typed error, an expired
/// token renewed by exactly one refresh, the step-up sign-in before removeAuthorizedUser, and the help-center
/// chat over a WebSocket (a dropped connection reconnects, the server's close 1000 ends it) — printing
/// each step and what goes over the wire (tokens, keys and passwords redacted by the logger).
@main
struct FinapticDemo {
    static func main() async {
        // The chat's answer to stopContact (else the sandbox echoes it, which the client reads as undocumented).
        var options = SandboxOptions()
        let farewell =
            #"{"kind":"message","id":"m-stop","participantRole":"systemMessage","content":"Ended.","#
            + #""timestamp":"2026-11-26T12:00:00Z"}"#
        options.channelReplies = ["chat": ["stopContact": farewell]]
        await Demo.run(schemaFile: "finaptic.yaml", options: options, flow)
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
        // Logging innermost: it shows the request as sent, with the bearer token the token middleware attached (redacted).
        let client = FinapticClient(
            environment: environment, transport: transport,
            middlewares: [auth.oauthTokenMiddleware(store: store, logger: logger), LoggingMiddleware(logger: logger)],
            credentials: credentials
        )
        let credential = Credential(email: "sample@finaptic.com", username: "Username", password: "Password1234!@#$")

        demo.step("authenticationClient.signUp, then signIn(savingTo:) — the AuthState goes to the token store")
        _ = try await auth.signUp(body: SignUpRequest(credential: credential))
        let session = try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        let stored = try await store.load()
        demo.result("signed in; access token expires in \(session.expiresIn.map { "\($0) s" } ?? "?"), refresh token stored: \(stored?.refreshToken != nil)")
        try demo.check(
            "the AuthState signIn returned is in the token store",
            stored?.accessToken == session.accessToken && stored?.refreshToken != nil && stored?.refreshToken == session.refreshToken,
            measured: "access token stored: \(stored?.accessToken == session.accessToken), refresh token stored: \(stored?.refreshToken != nil)")

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
        let uploads = sandbox.receivedRequests("uploadFile")
        try demo.check(
            "the three images reached the sandbox's upload route, without the client's credentials",
            uploads.count == 3
                && uploads.allSatisfy { $0.body == Data([0xFF, 0xD8, 0xFF, 0xE0]) && $0.header("Authorization") == nil && $0.header("X-Sdk-Key") == nil },
            measured: "uploadFile requests: \(uploads.count), statuses \(uploads.compactMap(\.status))")

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
        let finalize = sandbox.receivedRequests("finalizeApplicationCreateCustomer").last
        try demo.check(
            "sent with the signed-in user's access token", finalize?.header("Authorization") == "Bearer \(session.accessToken)",
            measured: "status \(finalize?.status.map(String.init) ?? "none")")

        demo.step("coreTransactionClient.listAccountsPages(pageSize: 2) — every page")
        var accounts: [Account] = []
        var pageCount = 0
        var lastHadToken = true
        for try await page in client.listAccountsPages(pageSize: 2) {
            demo.result("page: \(page.accounts.map(\.id)), next page token: \(page.nextPageToken == nil ? "none" : "yes")")
            accounts += page.accounts
            pageCount += 1
            lastHadToken = page.nextPageToken != nil
        }
        let tokensSent = sandbox.receivedRequests("listAccounts").map { $0.query("pageToken") ?? "-" }
        try demo.check(
            "every page: one request per page, each with the previous page's token, until a page has none",
            pageCount > 1 && !lastHadToken && tokensSent.count == pageCount && Set(tokensSent).count == pageCount && accounts.count >= 2,
            measured: "\(pageCount) pages, \(accounts.count) accounts, listAccounts requests: \(tokensSent.count)")

        demo.step("listTransactionsItems(accountId: \(accounts[0].id), pageSize: 3) — several pages, item by item")
        var count = 0
        for try await transaction in client.listTransactionsItems(accountId: accounts[0].id, pageSize: 3) {
            count += 1
            if count <= 3 {
                demo.result("\(transaction.transactionId) \(transaction.amount.amount) \(transaction.amount.currency) \(transaction.transactionState.rawValue)")
            }
        }
        let transactionPages = sandbox.requestCount("listTransactions")
        demo.result("\(count) transactions in \(transactionPages) pages")
        try demo.check(
            "several pages of at most 3, read item by item", transactionPages > 1 && count > 3 && count <= 3 * transactionPages,
            measured: "\(count) items, listTransactions requests: \(transactionPages)")

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
            throw DemoError("acceptAuthorizedUserInvitation succeeded although the sandbox answered 400")
        } catch let error as FinapticError {
            demo.result(
                "FinapticError.\(error.name) — code \(error.code.rawValue), status \(error.status.map(String.init) ?? "-"), retryable: \(error.isRetryable)")
            try demo.check(
                "a typed failedPrecondition error with its status, not retried",
                error.code == .failedPrecondition && error.status == 400 && !error.isRetryable
                    && sandbox.requestCount("acceptAuthorizedUserInvitation") == 1,
                measured: "requests: \(sandbox.requestCount("acceptAuthorizedUserInvitation"))")
        }

        demo.step("getTransferDetails — the access token has expired (the sandbox answers 401 once)")
        sandbox.inject(.unauthorized(count: 1), for: "getTransferDetails")
        let refreshesBefore = sandbox.requestCount("refreshAuthState")
        let state = try await client.getTransferDetails(transactionId: transfer.details.transactionId)
        let refreshes = sandbox.requestCount("refreshAuthState") - refreshesBefore
        demo.result("\(state.transactionId): \(state.status.rawValue); refreshes: \(refreshes)")
        let lookups = sandbox.receivedRequests("getTransferDetails")
        let renewed = try await store.load()
        try demo.check(
            "renewed by exactly one refresh, and the call resent with the new token",
            refreshes == 1 && lookups.compactMap(\.status) == [401, 200] && renewed != nil
                && lookups.last?.header("Authorization") == "Bearer \(renewed?.accessToken ?? "")"
                && lookups.first?.header("Authorization") != lookups.last?.header("Authorization"),
            measured: "refreshAuthState requests: \(refreshes), getTransferDetails statuses \(lookups.compactMap(\.status))")

        demo.step("Step-up: signIn(scope: \"remove:authorized_user\"), then removeAuthorizedUser")
        let users = try await client.listAuthorizedUsers(accountId: accounts[0].id)
        let authorizedUser = users.authorizedUsers.first ?? "1a7b9c3d-2e4f-4a6b-8c0d-9e1f2a3b4c5d"
        let stepUp = try await auth.signIn(body: SignInRequest(credential: credential, scope: "remove:authorized_user"), savingTo: store)
        let removed = try await client.removeAuthorizedUser(body: RemoveAuthorizedUserRequest(accountId: accounts[0].id, authorizedUser: authorizedUser))
        demo.result("removed \(authorizedUser); authorized users now: \(removed.authorizedUsers)")
        let stepUpSignIn = sandbox.receivedRequests("signIn").last.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        let removal = sandbox.receivedRequests("removeAuthorizedUser").last
        try demo.check(
            "removeAuthorizedUser carried the step-up sign-in's token",
            stepUpSignIn?["scope"] as? String == "remove:authorized_user" && removal?.header("Authorization") == "Bearer \(stepUp.accessToken)"
                && stepUp.accessToken != session.accessToken,
            measured: "removeAuthorizedUser status \(removal?.status.map(String.init) ?? "none")")

        demo.step("startChat, then chat(contactId:) over a WebSocket: a message, a drop the channel reconnects from, stopContact")
        let started = try await client.startChat(body: StartChatRequest(displayName: "Username", subject: "My card was declined"))
        // URLSession has no WebSockets on Linux: the chat goes over the NIO transport.
        let chatClient = FinapticClient(
            configuration: .init(
                baseURL: sandbox.baseURL, middlewares: [auth.oauthTokenMiddleware(store: store, logger: logger)], credentials: credentials,
                channelTransport: NIOChannelTransport()))
        // The first connection is dropped after two replies; the second ends with close 1000 after two.
        sandbox.inject(.dropChannel(count: 1, afterMessages: 2), for: "chat")
        sandbox.inject(.closeChannel(count: 1, afterMessages: 2, code: 1000), for: "chat")
        let chat = chatClient.chat(contactId: started.contactId)
        var updates = chat.statusUpdates.makeAsyncIterator()
        var statuses: [ChannelStatus] = []
        func awaitStatus(_ wanted: ChannelStatus) async {
            while let status = await updates.next(isolation: #isolation) {
                statuses.append(status)
                if status == wanted || status == .closed { return }
            }
        }
        var received: [String] = []
        try await chat.connect()
        var incoming = relay(chat).makeAsyncIterator()
        func receive() async throws { received.append(describe(try await incoming.next(isolation: #isolation))) }
        await awaitStatus(.connected)
        try await chat.send(.message(SendMessageRequest(messageContent: "Hello")))
        try await receive()
        try await chat.send(.message(SendMessageRequest(messageContent: "Are you there?")))
        try await receive()
        // The connection is gone: the reading loop finds it lost and reconnects; the demo sends once connected again.
        await awaitStatus(.connected)
        try await chat.send(.message(SendMessageRequest(messageContent: "Still there?")))
        try await receive()
        try await chat.send(.stopContact(StopContactMessage(contactId: started.contactId)))
        try await receive()
        try await receive()
        await awaitStatus(.closed)
        demo.result("received: \(received.joined(separator: ", "))")
        demo.result("status: \(statuses.map { "\($0)" }.joined(separator: " → "))")
        try demo.check(
            "a message and an event, a reply after the reconnection, the stop answered, and close 1000 ended the chat",
            received.count == 5 && received[0].hasPrefix("message") && received[1].hasPrefix("event") && received[2].hasPrefix("message")
                && received[3] == "message from systemMessage" && received[4] == "end"
                && statuses == [.connecting, .connected, .reconnecting(attempt: 1), .connected, .closed] && chat.status == .closed
                && sandbox.requestCount("chat") == 2,
            measured: "\(received.count - 1) messages, chat connections: \(sandbox.requestCount("chat"))")

        demo.step("signOut(clearing:)")
        try await client.signOut(clearing: store)
        let cleared = try await store.load() == nil
        demo.result("store cleared: \(cleared)")
        try demo.check(
            "the server was told and the token store is empty",
            cleared && sandbox.receivedRequests("signOut").last?.status == 204,
            measured: "signOut requests: \(sandbox.requestCount("signOut"))")
    }

    /// The chat's messages as a stream read one at a time, while one loop reads the channel (and reconnects it)
    /// in the background: a channel's messages have one loop, and dropping a loop that started closes the channel.
    static func relay(_ chat: Channel<ChatOutgoing, ChatIncoming, FinapticClient.ChatClosed>) -> AsyncThrowingStream<ChatIncoming, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ChatIncoming, any Error>.makeStream()
        let reader = Task {
            do {
                for try await message in chat.messages { continuation.yield(message) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }

    static func describe(_ message: ChatIncoming?) -> String {
        switch message {
        case .message(let message)?: "message from \(message.participantRole.rawValue)"
        case .event(let event)?: "event \(event.type.rawValue)"
        case .undocumented?: "undocumented"
        case nil: "end"
        }
    }
}
