import Foundation

/// Runs a call with an overall time limit.
///
/// The call runs in a task of its own (inheriting priority and task-locals such as `RequestOptions.current`).
/// When the limit passes first, that task is cancelled, which cancels the `URLSessionTask` in flight or
/// the retry wait, and `TransportError.callTimedOut` is thrown at once, without waiting for code that
/// ignores cancellation. Cancelling the caller cancels the call the same way.
///
/// Per call that is one task (the call) and one dispatch timer source, cancelled (and so removed) as soon
/// as the call ends: the caller is resumed straight from the call's task, and a call that ends in time
/// leaves no timer or task behind to wake up.
enum CallTimeout {
    static func run<T: Sendable>(
        seconds: TimeInterval?,
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard let seconds, seconds.isFinite else { return try await operation() }
        let outcome = Outcome<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.setContinuation(continuation)
                // Created here, in the caller's task, so it inherits priority and task-locals.
                outcome.setCall(
                    Task {
                        let result: Result<T, any Error>
                        do { result = .success(try await operation()) } catch { result = .failure(error) }
                        outcome.finish(result)
                    })
                let timer = DispatchSource.makeTimerSource(queue: .global())
                timer.setEventHandler {
                    if outcome.finish(.failure(TransportError.callTimedOut(seconds: seconds))) { outcome.cancelCall() }
                }
                timer.schedule(deadline: .now() + max(0, min(seconds, 1e9)))
                timer.resume()
                // A call that already ended has nobody left to cancel the timer.
                if !outcome.setTimer(timer) { timer.cancel() }
            }
        } onCancel: {
            outcome.cancelCall()
        }
    }

    /// Resumes the continuation with whichever outcome comes first (the call's result or the timeout),
    /// cancels the timer when the call ends, and cancels the call on timeout or when the caller is
    /// cancelled, which may happen before the call's task exists. The continuation is set before the
    /// call and the timer that finish it are created.
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var isFinished = false
        private var call: Task<Void, Never>?
        private var isCallCancelled = false
        private var timer: (any DispatchSourceTimer)?

        func setContinuation(_ continuation: CheckedContinuation<T, any Error>) {
            lock.locked { self.continuation = continuation }
        }

        func setCall(_ call: Task<Void, Never>) {
            let cancelNow = lock.locked {
                self.call = call
                return isCallCancelled
            }
            if cancelNow { call.cancel() }
        }

        /// Keeps `timer` for cancelling when the call ends; `false` when it has already ended.
        func setTimer(_ timer: any DispatchSourceTimer) -> Bool {
            lock.locked {
                guard !isFinished else { return false }
                self.timer = timer
                return true
            }
        }

        func cancelCall() {
            let call = lock.locked {
                isCallCancelled = true
                return self.call
            }
            call?.cancel()
        }

        /// Resumes with `result` unless another outcome came first; returns whether it was first.
        @discardableResult
        func finish(_ result: Result<T, any Error>) -> Bool {
            let (continuation, timer) = lock.locked {
                defer {
                    self.continuation = nil
                    self.timer = nil
                    isFinished = true
                }
                return (isFinished ? nil : self.continuation, self.timer)
            }
            timer?.cancel()
            continuation?.resume(with: result)
            return continuation != nil
        }
    }
}
