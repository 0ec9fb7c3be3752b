import SchemaModel
import TestSupport
import XCTest

/// `channels:` (issue 28 line 1b: a long-lived connection with typed messages each way, its auth and close
/// codes): it loads, and each mistake is one error at its place.
final class ChannelDiagnosticsTests: XCTestCase {
    /// The channel's keys start on line 19 (`channels:` is line 17, `chat:` line 18).
    private func channel(_ lines: String, extra: String = "") -> String {
        schemaText(operations: "channels:\n  chat:\n" + lines, extra: extra)
    }

    private let messages = "    send: Item\n    receive: Item\n"

    func testAChannelLoadsWithItsHandshakeMessagesAndCloseCodes() throws {
        let text = channel(
            "    websocket: /chats/{chatId}\n    path:\n      chatId: string\n    query:\n      locale: { type: string, optional: true }\n"
                + messages
                + "    close:\n      1000: finish\n      4001: reauthenticate\n      4003: { action: fail, case: forbidden, docs: Not yours. }\n      4004: { action: fail, case: forbidden }\n",
            extra: "auth:\n  bearer: { kind: bearer }\ndefaultAuth: bearer")
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "test.yaml").schema)
        let chat = try XCTUnwrap(schema.channel(named: "chat"))
        XCTAssertEqual(chat.handshake.method, "GET")
        XCTAssertEqual(chat.handshake.path, "/chats/{chatId}")
        XCTAssertEqual(chat.handshake.pathParameters.map(\.name), ["chatId"])
        XCTAssertEqual(chat.handshake.queryParameters.map(\.name), ["locale"])
        XCTAssertEqual(chat.handshake.authRequirements, [["bearer"]], "the default auth applies, as to an operation")
        XCTAssertEqual(chat.send, .named("Item"))
        XCTAssertEqual(chat.receive, .named("Item"))
        XCTAssertEqual(chat.closeCodes.map(\.code), [1000, 4001, 4003, 4004])
        XCTAssertEqual(chat.closeCodes.map(\.action), [.finish, .reauthenticate, .fail("forbidden"), .fail("forbidden")])
        XCTAssertEqual(chat.closeCodes[2].notes.docs, "Not yours.")
        XCTAssertEqual(chat.failureCases, ["forbidden"])
        XCTAssertEqual(chat.action(forCloseCode: 1012), .reconnect, "an unlisted service restart reconnects")
        XCTAssertNil(chat.action(forCloseCode: 4999), "an unlisted private code fails as undocumented")
    }

    func testAnUnknownMessageTypeIsRejectedWithASuggestion() {
        assertSingleError(channel("    websocket: /chat\n    send: Itme\n    receive: Item\n"), line: 20, contains: "did you mean 'Item'?")
    }

    func testMessagesMustBeDeclaredTypes() {
        assertSingleError(
            channel("    websocket: /chat\n    send: Item\n    receive: \"[Item]\"\n"), line: 21,
            contains: "'receive' of channel 'chat' must be a declared type")
        assertSingleError(channel("    websocket: /chat\n    send: Item\n"), line: 18, contains: "channel 'chat' needs 'receive'")
    }

    func testTheWebSocketPathIsRequiredAndMatchesItsParameters() {
        assertSingleError(channel(messages), line: 18, contains: "channel 'chat' needs 'websocket'")
        assertSingleError(
            channel("    websocket: /chats/{chatID}\n    path:\n      chatId: string\n" + messages), line: 19,
            contains: "path parameter 'chatID' of channel 'chat' is not declared under 'path'; did you mean 'chatId'?")
        assertSingleError(
            channel("    websocket: /chats?v=1\n" + messages), line: 19, contains: "the path of channel 'chat' must not contain '?'")
    }

    func testCloseCodesOutsideTheRangeOrNeverSentAreRejected() {
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      999: finish\n"), line: 23,
            contains: "close code 999 of channel 'chat' is not one a close frame can carry: use 1000-4999")
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      5000: reconnect\n"), line: 23, contains: "close code 5000")
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      1006: reconnect\n"), line: 23,
            contains: "close code 1006 of channel 'chat' is never sent in a close frame")
    }

    func testADuplicateCloseCodeIsRejected() {
        // YAML reports the same key written twice; 4001 and 04001 are two keys but one code.
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      4001: reconnect\n      04001: finish\n"), line: 24,
            contains: "close code 4001 of channel 'chat' is listed twice (first at line 23)")
    }

    func testAnUnknownActionIsRejectedWithASuggestion() {
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      4001: reauthenticat\n"), line: 23,
            contains:
                "the action of close code 4001 of channel 'chat' must be reconnect, reauthenticate, finish, fail, found 'reauthenticat'; did you mean 'reauthenticate'?"
        )
    }

    func testFailNeedsACaseAndOnlyFailHasOne() {
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      4003: fail\n"), line: 23,
            contains: "close code 4003 of channel 'chat' fails the channel and needs 'case'")
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      4003: { action: finish, case: done }\n"), line: 23,
            contains: "close code 4003 of channel 'chat' has 'case' but does not fail")
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      4003: { action: fail, case: not allowed }\n"), line: 23,
            contains: "failure case of close code 4003 of channel 'chat' 'not allowed' cannot be a Swift identifier")
    }

    func testANonNumericCloseCodeIsRejected() {
        assertSingleError(
            channel("    websocket: /chat\n" + messages + "    close:\n      normal: finish\n"), line: 23,
            contains: "a key of 'close' of channel 'chat' is a close code (1000-4999), found 'normal'")
    }

    func testAChannelNamedLikeAnOperationOrItsFailureTypeIsRejected() {
        assertSingleError(
            schemaText(operations: "channels:\n  getItem:\n    websocket: /chat\n" + messages), line: 18,
            contains: "channel 'getItem' and operation 'getItem' both become the client method 'getItem'")
        assertSingleError(
            schemaText(types: "  ChatClosed:\n    fields:\n      code: int\n", operations: "channels:\n  chat:\n    websocket: /chat\n" + messages),
            line: 10, contains: "type 'ChatClosed' has the name of the generated failure type of channel 'chat', 'ChatClosed'")
    }

    func testAnUnknownAuthSchemeIsRejected() {
        assertSingleError(
            channel("    websocket: /chat\n    auth: bearr\n" + messages, extra: "auth:\n  bearer: { kind: bearer }"), line: 19,
            contains: "channel 'chat' uses an unknown auth scheme 'bearr'; did you mean 'bearer'?")
    }

    func testAnUnknownKeyOfAChannelIsRejectedWithASuggestion() {
        assertSingleError(
            channel("    websocket: /chat\n    recieve: Item\n    send: Item\n    receive: Item\n"), line: 20, contains: "did you mean 'receive'?")
    }
}
