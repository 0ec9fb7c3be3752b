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
        } catch let error as KDPayError {
            demo.result("\(error.code): ErrorMessage.Client.Authorization, nothing was sent")
        }

        demo.step("login(userPhone:userName:) — the server sends an SMS code")
        let login = try await auth.login(body: LoginRequest(userPhone: "+79990001122", userName: "Ivan"))
        demo.result("userId \(login.userId)")
        demo.step("confirmCode(code:fcmToken:) — the session is stored and sent with every call")
        let confirmed = try await auth.confirmCode(body: ConfirmCodeRequest(code: "123456", fcmToken: "fcm-registration-token"), savingTo: session)
        demo.result("userId \(confirmed.userId), session stored: \(try await session.load() != nil)")

        demo.step("getAccount(cached: false) — no account yet, then createAccount()")
        let none = try await newUser.getAccount(cached: false, isShort: false)
        demo.result("walletAccountState \(none.walletAccountState.rawValue): processAccountNotExists()")
        let created = try await client.createAccount(body: CreateAccountRequest())
        demo.result("createAccount: walletAccountState \(created.walletAccountState.rawValue)")
        let account = try await client.getAccount(cached: false, isShort: false)
        demo.result(
            "walletAccountState \(account.walletAccountState.rawValue), balance \(account.walletAccount?.balance ?? 0) \(account.walletAccount?.currency ?? "")"
        )

        demo.step("getAccount(cached: true) — the stored account, nothing sent")
        let before = sandbox.requestCount("getAccount")
        let cached = try await client.getAccount(cached: true, isShort: false)
        demo.result("served from cache: account \(cached.walletAccount?.id ?? 0), requests to getAccount \(before) -> \(sandbox.requestCount("getAccount"))")

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
        demo.result("\(codes.codes.count) OTP codes stored (values are secrets)")

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
        if let last = pages.last {
            for try await page in client.getOperationsPages(before: last, type: .purchase, status: .success) {
                demo.result("back: page of \(page.operations.count), previous cursor \(page.prevCursor ?? "none")")
            }
        }

        demo.step("getOperationInfo(id: 9001, type: .purchase)")
        let operation = try await client.getOperationInfo(id: 9001, type: .purchase)
        demo.result("\(operation.name) at \(operation.merchant): \(operation.amount) \(operation.currency.symbol ?? ""), \(operation.status.rawValue)")

        demo.step("getUserExperiment and checkLibraryVersion — the previous answer at once, refreshed in the background")
        _ = try await client.getUserExperiment(phone: "+79990001122")
        let experiment = try await client.getUserExperiment(phone: "+79990001122")
        let version = try await client.checkLibraryVersion(cacheInterval: 600)
        await cache.waitForBackgroundRefreshes()
        let access: String
        switch experiment {
        case .normal: access = "normal (wallets available)"
        case .notAvailable(let details): access = "notAvailable(hasQrCodes: \(details.hasQrCodes))"
        case .undocumented: access = "a value this client does not know"
        }
        demo.result("experiment \(access), library \(version.current.status.rawValue) (latest \(version.actual?.value ?? "-"))")

        demo.step("logout(clearing:) — the session is forgotten")
        try await client.logout(clearing: session)
        do {
            _ = try await client.getBanks()
        } catch let error as KDPayError {
            demo.result("after logout: \(error.code), nothing was sent")
        }
    }
}
