import Foundation

/// Runs a call with an overall time limit.
///
/// The call runs in a task of its own (inheriting priority and task-locals such as `RequestOptions.current`).
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

    /// Resumes the continuation with whichever outcome comes first. The continuation is set before the
    /// tasks that finish it are created.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?

        func setContinuation(_ continuation: CheckedContinuation<T, any Error>) {
            lock.locked { self.continuation = continuation }
        }

        /// Resumes with `result` unless another outcome came first; returns whether it was first.
        @discardableResult
        func finish(_ result: Result<T, any Error>) -> Bool {
            let continuation = lock.locked {
                defer { self.continuation = nil }
                return self.continuation
            }
            continuation?.resume(with: result)
            return continuation != nil
        }
    }
}
