import BSA
import DemoSupport
import Foundation
import SchemaSandbox

/// `swift run bsa-demo`: starts the sandbox in-process with Schemas/bsa.yaml and drives the generated
/// BSA client through the document's flows: device check, sign-up (duplicate check -> OTP -> OTP check
/// -> user key check -> sign-up), a call whose Access Token has expired (onTokenExpired -> the app's
/// re-authentication hook, once -> success), authentication history page by page from page 0, and a
/// failure reported as rtCode / resultMessage. Tokens and OTP numbers are never printed.
@main
struct BSADemo {
    static func main() async {
        await Demo.run(schemaFile: "bsa.yaml", flow)
    }

    @MainActor
    static func flow(_ demo: Demo) async throws {
        let sandbox = demo.sandbox

        // BSA_SDK.initialize(serverUrl:): the whole server URL at run time.
        let environment = try BSAClient.Environment.custom(serverUrl: sandbox.baseURL.absoluteString)
        let logger = demo.wireLogger
        let client = BSAClient(environment: environment, middlewares: [LoggingMiddleware(logger: logger)])
        let clientKey = "a1hrg2xv..."

        demo.step("checkDevice — is this device registered?")
        switch try await client.checkDevice(body: CheckDeviceRequest(bundleIdentifier: "com.fnsv.sdk", clientKey: clientKey, deviceId: "DEVICE_ID")) {
        case .registered(let user): demo.result("registered to \(user.userKey) (\(user.name)), modified \(user.uptDt)")
        case .notRegistered: demo.result("not registered: sign up or register this device")
        }

        demo.step("Sign-up: checkDuplicateUserData -> requestSendOTPNumber -> verifyOTPNumber -> checkUserKeyAvailable -> requestSignUp")
        let duplicate = try await client.checkDuplicateUserData(body: DuplicateCheckRequest(verifyData: "user@email.com", verifyType: .email))
        demo.result("checkDuplicateUserData: \(duplicate)")
        try await client.requestSendOTPNumber(
            body: OTPSendRequest(sendType: .email, sendTarget: "user@email.com", clientKey: clientKey, bundleIdentifier: "com.your.app"))
        demo.result("requestSendOTPNumber: OTP sent by email")
        let verified = try await client.verifyOTPNumber(
            body: OTPVerifyRequest(sendType: .email, sendTarget: "user@email.com", otpNumber: "298336", clientKey: clientKey))
        guard case .validOTPNumber(let otp) = verified else { throw DemoError("the OTP number was not accepted: \(verified)") }
        demo.result("verifyOTPNumber: valid, disposeToken received (not printed)")
        let available = try await client.checkUserKeyAvailable(body: UserKeyCheckRequest(userKey: "user1"))
        demo.result("checkUserKeyAvailable(user1): \(available)")
        try await client.requestSignUp(
            body: SignUpUserData(
                appPackage: "com.your.app", clientKey: clientKey, appVersion: "1.1.1", token: "FCM_TOKEN",
                email: "user@email.com", phoneNumber: "01012345678", userKey: "user1", name: "username1",
                authType: .BIOMETRIC, os: .iOS, disposeToken: otp.disposeToken, agreeGccs: true, agreePerson: true, agreeDevice: true))
        demo.result("requestSignUp: signed up with the disposeToken of the OTP check")
        let signUp = sandbox.receivedRequests("requestSignUp").last.flatMap { try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any] }
        try demo.check(
            "the sign-up carried the disposeToken verifyOTPNumber returned", signUp?["disposeToken"] as? String == otp.disposeToken,
            measured: "requestSignUp status \(sandbox.receivedRequests("requestSignUp").last?.status.map(String.init) ?? "none")")

        // The Access Token comes from AutoAuthenticator on the device; the hook stands in for running it again.
        let store = InMemoryTokenStore(TokenSet(accessToken: "access-token-1"))
        let reauthentications = Counter()
        // Logging innermost: it shows the request as sent, with the Access Token the middleware attached (redacted).
        let authenticated = BSAClient(
            environment: environment,
            middlewares: [
                BSAClient.accessTokenMiddleware(store: store, logger: logger) { _ in
                    TokenSet(accessToken: "access-token-\(reauthentications.increment() + 1)")
                },
                LoggingMiddleware(logger: logger),
            ])

        demo.step("issuanceOTPNumber — the Access Token has expired (the sandbox answers 401 once: onTokenExpired)")
        sandbox.inject(.unauthorized(count: 1), for: "issuanceOTPNumber")
        let issued = try await authenticated.issuanceOTPNumber()
        demo.result("re-authenticated \(reauthentications.value) time(s), then an OTP number of \(issued.otpNumber.count) digits was issued (not printed)")
        let issuances = sandbox.receivedRequests("issuanceOTPNumber")
        try demo.check(
            "re-authenticated exactly once, and the call was resent with the new Access Token",
            reauthentications.value == 1 && issuances.compactMap(\.status) == [401, 200]
                && issuances.map { $0.header("Authorization") ?? "none" } == ["Bearer access-token-1", "Bearer access-token-2"],
            measured: "re-authentications: \(reauthentications.value), statuses answered: \(issuances.compactMap(\.status))")

        demo.step("retrieveAuthHistoryPages(size: 3) — every page from page 0, fetched lazily")
        var pageIndex = 0
        var totalPages = 0
        var lazy = true
        for try await page in authenticated.retrieveAuthHistoryPages(size: 3) {
            let statuses = page.list.map { $0.status.rawValue }.joined(separator: " ")
            demo.result("page \(pageIndex) of \(page.page.totalPages): \(page.list.count) entries [\(statuses)]")
            pageIndex += 1
            totalPages = Int(page.page.totalPages)
            // One request per page the loop has asked for, none ahead of it.
            lazy = lazy && sandbox.requestCount("retrieveAuthHistory") == pageIndex
        }
        let indices = sandbox.receivedRequests("retrieveAuthHistory").compactMap { $0.query("pageIndex") }
        demo.result("pageIndex sent: \(indices.joined(separator: ", "))")
        try demo.check(
            "every page once, from pageIndex 0, one request per page as the loop asked",
            lazy && totalPages > 1 && pageIndex == totalPages && indices == (0..<totalPages).map(String.init),
            measured: "\(pageIndex) of \(totalPages) pages, \(indices.count) requests")

        demo.step("requestSendOTPNumber — the server reports onFailed: {rtCode, resultMessage} inside a 200")
        sandbox.inject(.failures(count: 1, status: 200), for: "requestSendOTPNumber")
        do {
            try await client.requestSendOTPNumber(
                body: OTPSendRequest(sendType: .email, sendTarget: "user@email.com", clientKey: clientKey, bundleIdentifier: "com.your.app"))
            throw DemoError("requestSendOTPNumber succeeded although the answer reported a failure")
        } catch let error as BSAError {
            demo.result("\(error) — rtCode \(error.rawCode ?? "none"), case .\(error.name) (the document's Error Code section is missing: no code is known)")
            try demo.check(
                "a 200 whose rtCode reports a failure is the error apiFailure, with the server's rtCode",
                error.name == "apiFailure" && error.status == 200 && error.rawCode != nil
                    && sandbox.receivedRequests("requestSendOTPNumber").last?.status == 200,
                measured: "status \(error.status.map(String.init) ?? "none"), rtCode \(error.rawCode ?? "none")")
        }
    }
}
