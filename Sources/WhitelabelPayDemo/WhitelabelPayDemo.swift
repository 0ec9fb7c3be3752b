import DemoSupport
import Foundation
import SchemaSandbox
import WhitelabelPay

/// `swift run whitelabelpay-demo`: starts the sandbox in-process with Schemas/whitelabelpay.yaml and
/// drives the generated WhitelabelPay client through the document's flow — payment means, a page of
/// transactions (one injected 503, retried), a deactivation whose token has expired (one refresh), the
/// local-first cache, and a documented error — printing each step as it happens.
@main
struct WhitelabelPayDemo {
    static func main() async {
        await Demo.run(schemaFile: "whitelabelpay.yaml", flow)
    }

    @MainActor
    static func flow(_ demo: Demo) async throws {
        let sandbox = demo.sandbox

        // What the client does on the wire, as it happens (tokens and keys are redacted by the logger).
        let logger = demo.wireLogger
        let tokens = InMemoryTokenStore(TokenSet(accessToken: "demo-access-token-1", refreshToken: "demo-refresh-token", expiresAt: nil))
        let refreshes = Counter()
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [
                LoggingMiddleware(logger: logger),
                CachingMiddleware(cache: ResponseCache(), logger: logger),
                RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, initialDelay: 0.2, maxDelay: 1), logger: logger),
                BearerTokenMiddleware(
                    scheme: WhitelabelPayClient.AuthSchemes.bearer, store: tokens,
                    refresh: { old in
                        // The document does not say how the JWT is renewed; an app would ask its identity provider.
                        TokenSet(accessToken: "demo-access-token-\(refreshes.increment() + 1)", refreshToken: old.refreshToken, expiresAt: nil)
                    }, logger: logger),
            ]
        )
        let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!

        demo.step("getPaymentMeans(fetchMode: .network)")
        let means = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(cacheMode: .networkOnly))
        for mean in means {
            demo.result("\(mean.id) \(mean.type.rawValue) \(mean.brand ?? "-") \(mean.maskedPan ?? mean.maskedIban ?? "") active=\(mean.active)")
        }
        guard let active = means.first(where: \.active) else { throw DemoError("no active payment means") }

        demo.step("fetchTransactions() — the sandbox fails the first attempt with 503")
        sandbox.inject(.failures(count: 1, status: 503), for: "fetchTransactions")
        let page = try await client.fetchTransactions(tenantId: tenant)
        demo.result("page \(page.number) of \(page.totalPages), \(page.totalElements) transactions")
        for transaction in page.content.prefix(3) {
            demo.result("\(transaction.createdAt) \(transaction.amount) \(transaction.currency) \(transaction.status.rawValue)")
        }

        demo.step("fetchTransactionsPages(size: 3) — every page, fetched lazily as the loop asks")
        for try await page in client.fetchTransactionsPages(size: 3, tenantId: tenant) {
            demo.result("page \(page.number): \(page.content.count) transactions, last=\(page.last)")
        }

        demo.step("deactivatePaymentMeans(\(active.id)) — the access token has expired (the sandbox answers 401 once)")
        sandbox.inject(.unauthorized(count: 1), for: "deactivatePaymentMeans")
        let deactivation = try await client.deactivatePaymentMeans(paymentMeansId: active.id, tenantId: tenant)
        demo.result("success=\(deactivation.success), active=\(deactivation.paymentMean?.active.description ?? "?")")

        demo.step("getPaymentMeans(fetchMode: .fromLocalFirst) — the stored list at once, refreshed in the background")
        sandbox.inject(.latency(milliseconds: 800), for: "getPaymentMeans")
        let started = Date()
        let cached = try await client.getPaymentMeans(tenantId: tenant)
        demo.result("\(cached.count) payment means in \(Int(Date().timeIntervalSince(started) * 1000)) ms")

        demo.step("reactivatePaymentMeans for a device the backend does not know")
        sandbox.inject(.failures(count: 1, status: 403), for: "reactivatePaymentMeans")
        do {
            _ = try await client.reactivatePaymentMeans(paymentMeansId: active.id, tenantId: tenant)
        } catch let error as WhitelabelPayError {
            demo.result("\(error) — code \(error.rawCode ?? "none"), retryable: \(error.isRetryable)")
        }

        try await Task.sleep(nanoseconds: 1_000_000_000)  // let the background refresh finish
    }
}
