/// What an API's error catalogue says about repeating a response: generated clients give every
/// `OperationInfo` one, so `RetryMiddleware` retries by what the error is (a case marked `retryable`,
/// whatever its status) and not only by status (a 500 whose case is marked `retryable: false` is final).
///
/// Rules compare equal to each other: an operation's identity is its name and shape, not this closure.
///
/// A generated verdict matches the response against the whole catalogue, which decodes its body. For a 2xx
/// that is only worth doing when the client's error type can find a failure in a 2xx (an `envelope`
/// catalogue): `ClientCore` tells the rule so for each call (`judgingSuccesses(like:)`), and the rule then
/// answers nil for every other 2xx without looking at its body. Without that (a middleware used on its own),
/// every response is judged.
@_spi(Generated) public struct ResponseRetryRule: Sendable, Hashable {
    private let verdict: @Sendable (HTTPResponse, OperationInfo) -> Bool?
    /// Whether a 2xx response is a failure that `verdict` should judge; nil: judge every 2xx.
    private var isFailingSuccess: (@Sendable (HTTPResponse, OperationInfo) -> Bool)?

    /// - Parameter verdict: true: worth repeating; false: never repeat; nil: the catalogue does not say,
    ///   so the statuses of the retry policy decide.
    public init(_ verdict: @escaping @Sendable (HTTPResponse, OperationInfo) -> Bool?) {
        self.verdict = verdict
    }

    /// The catalogue's answer for `response` to `operation`; nil for a 2xx the client does not treat as a
    /// failure (see the type's documentation).
    public func isRetryable(_ response: HTTPResponse, for operation: OperationInfo) -> Bool? {
        if response.isSuccess, let isFailingSuccess, !isFailingSuccess(response, operation) { return nil }
        return verdict(response, operation)
    }

    /// This rule for the calls of a client whose errors are `Failure`: a 2xx is judged only when
    /// `Failure.envelopeFailure(in:operation:)` reports a failure in it (never, for catalogues without
    /// `envelope`), as that is the only way a 2xx reaches the caller as an error.
    func judgingSuccesses<Failure: APIFailure>(like failure: Failure.Type) -> ResponseRetryRule {
        var rule = self
        rule.isFailingSuccess = { response, operation in Failure.envelopeFailure(in: response, operation: operation) != nil }
        return rule
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
