import Foundation
@_spi(Generated) import WireFormat

/// Repeats requests that failed transiently, with exponential backoff, jitter, `Retry-After` and an
/// overall deadline, but only when repeating is safe.
///
/// - A transport error that guarantees nothing reached the server (connection refused, host not found,
///   offline) is retried for every operation.
/// - Other transient transport errors (timeout, connection lost) and responses whose status is in the
///   policy's `retryableStatuses` or the operation's are retried only when the operation is idempotent or
///   carries an idempotency key. The operation's `retryRule` (the error catalogue's `retryable`) overrides
///   the status either way, under the same condition; through a generated client it judges a 2xx only when
///   the client's error type finds a failure in it (an `envelope` catalogue), so a success is never held up
///   by decoding its body against the catalogue. The request is resent unchanged, so the key is the same on every attempt.
/// - Errors that are not transport failures (a refresh that failed, cancellation) are never retried.
///
/// When attempts run out, or the next wait would pass the deadline, the last response is returned (so the
/// client maps it to the API's typed error) or the last error thrown. Cancelling the calling task stops at
/// once with `CancellationError`, also in the middle of a wait. `RequestOptions.current.retry` replaces the
/// policy for one call.
public struct RetryMiddleware: ClientMiddleware {
    /// The policy used unless the call's `RequestOptions` bring their own.
    public let policy: RetryPolicy
    private let sleep: @Sendable (TimeInterval) async throws -> Void
    private let logger: ClientLogger?
    private let now: @Sendable () -> Date
    private let random: @Sendable () -> Double

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - policy: The client-wide policy.
    ///   - sleep: Waits the given seconds and throws `CancellationError` when the task is cancelled;
    ///     replaceable so tests need not wait.
    ///   - logger: Receives a `.retry` event before every repeated attempt.
    ///   - now: The clock the deadline is measured with; replaceable together with `sleep` in tests.
    public init(
        policy: RetryPolicy = .standard,
        sleep: @escaping @Sendable (TimeInterval) async throws -> Void = RetryMiddleware.taskSleep,
        logger: ClientLogger? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.policy = policy
        self.sleep = sleep
        self.logger = logger
        self.now = now
        random = { Double.random(in: 0...1) }
    }

    /// The default `sleep`: `Task.sleep`, which ends early with `CancellationError` on cancellation.
    public static let taskSleep: @Sendable (TimeInterval) async throws -> Void = { seconds in
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 1e9) * 1_000_000_000))
    }

    /// Sends `request`, repeating it as the policy and the operation allow.
    public func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        // A streamed body's events are produced once: the request is never repeated.
        guard request.bodyStream == nil else { return try await next(request) }
        let policy = RequestOptions.current.retry ?? self.policy
        let safeToRepeat = operation.isIdempotent || operation.hasIdempotencyKey
        let start = now()
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let outcome: Result<HTTPResponse, any Error>
            do {
                outcome = .success(try await next(request))
            } catch {
                // A transport reports cancellation in its own way (URLError.cancelled); normalise it.
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                outcome = .failure(error)
            }

            let reason: String
            var minimumWait: TimeInterval = 0
            switch outcome {
            case .success(let response):
                // Only a request that is safe to repeat is worth judging (the catalogue's verdict may decode the body).
                guard safeToRepeat else { return response }
                // The catalogue's case decides first (retryable whatever the status, or never), then the status.
                let retryable =
                    operation.retryRule?.isRetryable(response, for: operation)
                    ?? (policy.retryableStatuses.contains(response.status) || operation.retryableStatuses.contains(response.status))
                guard retryable else { return response }
                reason = "status \(response.status)"
                if policy.respectRetryAfter, let header = response.headers["Retry-After"],
                    let requested = RetryAfter.delay(from: header, now: now())
                {
                    minimumWait = min(requested, policy.maxRetryAfter)
                }
            case .failure(let error):
                switch RetryClassification.verdict(for: error) {
                case .notSent: break
                case .maybeSent: guard safeToRepeat else { throw error }
                case .final: throw error
                }
                reason = ErrorSummary.describe(error)
            }

            guard attempt < policy.maxAttempts else { return try outcome.get() }
            let wait = max(minimumWait, policy.backoffDelay(retry: attempt, randomUnit: random()))
            if let deadline = policy.deadline, now().timeIntervalSince(start) + wait > deadline {
                return try outcome.get()
            }
            attempt += 1
            logger?.log(
                .retry, operation: operation.name,
                "attempt \(attempt) of \(policy.maxAttempts) in \(Self.format(wait)) after \(reason)")
            try await sleep(wait)
        }
    }

    private static func format(_ seconds: TimeInterval) -> String {
        String(format: "%.3f s", seconds)
    }
}
