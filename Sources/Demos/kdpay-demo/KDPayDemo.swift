import DemoSupport
import Foundation
import KDPay
import SchemaSandbox

/// `swift run kdpay-demo`: starts the sandbox in-process with Schemas/kdpay.yaml and drives the generated
/// KD Pay client through the document's scenarios (L19-L273): the SMS login, the account, banks and the
/// default bank, OTP codes, a form from draft to commit, the operations history both ways, one
/// operation, the caches, and logout, printing each step and what goes over the wire (the session id and
/// OTP codes are redacted by the logger).
@main
struct KDPayDemo {
    static func main() async {
        await Demo.run(schemaFile: "kdpay.yaml", options: SandboxOptions(pageItemCounts: ["getOperations": 5], defaultPageSize: 2), flow)
    }

    @MainActor
    static func flow(_ demo: Demo) async throws {
        let sandbox = demo.sandbox

        // Processing.beta chooses the endpoint; here both are the sandbox.
        let environment = KDPayClient.Environment(baseURL: sandbox.baseURL)
        let logger = demo.wireLogger
        let session = InMemoryTokenStore()
        let cache = ResponseCache()
        let auth = KDPayClient(environment: environment, middlewares: [LoggingMiddleware(logger: logger)])
        // Logging innermost, so it shows the session header as sent (redacted) and a cache hit sends nothing.
        let client = KDPayClient(
            environment: environment,
            middlewares: [
                CachingMiddleware(cache: cache, logger: logger),
                auth.sessionTokenMiddleware(store: session, logger: logger),
                LoggingMiddleware(logger: logger),
            ])
        // The same session, asking the sandbox for getAccount's `none` example: a user without an account.
        let newUser = KDPayClient(
            environment: environment,
            middlewares: [
                auth.sessionTokenMiddleware(store: session), SandboxExampleChoice("none"), LoggingMiddleware(logger: logger),
            ])

        demo.step("getBanks() before login")
        do {
            _ = try await client.getBanks()
            throw DemoError("getBanks succeeded without a session")
        } catch let error as KDPayError {
            demo.result("\(error.code): ErrorMessage.Client.Authorization, nothing was sent")
            try demo.check(
                "refused by the client with .authorization; nothing reached the sandbox",
                error.code == .authorization && sandbox.requestCounts().isEmpty && demo.wireEvents(.request).isEmpty,
                measured: "requests the sandbox counted: \(sandbox.requestCounts().values.reduce(0, +))")
        }

        demo.step("login(userPhone:userName:) — the server sends an SMS code")
        let login = try await auth.login(body: LoginRequest(userPhone: "+79990001122", userName: "Ivan"))
        demo.result("userId \(login.userId)")
        demo.step("confirmCode(code:fcmToken:) — the session is stored and sent with every call")
        let confirmed = try await auth.confirmCode(body: ConfirmCodeRequest(code: "123456", fcmToken: "fcm-registration-token"), savingTo: session)
        let stored = try await session.load()
        demo.result("userId \(confirmed.userId), session stored: \(stored != nil)")
        try demo.check(
            "the session confirmCode returned is in the store", stored != nil && stored?.accessToken == confirmed.sessionId,
            measured: "session stored: \(stored != nil)")

        demo.step("getAccount(cached: false) — no account yet, then createAccount()")
        let none = try await newUser.getAccount(cached: false, isShort: false)
        demo.result("walletAccountState \(none.walletAccountState.rawValue): processAccountNotExists()")
        let created = try await client.createAccount(body: CreateAccountRequest())
        demo.result("createAccount: walletAccountState \(created.walletAccountState.rawValue)")
        let account = try await client.getAccount(cached: false, isShort: false)
        demo.result(
            "walletAccountState \(account.walletAccountState.rawValue), balance \(account.walletAccount?.balance ?? 0) \(account.walletAccount?.currency ?? "")"
        )
        let sessionHeaders = ["getAccount", "createAccount"].flatMap { sandbox.receivedRequests($0) }.map { $0.header("X-Session-Id") }
        try demo.check(
            "every call carried the stored session", sessionHeaders.count == 3 && sessionHeaders.allSatisfy { $0 == stored?.accessToken },
            measured: "\(sessionHeaders.count) requests, each with X-Session-Id")

        demo.step("getAccount(cached: true) — the stored account, nothing sent")
        let before = sandbox.requestCount("getAccount")
        let cached = try await client.getAccount(cached: true, isShort: false)
        demo.result("served from cache: account \(cached.walletAccount?.id ?? 0), requests to getAccount \(before) -> \(sandbox.requestCount("getAccount"))")
        try demo.check(
            "the account getAccount(cached: false) stored, and no request",
            cached == account && sandbox.requestCount("getAccount") == before && demo.wireEvents(.cacheHit, operation: "getAccount").count == 1
                && demo.wireEvents(.request).isEmpty,
            measured: "getAccount requests \(before) -> \(sandbox.requestCount("getAccount")), cache hits: \(demo.wireEvents(.cacheHit).count)")

        demo.step("getBanks(), addNewBank(2), then the linking status from getAccount")
        let banks = try await client.getBanks()
        demo.result(banks.map { "\($0.id) \($0.name)" }.joined(separator: ", "))
        try await client.addNewBank(bankId: 2)
        let linked = try await client.getAccount(cached: false, isShort: false).walletAccount?.banks ?? []
        for bank in linked {
            demo.result("bank \(bank.id): \(bank.isLinked ? "linked" : "linking in progress")\(bank.isDefault ? ", default" : "")")
        }

        demo.step("setDefaultBank(2)")
        let defaults = try await client.setDefaultBank(bankId: 2)
        demo.result("default bank now \(defaults.first { $0.isDefault }?.name ?? "-")")

        demo.step("requestOtpCodes() — codes for QR strings at the cash desk (amount 10 by default)")
        let codes = try await client.requestOtpCodes()
        demo.result("\(codes.codes.count) OTP codes received (values are secrets)")
        let otpRequest = sandbox.receivedRequests("requestOtpCodes").last
        try demo.check(
            "asked for amount 10 without the caller giving one", otpRequest?.query("amount") == "10" && !codes.codes.isEmpty,
            measured: "amount sent: \(otpRequest?.query("amount") ?? "none")")

        demo.step("getForm(type: \"simplified\"), sendFormDraft, sendFormCommit")
        let form = try await client.getForm(type: "simplified")
        for page in form.pages.values {
            for group in page.groups.values {
                for (id, field) in group.fields.sorted(by: { $0.key < $1.key }) {
                    switch field {
                    case .editText(let text): demo.result("field \(id): edit text (\(text.inputType.rawValue)) \(text.placeholder ?? "")")
                    case .radioGroup(let radio): demo.result("field \(id): radio group with \(radio.choices.count) choices")
                    case .undocumented: demo.result("field \(id): a field type this client does not know")
                    }
                }
            }
        }
        let draft = try await client.sendFormDraft(body: FormDraftRequest(type: "simplified", draftFields: [100: "Ivanov"]))
        demo.result("draft \(draft.requestId) v\(draft.version): \(draft.status.rawValue), invalid fields \(draft.details?.map(\.fieldId) ?? [])")
        let commit = try await client.sendFormCommit(
            body: FormDraftRequest(
                type: "simplified", formId: draft.requestId, version: draft.version,
                draftFields: [100: "Ivanov", 101: "passport"]))
        demo.result("commit \(commit.requestId) v\(commit.version): \(commit.status.rawValue)")

        demo.step("getOperations — pages by cursor, forward then back")
        var pages: [OperationsModel] = []
        for try await page in client.getOperationsPages(type: .purchase, status: .success) {
            pages.append(page)
            demo.result("page of \(page.operations.count), next cursor \(page.nextCursor ?? "none")")
        }
        let forwardRequests = sandbox.requestCount("getOperations")
        let items = pages.reduce(0) { $0 + $1.operations.count }
        try demo.check(
            "forward: every page, one request each, until a page has no next cursor",
            pages.count > 1 && pages.last?.nextCursor == nil && forwardRequests == pages.count && items == 5,
            measured: "\(pages.count) pages, \(items) of the sandbox's 5 operations, getOperations requests: \(forwardRequests)")
        var back: [OperationsModel] = []
        if let last = pages.last {
            for try await page in client.getOperationsPages(before: last, type: .purchase, status: .success) {
                back.append(page)
                demo.result("back: page of \(page.operations.count), previous cursor \(page.prevCursor ?? "none")")
            }
        }
        // Walking back from the last page gives the pages before it, nearest first.
        try demo.check(
            "back: the pages before the last one, nearest first",
            back.map(\.operations) == pages.dropLast().reversed().map(\.operations) && back.last?.prevCursor == nil,
            measured: "\(back.count) pages back, getOperations requests: \(sandbox.requestCount("getOperations") - forwardRequests)")

        demo.step("getOperationInfo(id: 9001, type: .purchase)")
        let operation = try await client.getOperationInfo(id: 9001, type: .purchase)
        demo.result("\(operation.name) at \(operation.merchant): \(operation.amount) \(operation.currency.symbol ?? ""), \(operation.status.rawValue)")

        demo.step("getUserExperiment and checkLibraryVersion — the previous answer at once, refreshed in the background")
        _ = try await client.getUserExperiment(phone: "+79990001122")
        _ = try await client.checkLibraryVersion(cacheInterval: 600)
        // From now on the sandbox answers both after 500 ms: an earlier answer can only be the stored one.
        let latency = 500
        let operations = ["getUserExperiment", "checkLibraryVersion"]
        for operation in operations { sandbox.inject(.latency(milliseconds: latency), for: operation) }
        let requestsBefore = operations.map(sandbox.requestCount)
        let (answers, elapsed) = try await demo.timed {
            (try await client.getUserExperiment(phone: "+79990001122"), try await client.checkLibraryVersion(cacheInterval: 600))
        }
        let (experiment, version) = answers
        try demo.check(
            "both answered from the cache before the \(latency) ms latency",
            elapsed < Double(latency) / 1000 && operations.allSatisfy { demo.wireEvents(.cacheHit, operation: $0).count == 1 },
            measured: "\(Int(elapsed * 1000)) ms for both, cache hits: \(demo.wireEvents(.cacheHit).count)")
        await cache.waitForBackgroundRefreshes()
        sandbox.clearFaults()
        let refreshRequests = zip(operations.map(sandbox.requestCount), requestsBefore).map { $0 - $1 }
        try demo.check(
            "each refreshed in the background by one request",
            refreshRequests == [1, 1] && operations.allSatisfy { demo.wireEvents(.backgroundRefresh, operation: $0).count == 1 },
            measured: "requests during the background refreshes: \(refreshRequests)")
        let access: String
        switch experiment {
        case .normal: access = "normal (wallets available)"
        case .notAvailable(let details): access = "notAvailable(hasQrCodes: \(details.hasQrCodes))"
        case .undocumented: access = "a value this client does not know"
        }
        demo.result("experiment \(access), library \(version.current.status.rawValue) (latest \(version.actual?.value ?? "-"))")

        demo.step("logout(clearing:) — the session is forgotten")
        try await client.logout(clearing: session)
        let banksRequests = sandbox.requestCount("getBanks")
        do {
            _ = try await client.getBanks()
            throw DemoError("getBanks succeeded after logout")
        } catch let error as KDPayError {
            demo.result("after logout: \(error.code), nothing was sent")
            let forgotten = try await session.load() == nil
            try demo.check(
                "the server was told, the session store is empty, and the next call was refused without a request",
                forgotten && sandbox.requestCount("logout") == 1 && error.code == .authorization
                    && sandbox.requestCount("getBanks") == banksRequests,
                measured: "logout requests: \(sandbox.requestCount("logout")), getBanks requests \(banksRequests) -> \(sandbox.requestCount("getBanks"))")
        }
    }
}
