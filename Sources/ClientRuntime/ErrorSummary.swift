import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Describes errors for logs and error descriptions without their payloads: `URLError` and `NSError`
/// descriptions embed the failing URL (which may carry an API key or token), and arbitrary errors may embed
/// anything.
///
/// `LoggingMiddleware`, the other middlewares' log events and the descriptions of generated API errors all
/// go through it, so they redact the same things:
/// - `URLError` and other Cocoa-style errors by domain and code, with the failing URL (if any) through
///   the same redaction as logged URLs (credential-like query values and passwords hidden);
/// - `DecodingError` by kind and coding path (field names, no values);
/// - this module's own errors by their descriptions, which are written never to contain secrets;
/// - generated API errors (`APIFailure`) by their descriptions, which name the case and the HTTP status,
///   never the body (the body stays reachable through the error's `response`);
/// - any other error by its type name only.
public enum ErrorSummary {
    /// A one-line description of `error` that contains no secret this module can recognise, nor the values
    /// of the query items named in `secretNames` (the operation's `secret: true` parameters).
    public static func describe(_ error: any Error, secretNames: Set<String> = []) -> String {
        switch error {
        case let error as URLError:
            return "URLError(\(error.code.rawValue))" + failingURL(in: error.errorUserInfo, secretNames: secretNames)
        case is CancellationError:
            return "CancellationError"
        case let error as TokenRefreshError:
            return error.description
        case let error as TransportError:
            return error.description
        case let error as ChannelError:
            return error.description
        case let error as ChannelClosure:
            return error.description
        case let error as CacheRefreshError:
            return error.description
        case let error as RequestBuildError:
            return error.description
        case let error as DecodingError:
            return describe(error)
        case let error as any APIFailure & CustomStringConvertible:
            // A generated API error names its case and status and never its body ("FinapticError.unauthorized
            // (HTTP 401)"): a refresh that failed says what the server answered, not only the error's type.
            return error.description
        default:
            let nsError = error as NSError
            let type = String(describing: Swift.type(of: error))
            // Bridged Swift errors report their own type name as domain; only Cocoa-style errors add
            // anything with their domain and code.
            if nsError.domain == type || nsError.domain.hasSuffix(".\(type)") { return type }
            return "\(type)(\(nsError.domain) \(nsError.code))" + failingURL(in: nsError.userInfo, secretNames: secretNames)
        }
    }

    /// `error` with the values of `secretNames` in its failing URL replaced by the placeholder, so neither its
    /// summary nor anything that prints it whole (a description, `dump`) shows them. Credential-like names
    /// are hidden by `describe` anyway; this carries a schema's `secret: true` query items, which only the
    /// operation knows, into the error itself. Errors without a failing URL come back unchanged.
    ///
    /// `ClientCore` applies it to every transport error before a middleware or the caller sees it.
    public static func redactingFailingURL(of error: any Error, secretNames: Set<String>) -> any Error {
        guard !secretNames.isEmpty, !(error is CancellationError) else { return error }
        let nsError = error as NSError
        guard let url = failingURL(from: nsError.userInfo) else { return error }
        let redacted = RedactedURL.replacingValues(in: url, secretNames: secretNames)
        guard redacted != url else { return error }
        var userInfo = nsError.userInfo
        userInfo[NSURLErrorFailingURLErrorKey] = redacted
        userInfo["NSErrorFailingURLStringKey"] = redacted.absoluteString
        // Foundation's description of a URL error repeats the URL in its localized description.
        userInfo[NSLocalizedDescriptionKey] = nil
        if let urlError = error as? URLError { return URLError(urlError.code, userInfo: userInfo) }
        return NSError(domain: nsError.domain, code: nsError.code, userInfo: userInfo)
    }

    private static func failingURL(from userInfo: [String: Any]) -> URL? {
        userInfo[NSURLErrorFailingURLErrorKey] as? URL
            // `NSURLErrorFailingURLStringErrorKey`, deprecated but still filled in by some Foundation errors.
            ?? (userInfo["NSErrorFailingURLStringKey"] as? String).flatMap(URL.init(string:))
    }

    /// ` for <redacted URL>` when `userInfo` names a failing URL, else nothing.
    private static func failingURL(in userInfo: [String: Any], secretNames: Set<String>) -> String {
        failingURL(from: userInfo).map { " for " + Redaction.url($0, secretNames: secretNames) } ?? ""
    }

    private static func describe(_ error: DecodingError) -> String {
        let (kind, context): (String, DecodingError.Context?) =
            switch error {
            case .typeMismatch(_, let context): ("typeMismatch", context)
            case .valueNotFound(_, let context): ("valueNotFound", context)
            case .keyNotFound(let key, let context): ("keyNotFound '\(key.stringValue)'", context)
            case .dataCorrupted(let context): ("dataCorrupted", context)
            @unknown default: ("unknown", nil)
            }
        let path = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() ?? ""
        return "DecodingError.\(kind)" + (path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)")
    }
}
