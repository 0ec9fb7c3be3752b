import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One message frame as a WebSocket carries it.
public enum ChannelFrame: Sendable, Equatable {
    case text(String)
    case binary(Data)

    /// The frame's payload size in bytes (UTF-8 for text), checked against a channel's message limit.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}

/// Opens long-lived connections for `Channel`.
///
/// `URLSessionChannelTransport` (`URLSessionWebSocketTask`) serves Apple platforms. On Linux, Foundation's
/// URLSession has no WebSockets (libcurl lacks them), so Linux apps and this package's tests use the opt-in
/// SwiftNIO transport (the `ChannelTransportNIO` target), which no client library depends on.
public protocol ChannelTransport: Sendable {
    /// Opens a connection for `request` (its URL, `ws:` or `wss:`, and headers such as `Authorization`) and
    /// returns once it is open. Throws when the connection or its handshake fails: `ChannelError.handshakeRejected`
    /// when the transport can tell the HTTP status the server refused the upgrade with.
    func connect(_ request: URLRequest) async throws -> any ChannelConnection
}

/// One open connection of a `ChannelTransport`.
///
/// `Channel` calls `receive()` from one task at a time and `send(_:)` from any; `close(code:reason:)` may be
/// called while a `receive()` waits, which must then return or throw promptly.
public protocol ChannelConnection: Sendable {
    func send(_ frame: ChannelFrame) async throws
    /// The next frame. Throws `ChannelClosure` when the peer closes with a code; any other error is a drop,
    /// except `ChannelError.messageTooLarge` (a frame over the transport's limit), which ends the channel.
    func receive() async throws -> ChannelFrame
    /// Sends a close frame with `code` (1000 for a normal closure) and releases the connection.
    func close(code: Int, reason: String) async
}

/// The peer closed the connection with a close code (RFC 6455 §7.4).
public struct ChannelClosure: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var reason: String

    public init(code: Int, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// The code only: a reason is the server's text and is not repeated in logs.
    public var description: String { "the server closed the channel with code \(code)" }
}
