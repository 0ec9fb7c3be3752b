import ClientRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The parts of channels that need no WebSocket server: the backoff arithmetic and URLSession's transport
/// where the platform has no WebSockets. Channels over real sockets: Tests/ChannelTransportNIOTests.
final class ChannelRuntimeTests: XCTestCase {
    func testBackoffDoublesPerAttemptUpToTheCap() {
        let policy = ChannelReconnectPolicy(maxAttempts: 10, initialDelay: .milliseconds(100), maxDelay: .seconds(1))
        // Jitter 1 is the full doubled delay; 0 is its half.
        XCTAssertEqual((1...6).map { policy.delay(forAttempt: $0, jitter: 1) }, [100, 200, 400, 800, 1000, 1000].map(Duration.milliseconds))
        XCTAssertEqual((1...6).map { policy.delay(forAttempt: $0, jitter: 0) }, [50, 100, 200, 400, 500, 500].map(Duration.milliseconds))
        // No attempt count overflows the doubling.
        XCTAssertEqual(policy.delay(forAttempt: 10_000, jitter: 1), .seconds(1))
        XCTAssertEqual(policy.delay(forAttempt: 3, jitter: 0.5), .milliseconds(300))
    }

    func testPolicyKeepsItsBoundsSane() {
        let policy = ChannelReconnectPolicy(maxAttempts: -3, initialDelay: .seconds(2), maxDelay: .seconds(1))
        XCTAssertEqual(policy.maxAttempts, 0)
        XCTAssertEqual(policy.maxDelay, .seconds(2), "the cap is never below the first delay")
        XCTAssertEqual(ChannelReconnectPolicy.never.maxAttempts, 0)
    }

    #if !canImport(Darwin)
        /// Linux's URLSession compiles URLSessionWebSocketTask, but its libcurl has no WebSockets: the transport
        /// must say so with an error a caller can act on, never crash or hang.
        func testURLSessionTransportFailsClearlyWithoutWebSockets() async throws {
            let request = URLRequest(url: URL(string: "ws://127.0.0.1:9/chat")!)
            do {
                _ = try await URLSessionChannelTransport().connect(request)
                XCTFail("connected without WebSockets")
            } catch ChannelError.webSocketsUnavailable(let detail) {
                XCTAssertTrue(detail.contains("libcurl"), detail)
            }
        }

        /// A channel over that transport gives up at once: retrying cannot bring WebSockets.
        func testChannelOverURLSessionWithoutWebSocketsFailsAtOnce() async throws {
            let attempts = LockedCounter()
            let channel = Channel<JSONValue, JSONValue, ChannelClosure>(
                transport: URLSessionChannelTransport(),
                makeRequest: { _ in
                    attempts.increment()
                    return URLRequest(url: URL(string: "ws://127.0.0.1:9/chat")!)
                },
                reconnect: ChannelReconnectPolicy(maxAttempts: 5, initialDelay: .milliseconds(10)),
                onClose: { _ in .reconnect }, encoder: JSONEncoder(), decoder: JSONDecoder())
            do {
                try await channel.connect()
                XCTFail("connected without WebSockets")
            } catch ChannelError.webSocketsUnavailable {}
            XCTAssertEqual(attempts.value, 1)
            XCTAssertEqual(channel.status, .closed)
            XCTAssertTrue(
                ChannelError.webSocketsUnavailable("x").description.hasPrefix("WebSockets are unavailable"),
                "the error explains itself")
        }
    #endif
}

private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
