import Foundation

/// A failure without an HTTP response, as a schema's error catalogue names it (`when: [offline, timeout]`),
/// so a generated client can report it as a documented case (Finaptic's `unavailable`, `deadlineExceeded`).
@_spi(Generated) public enum TransportCondition: String, Sendable, Hashable, CaseIterable {
    /// No connection: offline, the host not found, the connection refused or lost.
    case offline
    /// The request timed out (`URLError.timedOut`, `ETIMEDOUT`) or the whole call did
    /// (`TransportError.callTimedOut`).
    case timeout
    /// Nothing was sent: the operation needs a credential and none is stored (`TokenRefreshError.noToken`,
    /// sign in first). KD Pay's `ErrorMessage.Client.Authorization`.
    case noCredential
    /// The server rejected the stored credential (401) and it cannot be renewed: the scheme has no refresh
    /// (`TokenRefreshError.refreshFailed(CredentialFlowError.notRenewable)`), or the refresh needs a
    /// refresh token and none is stored; sign in again. KD Pay's `ErrorMessage.Client.NotAuthorized`.
    case credentialRejected

    private static let offlineCodes: Set<URLError.Code> = [
        .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff,
    ]

    /// The condition `error` is, or nil when it is another failure (cancellation, a bad response, …).
    public static func of(_ error: any Error) -> TransportCondition? {
        if case TransportError.callTimedOut = error { return .timeout }
        if case TokenRefreshError.noToken = error { return .noCredential }
        if case TokenRefreshError.refreshFailed(let underlying) = error, underlying is CredentialFlowError {
            return .credentialRejected
        }
        if let urlError = error as? URLError {
            if urlError.code == .timedOut { return .timeout }
            if offlineCodes.contains(urlError.code) { return .offline }
        }
        if RetryClassification.verdict(for: error) == .notSent { return .offline }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain {
            switch Int32(nsError.code) {
            case ETIMEDOUT: return .timeout
            case ECONNRESET, ENETDOWN, ENETUNREACH, EHOSTUNREACH: return .offline
            default: break
            }
        }
        return nil
    }
}
