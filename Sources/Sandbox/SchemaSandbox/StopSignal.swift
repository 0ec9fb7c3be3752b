import Foundation

/// Ends the waits a request may be in (an injected latency) when the server stops, so that `stop()`,
/// and SIGTERM/SIGINT in the `sandbox` command, do not wait out a delay of seconds or minutes.
final class StopSignal: Sendable {
    private struct State {
        var isStopping = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// Wakes every pending `sleep` and makes later ones return at once, until `rearm()`.
    func trigger() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isStopping = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Lets `sleep` wait again (the server was started after a stop).
    func rearm() {
        state.withLock { $0.isStopping = false }
    }

    /// Waits `milliseconds`, or less when the server stops (or the task is cancelled) first. Returns
    /// whether the whole delay elapsed.
    @discardableResult
    func sleep(milliseconds: Int) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            // At most 2^40 ms (about 35 years), which fits the nanosecond count.
            let nanoseconds = UInt64(min(max(0, milliseconds), 1 << 40)) * 1_000_000
            group.addTask { (try? await Task.sleep(nanoseconds: nanoseconds)) != nil }
            group.addTask {
                await self.waitUntilStopped()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    private func waitUntilStopped() async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Cancellation that ran before registration is seen here (the flag is set before the handler runs).
                let resumeNow = state.withLock { state -> Bool in
                    if state.isStopping || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
