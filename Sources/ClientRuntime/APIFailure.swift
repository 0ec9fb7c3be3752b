/// What a generated API error type must be able to express. `ClientCore.perform` throws only the
/// client's `APIFailure` type, so callers of a generated client handle one error type.
public protocol APIFailure: Error {
    /// A non-2xx response; generated code maps it to a documented case or to `undocumented`.
    init(response: HTTPResponse)
    /// No usable HTTP response was obtained: connection refused, cancellation, a failed credential lookup, or
    /// a `TransportError` (call timeout, response too large, redirect to another origin).
    static func transport(_ error: any Error) -> Self
    /// The request could not be built or its body encoded, or a credential cannot be sent
    /// (`RequestBuildError`); nothing was sent.
    static func invalidRequest(_ error: any Error) -> Self
    /// A 2xx response whose body does not decode as the documented output.
    static func invalidResponse(_ response: HTTPResponse, _ error: any Error) -> Self
    /// An error response to `operation`, matched among the errors that operation documents.
    init(response: HTTPResponse, operation: OperationInfo)
    /// A failure without a usable response; a catalogue may map conditions such as being offline to its
    /// own cases, else it is `transport(error)`.
    init(transportFailure error: any Error)
    /// A 2xx response that reports a failure in its body (a catalogue with `envelope: true`: the body
    /// carries an error code), as the error to throw; nil for a response that is what it says.
    static func envelopeFailure(in response: HTTPResponse, operation: OperationInfo) -> Self?
}

extension APIFailure {
    /// Matches as `init(response:)`, for error types whose operations do not narrow their errors.
    public init(response: HTTPResponse, operation: OperationInfo) {
        self.init(response: response)
    }

    /// No 2xx is a failure, for catalogues without `envelope`.
    public static func envelopeFailure(in response: HTTPResponse, operation: OperationInfo) -> Self? {
        nil
    }

    /// `transport(error)`, for error types without client-side cases.
    public init(transportFailure error: any Error) {
        self = .transport(error)
    }
}
