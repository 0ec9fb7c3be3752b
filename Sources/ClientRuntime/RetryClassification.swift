import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sorts the errors of a failed attempt into those `RetryMiddleware` may repeat.
enum RetryClassification {
    /// What a failed attempt means for retrying.
    enum Verdict {
        /// Nothing reached the server: safe to repeat for any operation.
        case notSent
        /// A transient transport failure after which the server may have acted: repeat only when the
        /// operation is safe to repeat.
        case maybeSent
        /// Not a transport failure (a middleware's error, cancellation, a bad URL): never repeat.
        case final
    }

    private static let notSentCodes: Set<URLError.Code> = [
        .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
    ]

    private static let maybeSentCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .badServerResponse, .cannotParseResponse,
        .secureConnectionFailed, .resourceUnavailable, .dataNotAllowed, .internationalRoamingOff,
        .callIsActive, .zeroByteResource,
    ]

    private static let maybeSentPOSIXCodes: Set<Int32> = [
        ECONNRESET, ETIMEDOUT, EPIPE, ENETDOWN, ENETUNREACH,
        EHOSTUNREACH,
    ]

    static func verdict(for error: any Error) -> Verdict {
        if error is CancellationError { return .final }
        if let urlError = error as? URLError {
            if notSentCodes.contains(urlError.code) || isConnectionRefused(urlError.errorUserInfo[NSUnderlyingErrorKey]) {
                return .notSent
            }
            return maybeSentCodes.contains(urlError.code) ? .maybeSent : .final
        }
        if isConnectionRefused(error) { return .notSent }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain, maybeSentPOSIXCodes.contains(Int32(nsError.code)) {
            return .maybeSent
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error, isConnectionRefused(underlying) {
            return .notSent
        }
        return .final
    }

    /// Whether `error` is, or wraps, a refused connection (`ECONNREFUSED`).
    private static func isConnectionRefused(_ error: Any?) -> Bool {
        guard let error = error as? any Error else { return false }
        if let posix = error as? POSIXError { return posix.code == .ECONNREFUSED }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return nsError.code == Int(ECONNREFUSED) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] { return isConnectionRefused(underlying) }
        return false
    }
}
