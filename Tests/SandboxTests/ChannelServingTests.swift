import Foundation
import HummingbirdWSClient
import Logging
import NIOWebSocket
import PayloadValidation
import SchemaModel
import XCTest

@testable import SchemaSandbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 28 line 4 (channels): the sandbox serves KitchenSink's `orderDesk` channel over WebSocket on
/// 127.0.0.1 from the schema: each message is checked against `send` (an invalid one is closed with 1008),
/// answered with `receive` messages (synthesized, or a configured reply per kind), and the faults close
/// with a code, drop the TCP connection, refuse an opening request and require the credential.
@available(macOS 14, iOS 17, tvOS 17, *)
final class ChannelServingTests: XCTestCase {
    private var logger: Logger {
        var logger = Logger(label: "channel-test")
        logger.logLevel = .critical
        return logger
    }

    private func start(_ options: SandboxOptions = .init()) async throws -> SandboxServer {
        let sandbox = SandboxServer(schema: TestSchemas.kitchenSink, options: options)
        try await sandbox.start()
        return sandbox
    }

    private func url(_ sandbox: SandboxServer, order: String = "o-1") -> String {
        "ws://127.0.0.1:\(sandbox.port)\(sandbox.basePath)/orders/\(order)/desk?locale=de"
    }

    /// One connection: sends `messages` in turn, each after the previous one's reply (or at once when
    /// `awaitReplies` is false), and collects what the server sends until it closes.
    private func converse(
        _ url: String, token: String? = "test-token", messages: [String], awaitReplies: Bool = true
    ) async throws -> (received: [String], close: WebSocketCloseFrame?) {
        let received = Locked([String]())
        let logger = logger
        // A server that never closes (a regression) fails the test after 10 s instead of hanging it.
        let close = try await withThrowingTaskGroup(of: WebSocketCloseFrame?.self) { group in
            group.addTask {
                try await Task.sleep(for: .seconds(10))
                throw ConversationTimedOut()
            }
            group.addTask {
                try await Self.connect(url, token: token, logger: logger, messages: messages, awaitReplies: awaitReplies, into: received)
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        return (received.withLock { $0 }, close)
    }

    private struct ConversationTimedOut: Error {}

    private static func connect(
        _ url: String, token: String?, logger: Logger, messages: [String], awaitReplies: Bool, into received: Locked<[String]>
    ) async throws -> WebSocketCloseFrame? {
        var configuration = WebSocketClientConfiguration()
        if let token { configuration.additionalHeaders = [.authorization: "Bearer \(token)"] }
        return try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
            var pending = messages[...]
            if let first = pending.popFirst() { try await outbound.writeTextMessage(first) }
            if !awaitReplies {
                while let next = pending.popFirst() { try await outbound.writeTextMessage(next) }
            }
            for try await message in inbound.messages(maxSize: 1 << 16) {
                if case .text(let text) = message { received.withLock { $0.append(text) } }
                if let next = pending.popFirst() {
                    try await outbound.writeTextMessage(next)
                } else if awaitReplies {
                    try await outbound.close(.normalClosure, reason: nil)
                }
            }
        }
    }

    func testAValidMessageIsAnsweredWithAReceiveMessageAndAnInvalidOneClosesWith1008() async throws {
        let sandbox = try await start()
        let validator = PayloadValidator(schema: TestSchemas.kitchenSink)
        do {
            let answered = try await converse(url(sandbox), messages: [#"{"type":"say","text":"Where is my order?"}"#])
            XCTAssertEqual(answered.received.count, 1)
            let reply = try XCTUnwrap(answered.received.first)
            XCTAssertEqual(validator.validate(data: Data(reply.utf8), against: .named("DeskIncoming")).filter { $0.severity == .error }, [])

            // text is required to have at least one character.
            let refused = try await converse(url(sandbox), messages: [#"{"type":"say","text":""}"#], awaitReplies: false)
            XCTAssertEqual(refused.received, [])
            XCTAssertEqual(refused.close?.closeCode, .policyViolation)
            // The pointer and the rule broken, never where the schema file is on the server's disk.
            XCTAssertEqual(refused.close?.reason, #"invalid message: /text: error: expected at least 1 character, found string "" (0 characters)"#)
            XCTAssertEqual(sandbox.requestCount("orderDesk"), 2, "each opening request is counted under the channel's name")
        } catch {
            await sandbox.stop()
            throw error
        }
        await sandbox.stop()
    }

    func testAConfiguredReplyAnswersItsKind() async throws {
        var options = SandboxOptions()
        options.channelReplies = ["orderDesk": ["typing": #"{"type":"said","text":"An agent is here","from":"desk"}"#]]
        let sandbox = try await start(options)
        let answered = try await converse(url(sandbox), messages: [#"{"type":"typing","active":true}"#])
        await sandbox.stop()
        XCTAssertEqual(answered.received, [#"{"type":"said","text":"An agent is here","from":"desk"}"#])
    }

    func testACloseFaultClosesWithItsCodeAndIsUsedUp() async throws {
        let sandbox = try await start()
        sandbox.inject(.closeChannel(count: 1, afterMessages: 1, code: 4001), for: "orderDesk")
        let first = try await converse(url(sandbox), messages: [#"{"type":"say","text":"one"}"#, #"{"type":"say","text":"two"}"#])
        let second = try await converse(url(sandbox), messages: [#"{"type":"say","text":"one"}"#, #"{"type":"say","text":"two"}"#])
        await sandbox.stop()
        XCTAssertEqual(first.received.count, 1, "closed after one reply")
        XCTAssertEqual(first.close?.closeCode, WebSocketErrorCode(codeNumber: 4001))
        XCTAssertEqual(second.received.count, 2, "the fault was used up by the first connection")
        XCTAssertEqual(second.close?.closeCode, .normalClosure)
    }

    func testADropFaultEndsTheConnectionWithoutACloseFrame() async throws {
        let sandbox = try await start()
        sandbox.inject(.dropChannel(count: 1, afterMessages: 0), for: "orderDesk")
        let dropped = try? await converse(url(sandbox), messages: [#"{"type":"say","text":"one"}"#])
        let normal = try await converse(url(sandbox), messages: [#"{"type":"say","text":"one"}"#])
        await sandbox.stop()
        XCTAssertEqual(dropped?.received ?? [], [])
        XCTAssertNil(dropped?.close?.closeCode, "a drop sends no close frame")
        XCTAssertEqual(normal.received.count, 1)
    }

    func testOpeningRequestsAreRefusedByFaultsAndWithoutTheCredential() async throws {
        let sandbox = try await start()
        sandbox.inject(.failures(count: 1, status: 503), for: "orderDesk")
        var refusedByFault = false
        do { _ = try await converse(url(sandbox), messages: []) } catch { refusedByFault = true }
        var refusedWithoutToken = false
        do { _ = try await converse(url(sandbox), token: nil, messages: []) } catch { refusedWithoutToken = true }
        let accepted = try await converse(url(sandbox), messages: [#"{"type":"say","text":"back"}"#])
        // A plain GET of the channel's path is told it needs an upgrade.
        let (_, plain) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(sandbox.port)\(sandbox.basePath)/orders/o-1/desk")!)
        let records = sandbox.receivedRequests("orderDesk")
        await sandbox.stop()
        XCTAssertTrue(refusedByFault, "the 503 fault refuses the first opening request")
        XCTAssertTrue(refusedWithoutToken, "the channel takes the bearer scheme: no credential, no connection")
        XCTAssertEqual(accepted.received.count, 1, "a reconnect after the refusals is accepted")
        XCTAssertEqual((plain as? HTTPURLResponse)?.statusCode, 426)
        // The client sees 400 for each refusal (hummingbird-websocket's answer); the record keeps why.
        XCTAssertEqual(records.map(\.status), [503, 401, 101])
    }

    /// Issue 28 line 5: Finaptic's chat channel is served from Schemas/finaptic.yaml: a message the ChatClient
    /// sends is answered with what receiveMessage/receiveEvent deliver (ChatIncoming), and the stop message is
    /// accepted too. (Credentials are not required here: the oauth scheme's wired login issues them, which
    /// Finaptic's flow tests cover.)
    func testFinapticsChatIsServed() async throws {
        var options = SandboxOptions()
        options.requireCredentials = false
        let sandbox = SandboxServer(schema: TestSchemas.finaptic, options: options)
        try await sandbox.start()
        let url = "ws://127.0.0.1:\(sandbox.port)\(sandbox.basePath)/chat/contact-0001/connection"
        let chat = try await converse(
            url, messages: [#"{"kind":"message","messageContent":"Card not received"}"#, #"{"kind":"stopContact","contactId":"contact-0001"}"#])
        let wrong = try await converse(url, messages: [#"{"kind":"message","content":"Card not received"}"#], awaitReplies: false)
        await sandbox.stop()
        let validator = PayloadValidator(schema: TestSchemas.finaptic)
        XCTAssertEqual(chat.received.count, 2)
        for reply in chat.received {
            XCTAssertEqual(validator.validate(data: Data(reply.utf8), against: .named("ChatIncoming")).filter { $0.severity == .error }, [], reply)
            // The stop is not echoed: `stopContact` is valid as an unknown kind of ChatIncoming, but not one it declares.
            let kind = (try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["kind"] as? String
            XCTAssertTrue(["message", "event"].contains(kind ?? ""), reply)
        }
        XCTAssertEqual(wrong.close?.closeCode, .policyViolation, "messageContent is required")
    }
}
