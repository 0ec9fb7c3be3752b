import Foundation

/// When and how often `RetryMiddleware` repeats a request.
///
/// Delays grow exponentially: before retry `n` (1 for the second attempt) the base delay is
/// `min(maxDelay, initialDelay * multiplier^(n-1))`, and `jitter` spreads the actual wait uniformly over
/// `base * (1 - jitter) ... base`. So `jitter = 0` waits exactly the base, `0.5` is "equal jitter" and `1` is
/// "full jitter" (anywhere from 0 to the base); the default `0.2` waits 80–100 % of the base. Jitter only
/// ever shortens the wait, so `maxDelay` is a true upper bound. A `Retry-After` header can lengthen it.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first; `1` disables retries.
    public var maxAttempts: Int
    /// Base delay before the first retry, in seconds.
    public var initialDelay: TimeInterval
    /// Upper bound of the base delay, in seconds.
    public var maxDelay: TimeInterval
    /// Growth factor of the base delay per retry.
    public var multiplier: Double
    /// Fraction (`0...1`) of the base delay that is randomised away; see the type's documentation.
    public var jitter: Double
    /// Overall time budget in seconds, measured from the first attempt: no retry is started whose wait
    /// would end after it (the last response or error is returned instead). `nil` means no budget.
    /// Individual attempts are bounded by the transport's own timeout, and the whole call, attempts and
    /// waits together, by `ClientConfiguration.callTimeout`.
    public var deadline: TimeInterval?
    /// Response statuses worth repeating; the operation's own `retryableStatuses` are added.
    public var retryableStatuses: Set<Int>
    /// Whether a `Retry-After` header sets the minimum wait.
    public var respectRetryAfter: Bool
    /// The longest `Retry-After` honoured, in seconds; longer values are capped to it.
    public var maxRetryAfter: TimeInterval

    /// Creates a policy; the defaults are those of `standard`.
    public init(
        maxAttempts: Int = 3,
        initialDelay: TimeInterval = 0.2,
        maxDelay: TimeInterval = 10,
        multiplier: Double = 2,
        jitter: Double = 0.2,
        deadline: TimeInterval? = 30,
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        respectRetryAfter: Bool = true,
        maxRetryAfter: TimeInterval = 60
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = max(0, initialDelay)
        self.maxDelay = max(0, maxDelay)
        self.multiplier = max(1, multiplier)
        self.jitter = min(1, max(0, jitter))
        self.deadline = deadline
        self.retryableStatuses = retryableStatuses
        self.respectRetryAfter = respectRetryAfter
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// Three attempts, 0.2 s doubling up to 10 s, 20 % jitter, 30 s overall, the usual transient statuses.
    public static let standard = RetryPolicy()

    /// A single attempt: never retry. (Not `none`, which `retry: .none` would read as `Optional.none`.)
    public static let noRetries = RetryPolicy(maxAttempts: 1)

    /// The wait before retry number `retry` (1 = before the second attempt), given a random value
    /// `randomUnit` in `0...1` (0 gives the shortest, 1 the full base delay).
    @_spi(Generated) public func backoffDelay(retry: Int, randomUnit: Double) -> TimeInterval {
        let exponent = Double(max(0, retry - 1))
        let base = min(maxDelay, initialDelay * pow(multiplier, exponent))
        let unit = min(1, max(0, randomUnit))
        return base * (1 - jitter + jitter * unit)
    }
}
