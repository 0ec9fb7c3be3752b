/// What an API's error catalogue says about repeating a response: generated clients give every
/// `OperationInfo` one, so `RetryMiddleware` retries by what the error is (a case marked `retryable`,
/// whatever its status) and not only by status (a 500 whose case is marked `retryable: false` is final).
///
/// Rules compare equal to each other: an operation's identity is its name and shape, not this closure.
public struct ResponseRetryRule: Sendable, Hashable {
    private let verdict: @Sendable (HTTPResponse, OperationInfo) -> Bool?

    /// - Parameter verdict: true: worth repeating; false: never repeat; nil: the catalogue does not say,
    ///   so the statuses of the retry policy decide.
    public init(_ verdict: @escaping @Sendable (HTTPResponse, OperationInfo) -> Bool?) {
        self.verdict = verdict
    }

    /// The catalogue's answer for `response` to `operation`.
    public func isRetryable(_ response: HTTPResponse, for operation: OperationInfo) -> Bool? {
        verdict(response, operation)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
