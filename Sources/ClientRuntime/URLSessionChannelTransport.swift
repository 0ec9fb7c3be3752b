import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens channels with `URLSessionWebSocketTask`: the transport of Apple platforms.
///
/// On Linux, Foundation's URLSession compiles this but its libcurl has no WebSockets: `connect(_:)` then
/// throws `ChannelError.webSocketsUnavailable` (never crashes). Linux apps and this package's tests use the
/// SwiftNIO transport of the opt-in `ChannelTransportNIO` target instead.
public struct URLSessionChannelTransport: ChannelTransport {
    /// The session's configuration (timeouts, proxies, cookies); each connection gets a session of its own,
    /// whose delegate reports when the upgrade completed.
    public var configuration: URLSessionConfiguration
    /// The largest message received, in bytes; a larger one fails the receive with `ChannelError.messageTooLarge`.
    public var maximumMessageSize: Int

    public init(configuration: URLSessionConfiguration = .default, maximumMessageSize: Int = 1 << 20) {
        self.configuration = configuration
        self.maximumMessageSize = maximumMessageSize
    }

    public func connect(_ request: URLRequest) async throws -> any ChannelConnection {
        let opening = WebSocketOpening()
        let session = URLSession(configuration: configuration, delegate: opening, delegateQueue: nil)
        let task = session.webSocketTask(with: request)
        task.maximumMessageSize = maximumMessageSize
        do {
            try await withTaskCancellationHandler {
                try await opening.wait { task.resume() }
            } onCancel: {
                task.cancel(with: .goingAway, reason: nil)
            }
        } catch {
            session.invalidateAndCancel()
            throw Self.connectFailure(error, response: task.response)
        }
        return URLSessionChannelConnection(task: task, session: session, maximumMessageSize: maximumMessageSize)
    }

    /// A refused upgrade as its HTTP status; libcurl's missing WebSockets as `webSocketsUnavailable`.
    static func connectFailure(_ error: any Error, response: URLResponse?) -> any Error {
        if let status = (response as? HTTPURLResponse)?.statusCode, status != 101, status >= 300 {
            return ChannelError.handshakeRejected(status: status)
        }
        #if !canImport(Darwin)
            if let urlError = error as? URLError, urlError.code == .unsupportedURL {
                return ChannelError.webSocketsUnavailable(
                    "Foundation's URLSession on this platform has no WebSockets (libcurl lacks them); use the SwiftNIO transport")
            }
        #endif
        return error
    }
}

/// Resumes `connect` when the upgrade completed (`didOpenWithProtocol`) or the task failed first.
private final class WebSocketOpening: NSObject, URLSessionWebSocketDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var outcome: Result<Void, any Error>?

    func wait(starting start: () -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let finished = lock.locked { () -> Result<Void, any Error>? in
                if let outcome { return outcome }
                self.continuation = continuation
                return nil
            }
            if let finished {
                continuation.resume(with: finished)
            } else {
                start()
            }
        }
    }

    private func finish(_ result: Result<Void, any Error>) {
        let waiting = lock.locked { () -> CheckedContinuation<Void, any Error>? in
            guard outcome == nil else { return nil }
            outcome = result
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }

    func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol protocol: String?) {
        finish(.success(()))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        finish(.failure(error ?? ChannelError.connectionLost))
    }

    func urlSession(
        _ session: URLSession, webSocketTask: URLSessionWebSocketTask, didCloseWith closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?
    ) {
        finish(.failure(ChannelClosure(code: closeCode.rawValue, reason: reason.map { String(decoding: $0, as: UTF8.self) } ?? "")))
    }
}

/// One open `URLSessionWebSocketTask`.
private final class URLSessionChannelConnection: ChannelConnection, @unchecked Sendable {
    private let task: URLSessionWebSocketTask
    private let session: URLSession
    private let maximumMessageSize: Int

    init(task: URLSessionWebSocketTask, session: URLSession, maximumMessageSize: Int) {
        self.task = task
        self.session = session
        self.maximumMessageSize = maximumMessageSize
    }

    func send(_ frame: ChannelFrame) async throws {
        switch frame {
        case .text(let text): try await task.send(.string(text))
        case .binary(let data): try await task.send(.data(data))
        }
    }

    func receive() async throws -> ChannelFrame {
        do {
            switch try await task.receive() {
            case .string(let text): return .text(text)
            case .data(let data): return .binary(data)
            @unknown default: throw ChannelError.connectionLost
            }
        } catch {
            // The task ends with an error when the peer closes; its close code tells a close from a drop.
            if task.closeCode != .invalid {
                throw ChannelClosure(code: task.closeCode.rawValue, reason: task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            if let posix = error as? POSIXError, posix.code == .EMSGSIZE { throw ChannelError.messageTooLarge(limit: maximumMessageSize) }
            throw error
        }
    }

    func close(code: Int, reason: String) async {
        task.cancel(with: URLSessionWebSocketTask.CloseCode(rawValue: code) ?? .normalClosure, reason: Data(reason.utf8))
        session.finishTasksAndInvalidate()
    }
}
