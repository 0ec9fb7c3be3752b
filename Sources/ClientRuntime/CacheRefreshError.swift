/// Why a background refresh of a cached response did not update it, when no error was thrown.
public enum CacheRefreshError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with a status outside 2xx; the stored response is kept.
    case unsuccessfulStatus(Int)

    /// A human-readable explanation.
    public var description: String {
        switch self {
        case .unsuccessfulStatus(let status):
            "The background refresh received status \(status); the cached response was kept."
        }
    }
}
