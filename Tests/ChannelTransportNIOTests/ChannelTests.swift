import ChannelTransportNIO
import ClientRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Channel` over real WebSockets on 127.0.0.1: the NIO transport against `ScriptedWebSocketServer`.
final class ChannelTests: XCTestCase {
    private var server: ScriptedWebSocketServer?

    override func tearDown() async throws {
        await server?.stop()
        server = nil
    }

    private func startServer(_ script: @escaping ScriptedWebSocketServer.Script) async throws -> ScriptedWebSocketServer {
        let server = ScriptedWebSocketServer(script: script)
        try await server.start()
        self.server = server
        return server
    }

    /// Quick backoff, so the tests spend milliseconds waiting.
    private static let quick = ChannelReconnectPolicy(maxAttempts: 4, initialDelay: .milliseconds(20), maxDelay: .milliseconds(200))

    private func makeChannel<Incoming: Decodable & Sendable>(
        _ server: ScriptedWebSocketServer,
        incoming: Incoming.Type = ChatIncoming.self,
        reconnect: ChannelReconnectPolicy = quick,
        transport: NIOChannelTransport = NIOChannelTransport(),
        maximumMessageSize: Int = Channel<ChatOutgoing, Incoming, ChatClosed>.defaultMaximumMessageSize,
        makeRequest: (@Sendable (Bool) async throws -> URLRequest)? = nil
    ) -> Channel<ChatOutgoing, Incoming, ChatClosed> {
        let url = server.url
        return Channel(
            transport: transport,
            makeRequest: makeRequest ?? { _ in URLRequest(url: url) },
            reconnect: reconnect,
            onClose: ChatClosed.action(for:),
            encoder: JSONEncoder(), decoder: JSONDecoder(),
            maximumMessageSize: maximumMessageSize)
    }

    // MARK: Messages

    func testSendsAndReceivesTypedMessages() async throws {
        let server = try await startServer { _ in [.echoAll] }
        let channel = makeChannel(server)
        try await channel.connect()
        try await channel.send(.say(text: "hello"))
        var messages = channel.messages.makeAsyncIterator()
        let echoed = try await messages.next()
        XCTAssertEqual(echoed, .said(.init(text: "hello")))
        await channel.close()
    }

    func testStatusGoesThroughReconnectionAndEndsClosed() async throws {
        // The first connection echoes one message and drops; the second echoes.
        let server = try await startServer { index in index == 0 ? [.echoNext, .drop] : [.echoAll] }
        let channel = makeChannel(server)
        // Subscribed before anything happens, so no change is missed.
        let updates = channel.statusUpdates
        let statuses = Task { () -> [ChannelStatus] in
            var seen: [ChannelStatus] = []
            for await status in updates { seen.append(status) }
            return seen
        }
        let received = Task { () -> [ChatIncoming] in
            var seen: [ChatIncoming] = []
            for try await message in channel.messages { seen.append(message) }
            return seen
        }
        try await channel.connect()
        try await channel.send(.say(text: "first"))
        let reconnected = await eventually { server.log.connectCount == 2 && channel.status == .connected }
        XCTAssertTrue(reconnected, "the channel did not reconnect after the drop")
        try await channel.send(.say(text: "second"))
        let both = await eventually { server.log.connectCount == 2 && channel.status == .connected }
        XCTAssertTrue(both)
        // Let the echo arrive before closing.
        try await Task.sleep(for: .milliseconds(100))
        await channel.close()
        XCTAssertEqual(channel.status, .closed)
        let messages = try await received.value
        XCTAssertEqual(messages, [.said(.init(text: "first")), .said(.init(text: "second"))])
        let sequence = await statuses.value
        XCTAssertEqual(sequence, [.connecting, .connected, .reconnecting(attempt: 1), .connected, .closed])
    }

    func testReconnectsAfterDropsWithDoublingBackoff() async throws {
        // Three connections drop at once (no close frame, no message), the fourth says hello.
        let server = try await startServer { index in index < 3 ? [.drop] : [.send(#"{"type":"said","text":"ready"}"#), .echoAll] }
        let policy = ChannelReconnectPolicy(maxAttempts: 5, initialDelay: .milliseconds(100), maxDelay: .seconds(2))
        let channel = makeChannel(server, reconnect: policy)
        // Subscribed before anything happens, so no change is missed.
        let updates = channel.statusUpdates
        let statuses = Task { () -> [ChannelStatus] in
            var seen: [ChannelStatus] = []
            for await status in updates { seen.append(status) }
            return seen
        }
        var messages = channel.messages.makeAsyncIterator()
        let first = try await messages.next()
        XCTAssertEqual(first, .said(.init(text: "ready")))
        XCTAssertEqual(server.log.connectCount, 4)
        // Reconnection n waits 100 ms doubled n - 1 times, jittered into its upper half: at least 50, 100, 200 ms.
        let gaps = server.log.gaps
        XCTAssertEqual(gaps.count, 3)
        for (gap, least) in zip(gaps, [50, 100, 200]) {
            XCTAssertGreaterThanOrEqual(gap, .milliseconds(least), "gaps \(gaps)")
        }
        await channel.close()
        let sequence = await statuses.value
        // Drops of connections that delivered nothing count in a row: each reconnection waits longer.
        XCTAssertEqual(
            sequence,
            [
                .connecting, .connected, .reconnecting(attempt: 1), .connected, .reconnecting(attempt: 2), .connected,
                .reconnecting(attempt: 3), .connected, .closed,
            ])
    }

    func testUnknownAndUndecodableMessagesArriveAsUndocumented() async throws {
        let server = try await startServer { _ in
            [
                .send(#"{"type":"typing","who":"ana"}"#), .send("not json"), .send(#"{"type":"said","text":7}"#),
                .send(#"{"type":"said","text":"still here"}"#),
            ]
        }
        let channel = makeChannel(server)
        var messages = channel.messages.makeAsyncIterator()
        var received: [ChatIncoming] = []
        for _ in 0..<4 {
            let message = try await messages.next()
            received.append(try XCTUnwrap(message))
        }
        XCTAssertEqual(
            received,
            [
                .undocumented(.object(["type": .string("typing"), "who": .string("ana")])), .undocumented(.string("not json")),
                .undocumented(.object(["type": .string("said"), "text": .int(7)])), .said(.init(text: "still here")),
            ])
        XCTAssertEqual(channel.status, .connected)
        await channel.close()
    }

    func testUndecodableMessageWithoutUndocumentedCaseThrowsClearError() async throws {
        let server = try await startServer { _ in [.send(#"{"type":"typing"}"#)] }
        let channel = makeChannel(server, incoming: ChatIncoming.Said.self)
        do {
            for try await message in channel.messages { XCTFail("decoded \(message)") }
            XCTFail("the loop ended without an error")
        } catch ChannelError.undecodableMessage(let reason) {
            XCTAssertTrue(reason.contains("text"), reason)
        }
        XCTAssertEqual(channel.status, .closed)
        let sawClose = await server.log.eventually { $0.closeCodes == [1003] }
        XCTAssertTrue(sawClose, "close codes: \(server.log.closeCodes)")
    }

    // MARK: Close codes

    func testFailingCloseCodeThrowsTypedError() async throws {
        let server = try await startServer { _ in [.send(#"{"type":"said","text":"bye"}"#), .close(code: 4003)] }
        let channel = makeChannel(server)
        var received: [ChatIncoming] = []
        do {
            for try await message in channel.messages { received.append(message) }
            XCTFail("the loop ended without an error")
        } catch let error as ChatClosed {
            XCTAssertEqual(error, .banned)
        }
        XCTAssertEqual(received, [.said(.init(text: "bye"))])
        XCTAssertEqual(channel.status, .closed)
        XCTAssertEqual(server.log.connectCount, 1, "a failing close code must not reconnect")
        do {
            try await channel.send(.say(text: "late"))
            XCTFail("sent on an ended channel")
        } catch ChannelError.closed {}
    }

    func testFinishingCloseCodeEndsTheLoopNormally() async throws {
        let server = try await startServer { _ in [.close(code: 1000)] }
        let channel = makeChannel(server)
        for try await message in channel.messages { XCTFail("received \(message)") }
        XCTAssertEqual(channel.status, .closed)
        XCTAssertEqual(server.log.connectCount, 1)
    }

    func testReauthenticatingCloseRefreshesTheTokenBeforeReconnecting() async throws {
        // The first connection's token has expired: the server closes with 4001; the second one is welcome.
        let server = try await startServer { index in
            index == 0 ? [.close(code: 4001)] : [.send(#"{"type":"said","text":"welcome"}"#), .echoAll]
        }
        // A real refresher over a token store, as a generated client's credential flow uses.
        let store = InMemoryTokenStore(TokenSet(accessToken: "expired-token", refreshToken: "refresh-1"))
        let refreshes = LockedBox(0)
        let refresher = TokenRefresher(store: store) { tokens in
            refreshes.mutate { $0 += 1 }
            return TokenSet(accessToken: "renewed-token", refreshToken: tokens.refreshToken)
        }
        let asked = LockedBox<[Bool]>([])
        let url = server.url
        let channel = makeChannel(server) { refreshCredential in
            asked.mutate { $0.append(refreshCredential) }
            let current = try await refresher.validTokens()
            let tokens = refreshCredential ? try await refresher.tokens(replacing: current.accessToken) : current
            var request = URLRequest(url: url)
            request.setValue("Bearer \(tokens.accessToken)", forHTTPHeaderField: "Authorization")
            return request
        }
        var messages = channel.messages.makeAsyncIterator()
        let first = try await messages.next()
        XCTAssertEqual(first, .said(.init(text: "welcome")))
        XCTAssertEqual(server.log.authorizations, ["Bearer expired-token", "Bearer renewed-token"])
        XCTAssertEqual(asked.value, [false, true])
        XCTAssertEqual(refreshes.value, 1)
        await channel.close()
    }

    // MARK: Ending

    func testCancellingTheLoopClosesTheSocket() async throws {
        let server = try await startServer { _ in [.send(#"{"type":"said","text":"one"}"#)] }
        let channel = makeChannel(server)
        let firstArrived = LockedBox(false)
        let loop = Task {
            for try await _ in channel.messages { firstArrived.value = true }
        }
        let arrived = await eventually { firstArrived.value }
        XCTAssertTrue(arrived)
        loop.cancel()
        do {
            try await loop.value
            XCTFail("a cancelled loop should throw CancellationError")
        } catch is CancellationError {}
        let sawClose = await server.log.eventually { $0.closeCodes == [1000] }
        XCTAssertTrue(sawClose, "close codes: \(server.log.closeCodes)")
        XCTAssertEqual(channel.status, .closed)
    }

    func testLeavingTheLoopClosesTheSocket() async throws {
        let server = try await startServer { _ in [.send(#"{"type":"said","text":"one"}"#)] }
        let channel = makeChannel(server)
        for try await _ in channel.messages { break }
        let sawClose = await server.log.eventually { $0.closeCodes == [1000] }
        XCTAssertTrue(sawClose, "close codes: \(server.log.closeCodes)")
        let closed = await eventually { channel.status == .closed }
        XCTAssertTrue(closed)
    }

    func testCloseSendsNormalClosureAndEndsMessages() async throws {
        let server = try await startServer { _ in [.echoAll] }
        let channel = makeChannel(server)
        try await channel.connect()
        let loop = Task { () -> Int in
            var count = 0
            for try await _ in channel.messages { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(50))
        await channel.close()
        let count = try await loop.value
        XCTAssertEqual(count, 0)
        let sawClose = await server.log.eventually { $0.closeCodes == [1000] }
        XCTAssertTrue(sawClose, "close codes: \(server.log.closeCodes)")
    }

    // MARK: Limits

    func testMessageOverTheChannelsLimitIsAnError() async throws {
        let large = #"{"type":"said","text":""# + String(repeating: "x", count: 4096) + #""}"#
        let server = try await startServer { _ in [.send(large)] }
        let channel = makeChannel(server, maximumMessageSize: 1024)
        do {
            for try await message in channel.messages { XCTFail("received \(message)") }
            XCTFail("the loop ended without an error")
        } catch ChannelError.messageTooLarge(let limit) {
            XCTAssertEqual(limit, 1024)
        }
        let sawClose = await server.log.eventually { $0.closeCodes == [1009] }
        XCTAssertTrue(sawClose, "close codes: \(server.log.closeCodes)")
        XCTAssertEqual(server.log.connectCount, 1, "an over-size message must not reconnect")
    }

    func testFrameOverTheTransportsLimitIsAnError() async throws {
        let large = #"{"type":"said","text":""# + String(repeating: "x", count: 4096) + #""}"#
        // Sent after an echo, once the connection is surely upgraded: the frame is checked by the WebSocket decoder.
        let server = try await startServer { _ in [.echoNext, .send(large)] }
        let channel = makeChannel(server, transport: NIOChannelTransport(maximumMessageSize: 1024))
        try await channel.connect()
        try await channel.send(.say(text: "go"))
        do {
            for try await message in channel.messages where message != .said(.init(text: "go")) { XCTFail("received \(message)") }
            XCTFail("the loop ended without an error")
        } catch ChannelError.messageTooLarge(let limit) {
            XCTAssertEqual(limit, 1024)
        }
        XCTAssertEqual(channel.status, .closed)
        XCTAssertEqual(server.log.connectCount, 1, "an over-size message must not reconnect")
    }

    // MARK: Giving up

    func testFirstConnectGivesUpAfterThePolicysAttempts() async throws {
        let server = try await startServer { _ in nil }
        let channel = makeChannel(server, reconnect: ChannelReconnectPolicy(maxAttempts: 2, initialDelay: .milliseconds(10)))
        do {
            try await channel.connect()
            XCTFail("connected to a server refusing every upgrade")
        } catch ChannelError.reconnectFailed(let attempts, _) {
            XCTAssertEqual(attempts, 2)
        }
        XCTAssertEqual(server.log.connectCount, 3, "one connect and two reconnections")
        XCTAssertEqual(channel.status, .closed)
    }

    func testRefusedConnectsAreRetriedUntilOneSucceeds() async throws {
        let server = try await startServer { index in index < 2 ? nil : [.send(#"{"type":"said","text":"in"}"#)] }
        let channel = makeChannel(server)
        try await channel.connect()
        XCTAssertEqual(server.log.connectCount, 3)
        var messages = channel.messages.makeAsyncIterator()
        let first = try await messages.next()
        XCTAssertEqual(first, .said(.init(text: "in")))
        await channel.close()
    }

    func testLoopThrowsWhenReconnectionsAreExhausted() async throws {
        let server = try await startServer { index in index == 0 ? [.send(#"{"type":"said","text":"hi"}"#), .drop] : nil }
        let channel = makeChannel(server, reconnect: ChannelReconnectPolicy(maxAttempts: 3, initialDelay: .milliseconds(10)))
        var received: [ChatIncoming] = []
        do {
            for try await message in channel.messages { received.append(message) }
            XCTFail("the loop ended without an error")
        } catch ChannelError.reconnectFailed(let attempts, _) {
            XCTAssertEqual(attempts, 3)
        }
        XCTAssertEqual(received, [.said(.init(text: "hi"))])
        XCTAssertEqual(server.log.connectCount, 4)
        XCTAssertEqual(channel.status, .closed)
    }

    func testNeverReconnectingPolicyEndsWithTheDrop() async throws {
        let server = try await startServer { _ in [.drop] }
        let channel = makeChannel(server, reconnect: .never)
        do {
            for try await message in channel.messages { XCTFail("received \(message)") }
            XCTFail("the loop ended without an error")
        } catch ChannelError.connectionLost {}
        XCTAssertEqual(server.log.connectCount, 1)
    }

    private func eventually(timeout: Duration = .seconds(5), _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}

// MARK: Message types shaped like generated ones

/// What the client sends: `{"type":"say","text":…}`.
enum ChatOutgoing: Encodable, Sendable {
    case say(text: String)

    private enum Keys: String, CodingKey { case type, text }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .say(let text):
            // The echo server sends it back: sent as a `said` so the echo decodes as one.
            try container.encode("said", forKey: .type)
            try container.encode(text, forKey: .text)
        }
    }
}

/// A tagged union as the generator renders one: an unknown tag, or a payload no variant takes, is
/// `undocumented`.
enum ChatIncoming: Decodable, Sendable, Equatable, UndocumentedMessage {
    struct Said: Decodable, Sendable, Equatable {
        var text: String
    }

    case said(Said)
    case undocumented(JSONValue)

    private enum Keys: String, CodingKey { case type }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        switch try container.decodeIfPresent(String.self, forKey: .type) {
        case "said": self = .said(try Said(from: decoder))
        default: self = .undocumented(try JSONValue(from: decoder))
        }
    }
}

/// The close codes the schema types.
enum ChatClosed: Error, Sendable, Equatable {
    case banned

    static func action(for closure: ChannelClosure) -> ChannelCloseAction<ChatClosed> {
        switch closure.code {
        case 1000: .finish
        case 4001: .reauthenticate
        case 4003: .fail(.banned)
        default: .reconnect
        }
    }
}
