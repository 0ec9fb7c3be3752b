import ChannelTransportNIO
import ClientRuntime
import Finaptic
import Foundation
import SchemaSandbox
import XCTest

/// Issue 28 line 5: Finaptic's ChatClient as the generated `chat` channel, over real WebSockets on 127.0.0.1
/// against the sandbox serving Schemas/finaptic.yaml: startChat, connect, a message answered with a message
/// and an event, a dropped connection the channel reconnects by itself, then stopContact and the server's
/// close 1000 ending the loop. The NIO transport because URLSession has no WebSockets on Linux.
final class FinapticChatTests: XCTestCase {
    func testChatConnectsExchangesMessagesReconnectsAfterADropAndEndsWith1000() async throws {
        // Without a configured reply the sandbox echoes stopContact, which ChatIncoming decodes as undocumented.
        var options = SandboxOptions()
        let farewell =
            #"{"kind":"message","id":"m-stop","participantRole":"systemMessage","content":"Ended.","#
            + #""timestamp":"2026-11-26T12:00:00Z"}"#
        options.channelReplies = ["chat": ["stopContact": farewell]]
        let sandbox = try await FinapticSandbox.start(options: options)
        do {
            try await chatFlow(sandbox)
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    private func chatFlow(_ sandbox: SandboxServer) async throws {
        let store = InMemoryTokenStore()
        let (auth, _) = FinapticSandbox.clients(for: sandbox, store: store)
        let credential = Credential(email: "sample@finaptic.com", username: "Username", password: "Password1234!@#$")
        _ = try await auth.signUp(body: SignUpRequest(credential: credential))
        let session = try await auth.signIn(body: SignInRequest(credential: credential), savingTo: store)
        let client = FinapticClient(
            configuration: .init(
                baseURL: sandbox.baseURL, middlewares: [auth.oauthTokenMiddleware(store: store)],
                credentials: StaticCredentials(["sdkKey": FinapticSandbox.sdkKey]), channelTransport: NIOChannelTransport()))

        let started = try await client.startChat(body: StartChatRequest(displayName: "Username", subject: "My card was declined"))
        // The first connection is dropped (no close frame) after the sandbox's two replies; the second closes with
        // 1000 (the server ending the contact) after its two replies, the second of which answers stopContact.
        sandbox.inject(.dropChannel(count: 1, afterMessages: 2), for: "chat")
        sandbox.inject(.closeChannel(count: 1, afterMessages: 2, code: 1000), for: "chat")

        let chat = client.chat(contactId: started.contactId)
        var statuses = chat.statusUpdates.makeAsyncIterator()
        try await chat.connect()
        let connecting = await statuses.next()
        let connected = await statuses.next()
        XCTAssertEqual(connecting, .connecting)
        XCTAssertEqual(connected, .connected)
        XCTAssertEqual(chat.status, .connected)

        // The sandbox answers the union's variants in turn: a message, then an event.
        var incoming = Self.relay(chat).makeAsyncIterator()
        try await chat.send(.message(SendMessageRequest(messageContent: "Hello")))
        guard case .message(let reply) = try await incoming.next() else { return XCTFail("the first reply is a ChatMessage") }
        XCTAssertFalse(reply.content.isEmpty)
        try await chat.send(.message(SendMessageRequest(messageContent: "Are you there?")))
        guard case .event = try await incoming.next() else { return XCTFail("the second reply is a ChatEvent") }

        // The sandbox dropped the connection: the reading loop finds it lost and reconnects, and the channel goes on.
        let reconnecting = await statuses.next()
        let reconnected = await statuses.next()
        XCTAssertEqual(reconnecting, .reconnecting(attempt: 1))
        XCTAssertEqual(reconnected, .connected)
        try await chat.send(.message(SendMessageRequest(messageContent: "Still there?")))
        guard case .message = try await incoming.next() else { return XCTFail("after reconnecting, the reply is a ChatMessage") }

        // stopContact is answered by a system message, then the server's 1000 ends the loop normally: closed.
        try await chat.send(.stopContact(StopContactMessage(contactId: started.contactId)))
        let stopReply = try await incoming.next()
        guard case .message(let farewell) = stopReply else {
            return XCTFail("stopContact is answered with a ChatMessage, got \(String(describing: stopReply))")
        }
        XCTAssertEqual(farewell.participantRole, .systemMessage)
        let afterClose = try await incoming.next()
        XCTAssertNil(afterClose, "close 1000 ends the messages without an error")
        XCTAssertEqual(chat.status, .closed)
        let closed = await statuses.next()
        let ended = await statuses.next()
        XCTAssertEqual(closed, .closed)
        XCTAssertNil(ended, "the status updates end with the channel")

        // Two opening requests, each with the signed-in user's bearer token, to the contact's path.
        let openings = sandbox.receivedRequests("chat")
        XCTAssertEqual(openings.count, 2)
        XCTAssertTrue(openings.allSatisfy { $0.header("Authorization") == "Bearer \(session.accessToken)" })
        XCTAssertTrue(openings.allSatisfy { $0.path.hasSuffix("/chat/\(started.contactId)/connection") }, "\(openings.map(\.path))")
    }

    /// The chat's messages as a stream read one at a time, while one loop reads the channel (and reconnects it)
    /// in the background: a channel's messages have one loop, and dropping a loop that started closes the channel.
    private static func relay(_ chat: Channel<ChatOutgoing, ChatIncoming, FinapticClient.ChatClosed>) -> AsyncThrowingStream<ChatIncoming, any Error> {
        let (stream, continuation) = AsyncThrowingStream<ChatIncoming, any Error>.makeStream()
        let reader = Task {
            do {
                for try await message in chat.messages { continuation.yield(message) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reader.cancel() }
        return stream
    }
}
