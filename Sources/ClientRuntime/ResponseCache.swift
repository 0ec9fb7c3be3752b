import Foundation

/// An in-memory store of successful responses for `CachingMiddleware`, least recently used evicted first.
///
/// Also tracks the background refreshes the middleware starts, so that at most one runs per entry and
/// tests (or an app going to the background) can wait for them.
public actor ResponseCache {
    struct Entry: Sendable {
        var response: HTTPResponse
        var storedAt: Date
    }

    private let maxEntries: Int
    private let now: @Sendable () -> Date
    private var entries: [CacheKey: Entry] = [:]
    /// Keys from least to most recently used.
    private var recency: [CacheKey] = []
    private var refreshes: [CacheKey: Task<Void, Never>] = [:]

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maxEntries: How many responses are kept at most.
    ///   - now: The clock ages are measured with; replaceable in tests.
    public init(maxEntries: Int = 256, now: @escaping @Sendable () -> Date = Date.init) {
        self.maxEntries = max(1, maxEntries)
        self.now = now
    }

    /// How many responses are stored.
    public var count: Int { entries.count }

    /// Forgets every stored response, e.g. to free memory on sign-out. Not needed to keep users apart:
    /// entries are keyed by the credential identity, so another user never gets them. Background refreshes
    /// already running may still store theirs.
    public func removeAll() {
        entries.removeAll()
        recency.removeAll()
    }

    /// Returns once no background refresh is running, including refreshes started meanwhile.
    public func waitForBackgroundRefreshes() async {
        while let task = refreshes.values.first {
            await task.value
        }
    }

    /// The stored response for `key` and its age in seconds.
    func lookup(_ key: CacheKey) -> (response: HTTPResponse, age: TimeInterval)? {
        guard let entry = entries[key] else { return nil }
        touch(key)
        return (entry.response, now().timeIntervalSince(entry.storedAt))
    }

    /// Stores `response` under `key`, evicting the least recently used entry when full.
    func store(_ response: HTTPResponse, for key: CacheKey) {
        entries[key] = Entry(response: response, storedAt: now())
        touch(key)
        while entries.count > maxEntries, !recency.isEmpty {
            entries[recency.removeFirst()] = nil
        }
    }

    /// Runs `work` as the background refresh of `key` unless one is already running (then returns `false`).
    ///
    /// The task is unstructured, so the caller returning or being cancelled does not cancel it.
    func startRefresh(for key: CacheKey, _ work: @escaping @Sendable () async -> Void) -> Bool {
        guard refreshes[key] == nil else { return false }
        refreshes[key] = Task {
            await work()
            self.refreshes[key] = nil
        }
        return true
    }

    private func touch(_ key: CacheKey) {
        if let index = recency.firstIndex(of: key) { recency.remove(at: index) }
        recency.append(key)
    }
}
