import Foundation

/// Describes errors for logs without their payloads: `URLError` and `NSError` descriptions embed the
/// failing URL (which may carry an API key), and arbitrary errors may embed anything.
enum ErrorSummary {
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as URLError:
            return "URLError(\(error.code.rawValue))"
        case is CancellationError:
            return "CancellationError"
        case let error as TokenRefreshError:
            return error.description
        case let error as TransportError:
            return error.description
        case let error as CacheRefreshError:
            return error.description
        default:
            let nsError = error as NSError
            let type = String(describing: Swift.type(of: error))
            // Bridged Swift errors report their own type name as domain; only Cocoa-style errors add
            // anything with their domain and code.
            if nsError.domain == type || nsError.domain.hasSuffix(".\(type)") { return type }
            return "\(type)(\(nsError.domain) \(nsError.code))"
        }
    }
}
