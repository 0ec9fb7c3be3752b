import Foundation

/// Runs a call with an overall time limit.
///
/// The call runs as a child `Task` (inheriting priority and task-locals such as `RequestOptions.current`).
/// When the limit passes first, that task is cancelled, which cancels the `URLSessionTask` in flight or
/// the retry wait, and `TransportError.callTimedOut` is thrown at once, without waiting for code that
/// ignores cancellation. Cancelling the caller cancels the call the same way.
enum CallTimeout {
    static func run<T: Sendable>(
        seconds: TimeInterval?,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard let seconds, seconds.isFinite else { return try await operation() }
        let call = Task { try await operation() }
        let outcome = Outcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.setContinuation(continuation)
                let timer = Task {
                    try? await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1e9)) * 1_000_000_000))
                    guard !Task.isCancelled else { return }
                    if outcome.finish(.failure(TransportError.callTimedOut(seconds: seconds))) { call.cancel() }
                }
                Task {
                    let result: Result<T, any Error>
                    do { result = .success(try await call.value) } catch { result = .failure(error) }
                    outcome.finish(result)
                    timer.cancel()
                }
            }
        } onCancel: {
            call.cancel()
        }
    }

    /// Resumes the continuation with whichever outcome comes first.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var pending: Result<T, any Error>?
        private var isFinished = false

        func setContinuation(_ continuation: CheckedContinuation<T, any Error>) {
            let pending = lock.locked {
                self.continuation = continuation
                return self.pending
            }
            if let pending { continuation.resume(with: pending) }
        }

        /// Records `result` unless another outcome came first; returns whether it was first.
        @discardableResult
        func finish(_ result: Result<T, any Error>) -> Bool {
            let continuation: CheckedContinuation<T, any Error>?
            do {
                lock.lock()
                defer { lock.unlock() }
                guard !isFinished else { return false }
                isFinished = true
                continuation = self.continuation
                if continuation == nil { pending = result }
            }
            continuation?.resume(with: result)
            return true
        }
    }
}
