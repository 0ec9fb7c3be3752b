import Foundation

extension NSLock {
    /// Runs `body` holding the lock. (`NSLocking.withLock` needs macOS 14 / iOS 17; this module supports
    /// macOS 13 / iOS 16.)
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
