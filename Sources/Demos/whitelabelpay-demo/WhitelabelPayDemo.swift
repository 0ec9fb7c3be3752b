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
        // Logging is innermost: it sees every attempt, the Authorization header the bearer middleware
        // attached, and nothing of an answer the cache served (the cache logs that as a cache hit).
        let logger = demo.wireLogger
        let tokens = InMemoryTokenStore(TokenSet(accessToken: "demo-access-token-1", refreshToken: "demo-refresh-token", expiresAt: nil))
        let refreshes = Counter()
        let cache = ResponseCache()
        let client = WhitelabelPayClient(
            environment: .init(baseURL: sandbox.baseURL),
            middlewares: [
                CachingMiddleware(cache: cache, logger: logger),
                RetryMiddleware(policy: RetryPolicy(maxAttempts: 3, initialDelay: 0.2, maxDelay: 1), logger: logger),
                BearerTokenMiddleware(
                    scheme: WhitelabelPayClient.AuthSchemes.bearer, store: tokens,
                    refresh: { old in
                        // The document does not say how the JWT is renewed; an app would ask its identity provider.
                        TokenSet(accessToken: "demo-access-token-\(refreshes.increment() + 1)", refreshToken: old.refreshToken, expiresAt: nil)
                    }, logger: logger),
                LoggingMiddleware(logger: logger),
            ]
        )
        let tenant = UUID(uuidString: "0f7e1b46-2297-4872-96ab-7c1d213e9f0a")!

        demo.step("getPaymentMeans(fetchMode: .network)")
        let means = try await client.getPaymentMeans(tenantId: tenant, options: RequestOptions(cacheMode: .networkOnly))
        for mean in means {
            demo.result("\(mean.id) \(mean.type.rawValue) \(mean.brand ?? "-") \(mean.maskedPan ?? mean.maskedIban ?? "") active=\(mean.active)")
        }
        let sent = demo.wireEvents(.request, operation: "getPaymentMeans")
        try demo.check(
            "asked the server with the bearer token, which the wire log shows sent and redacted",
            sandbox.requestCount("getPaymentMeans") == 1 && demo.wireEvents(.cacheHit).isEmpty
                && sandbox.receivedRequests("getPaymentMeans").last?.header("Authorization") == "Bearer demo-access-token-1"
                && sent.count == 1 && sent[0].message.contains("Authorization: <redacted>") && !sent[0].message.contains("demo-access-token"),
            measured: "getPaymentMeans requests: \(sandbox.requestCount("getPaymentMeans")), cache hits: \(demo.wireEvents(.cacheHit).count)")
        guard let active = means.first(where: \.active) else { throw DemoError("no active payment means") }

        demo.step("fetchTransactions() — the sandbox fails the first attempt with 503")
        sandbox.inject(.failures(count: 1, status: 503), for: "fetchTransactions")
        let page = try await client.fetchTransactions(tenantId: tenant)
        demo.result("page \(page.number) of \(page.totalPages), \(page.totalElements) transactions")
        for transaction in page.content.prefix(3) {
            demo.result("\(transaction.createdAt) \(transaction.amount) \(transaction.currency) \(transaction.status.rawValue)")
        }
        let attempts = sandbox.receivedRequests("fetchTransactions").compactMap(\.status)
        try demo.check(
            "retried once after the 503, and the retry succeeded", attempts == [503, 200] && demo.wireEvents(.retry).count == 1,
            measured: "statuses the sandbox answered: \(attempts), retries logged: \(demo.wireEvents(.retry).count)")

        demo.step("fetchTransactionsPages(size: 3) — every page, fetched lazily as the loop asks")
        let requestsBefore = sandbox.requestCount("fetchTransactions")
        var pageNumbers: [Int32] = []
        var lazy = true
        var itemCount = 0
        var totalPages: Int32 = 0
        for try await page in client.fetchTransactionsPages(size: 3, tenantId: tenant) {
            demo.result("page \(page.number): \(page.content.count) transactions, last=\(page.last)")
            pageNumbers.append(page.number)
            itemCount += page.content.count
            totalPages = page.totalPages
            // One request per page the loop has asked for, none ahead of it.
            lazy = lazy && sandbox.requestCount("fetchTransactions") - requestsBefore == pageNumbers.count
        }
        let pageRequests = sandbox.requestCount("fetchTransactions") - requestsBefore
        try demo.check(
            "every page, each once and in order, one request per page as the loop asked",
            lazy && pageNumbers.count == Int(totalPages) && Set(pageNumbers).count == pageNumbers.count && pageNumbers == pageNumbers.sorted()
                && itemCount == Int(page.totalElements),
            measured: "pages \(pageNumbers) of \(totalPages), \(itemCount) of \(page.totalElements) transactions, \(pageRequests) requests")

        demo.step("deactivatePaymentMeans(\(active.id)) — the access token has expired (the sandbox answers 401 once)")
        sandbox.inject(.unauthorized(count: 1), for: "deactivatePaymentMeans")
        let deactivation = try await client.deactivatePaymentMeans(paymentMeansId: active.id, tenantId: tenant)
        demo.result("success=\(deactivation.success), active=\(deactivation.paymentMean?.active.description ?? "?")")
        let deactivations = sandbox.receivedRequests("deactivatePaymentMeans")
        try demo.check(
            "refreshed exactly once, and the call was resent with the new token",
            refreshes.value == 1 && deactivations.compactMap(\.status) == [401, 200]
                && deactivations.map { $0.header("Authorization") ?? "none" } == ["Bearer demo-access-token-1", "Bearer demo-access-token-2"],
            measured: "refreshes: \(refreshes.value), statuses answered: \(deactivations.compactMap(\.status))")

        demo.step("getPaymentMeans(fetchMode: .fromLocalFirst) — the stored list at once, refreshed in the background")
        let latency = 800
        sandbox.inject(.latency(milliseconds: latency), for: "getPaymentMeans")
        let meansRequestsBefore = sandbox.requestCount("getPaymentMeans")
        let (cached, elapsed) = try await demo.timed { try await client.getPaymentMeans(tenantId: tenant) }
        demo.result("\(cached.count) payment means in \(Int(elapsed * 1000)) ms")
        // Every getPaymentMeans request now waits 800 ms at the sandbox, so an earlier answer cannot have
        // come from it: the call was served by the cache.
        try demo.check(
            "the answer arrives before the injected latency and the foreground sent no request",
            elapsed < Double(latency) / 1000 && demo.wireEvents(.cacheHit, operation: "getPaymentMeans").count == 1 && cached == means,
            measured: "\(Int(elapsed * 1000)) ms against \(latency) ms, cache hits: \(demo.wireEvents(.cacheHit).count)")
        await cache.waitForBackgroundRefreshes()
        try demo.check(
            "the stored list was refreshed in the background by one request",
            sandbox.requestCount("getPaymentMeans") - meansRequestsBefore == 1
                && demo.wireEvents(.backgroundRefresh, operation: "getPaymentMeans").count == 1,
            measured: "getPaymentMeans requests \(meansRequestsBefore) -> \(sandbox.requestCount("getPaymentMeans"))")

        demo.step("reactivatePaymentMeans for a device the backend does not know")
        sandbox.inject(.failures(count: 1, status: 403), for: "reactivatePaymentMeans")
        do {
            _ = try await client.reactivatePaymentMeans(paymentMeansId: active.id, tenantId: tenant)
            throw DemoError("reactivatePaymentMeans succeeded although the sandbox answered 403")
        } catch let error as WhitelabelPayError {
            demo.result("\(error) — code \(error.rawCode ?? "none"), retryable: \(error.isRetryable)")
            try demo.check(
                "a documented error, not retried",
                error.status == 403 && error.name != "undocumented" && !error.isRetryable && sandbox.requestCount("reactivatePaymentMeans") == 1,
                measured: "case .\(error.name), status \(error.status.map(String.init) ?? "none"), requests: \(sandbox.requestCount("reactivatePaymentMeans"))")
        }
    }
}
