import ClientRuntime
import Foundation
import KitchenSink
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 28 line 1b: KitchenSink's `orderDesk` channel as generated: its opening request (ws/wss URL, path and
/// query, the credential an HTTP call carries), JSON messages of the schema's unions each way (an unknown kind
/// received is `.undocumented`), and its close-code table (a failing code throws the failure enum's case,
/// `reauthenticate` renews the token before the next connect). Over a scripted in-memory transport; the
/// sandbox serves channels over real sockets (SandboxTests).
final class ChannelTests: XCTestCase {
    private let baseURL = URL(string: "https://api.example.com/v2")!

    func testOpeningRequestMessagesEachWayAndAFailingCloseCode() async throws {
        let transport = ScriptedChannelTransport(connections: [
            [
                .frame(.text(#"{"type":"said","text":"Hello","from":"agent"}"#)),
                .frame(.text(#"{"type":"order.refunded","orderId":"o-1"}"#)),
                .frame(.text(#"{"type":"order.created","orderId":"o-1","total":12}"#)),
                .close(ChannelClosure(code: 4009, reason: "taken over")),
            ]
        ])
        let client = KitchenSinkClient(
            configuration: .init(baseURL: baseURL, credentials: StaticCredentials(["bearer": "token-1"]), channelTransport: transport))
        let channel = client.orderDesk(orderId: "o/1", locale: "de")
        try await channel.connect()
        try await channel.send(.say(DeskSay(text: "Where is my order?")))

        let request = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(request.url?.absoluteString, "wss://api.example.com/v2/orders/o%2F1/desk?locale=de")
        XCTAssertEqual(request.httpMethod, "GET")
        XCTAssertEqual(request.value(forHTTPHeaderField: "Authorization"), "Bearer token-1")
        XCTAssertEqual(transport.sent, [.text(#"{"text":"Where is my order?","type":"say"}"#)])

        var received: [DeskIncoming] = []
        do {
            for try await message in channel.messages { received.append(message) }
            XCTFail("close code 4009 must fail the loop")
        } catch let failure as KitchenSinkClient.OrderDeskClosed {
            XCTAssertEqual(failure, .forbidden(reason: "taken over"))
        }
        XCTAssertEqual(received.count, 3)
        XCTAssertEqual(received.first, .said(DeskSaid(text: "Hello", from: "agent")))
        guard case .undocumented = received.dropFirst().first else { return XCTFail("an unknown kind is .undocumented, got \(received)") }
        XCTAssertEqual(received.last, .orderCreated(OrderCreated(orderId: "o-1", total: 12)))
    }

    func testAnUnlistedCloseCodeIsUndocumentedAndNormalClosureFinishes() async throws {
        let transport = ScriptedChannelTransport(connections: [
            [.close(ChannelClosure(code: 4999, reason: "new rule"))]
        ])
        let client = KitchenSinkClient(configuration: .init(baseURL: URL(string: "http://127.0.0.1:8080")!, channelTransport: transport))
        let channel = client.orderDesk(orderId: "o-1")
        try await channel.connect()
        XCTAssertEqual(transport.requests.first?.url?.absoluteString, "ws://127.0.0.1:8080/orders/o-1/desk")
        do {
            for try await _ in channel.messages {}
            XCTFail("an unlisted code fails the loop")
        } catch let failure as KitchenSinkClient.OrderDeskClosed {
            XCTAssertEqual(failure, .undocumented(code: 4999, reason: "new rule"))
        }

        let finishing = ScriptedChannelTransport(connections: [[.close(ChannelClosure(code: 1000, reason: ""))]])
        let other = KitchenSinkClient(configuration: .init(baseURL: baseURL, channelTransport: finishing)).orderDesk(orderId: "o-1")
        try await other.connect()
        var count = 0
        for try await _ in other.messages { count += 1 }
        XCTAssertEqual(count, 0, "1000 ends the messages normally")
    }

    /// 4001 means the token expired: the next connect goes through the bearer middleware's refresh (the path an
    /// HTTP 401 takes) and carries the renewed token.
    func testReauthenticateRenewsTheTokenBeforeReconnecting() async throws {
        let transport = ScriptedChannelTransport(connections: [
            [.close(ChannelClosure(code: 4001, reason: "token expired"))],
            [.frame(.text(#"{"type":"said","text":"Welcome back","from":"agent"}"#)), .close(ChannelClosure(code: 1000, reason: ""))],
        ])
        let refreshes = Counter()
        let bearer = BearerTokenMiddleware(
            scheme: KitchenSinkClient.AuthSchemes.bearer, store: InMemoryTokenStore(TokenSet(accessToken: "old", refreshToken: "r")),
            refresh: { tokens in
                refreshes.increment()
                return TokenSet(accessToken: "new", refreshToken: tokens.refreshToken)
            })
        let client = KitchenSinkClient(configuration: .init(baseURL: baseURL, middlewares: [bearer], channelTransport: transport))
        let channel = client.orderDesk(orderId: "o-1")
        try await channel.connect()
        var received: [DeskIncoming] = []
        for try await message in channel.messages { received.append(message) }
        XCTAssertEqual(received, [.said(DeskSaid(text: "Welcome back", from: "agent"))])
        XCTAssertEqual(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") }, ["Bearer old", "Bearer new"])
        XCTAssertEqual(refreshes.value, 1)
    }
}

/// One scripted step of a connection: a frame the server sends, or its close.
private enum ScriptedStep: Sendable {
    case frame(ChannelFrame)
    case close(ChannelClosure)
}

/// Connects each time to the next scripted connection, recording every opening request and sent frame.
private final class ScriptedChannelTransport: ChannelTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var connections: [[ScriptedStep]]
    private var recordedRequests: [URLRequest] = []
    private var recordedSent: [ChannelFrame] = []

    init(connections: [[ScriptedStep]]) {
        self.connections = connections
    }

    var requests: [URLRequest] { lock.withLock { recordedRequests } }
    var sent: [ChannelFrame] { lock.withLock { recordedSent } }

    func connect(_ request: URLRequest) async throws -> any ChannelConnection {
        let steps: [ScriptedStep] = try lock.withLock {
            recordedRequests.append(request)
            guard !connections.isEmpty else { throw URLError(.cannotConnectToHost) }
            return connections.removeFirst()
        }
        return ScriptedConnection(steps: steps, transport: self)
    }

    fileprivate func record(_ frame: ChannelFrame) {
        lock.withLock { recordedSent.append(frame) }
    }
}

private final class ScriptedConnection: ChannelConnection, @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [ScriptedStep]
    private let transport: ScriptedChannelTransport

    init(steps: [ScriptedStep], transport: ScriptedChannelTransport) {
        self.steps = steps
        self.transport = transport
    }

    func send(_ frame: ChannelFrame) async throws {
        transport.record(frame)
    }

    func receive() async throws -> ChannelFrame {
        let step: ScriptedStep? = lock.withLock { steps.isEmpty ? nil : steps.removeFirst() }
        switch step {
        case .frame(let frame): return frame
        case .close(let closure): throw closure
        case nil: throw URLError(.networkConnectionLost)
        }
    }

    func close(code: Int, reason: String) async {}
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
