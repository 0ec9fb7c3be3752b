import Foundation
import KitchenSink
import SchemaModel
import SchemaSandbox
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Untagged and integer-tagged unions and formatted dates over HTTP on 127.0.0.1: the sandbox serves
/// them (examples, or synthesized when the schema has none), validates them in requests, and the
/// generated client decodes and sends them in their wire form.
final class UnionsAndDatesAgainstSandboxTests: KitchenSinkSandboxTestCase {
    private let sent = PushEvent(
        eventType: "TransactionCreatedEvent", transactionId: UUID(uuidString: "00c660a0-c03d-401d-bf77-99df3e6a157f")!,
        amount: "12.30", transactionTime: Date(timeIntervalSince1970: 1_639_744_496.793213),
        timestamp: Date(timeIntervalSince1970: 1_639_744_496.793), createdAt: Date(timeIntervalSince1970: 1_639_744_496),
        cancelledAt: nil, sentAt: Date(timeIntervalSince1970: 1_639_744_496))

    func testServedExamplesDecodeAsTheirVariants() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let group = try await client().getProcessingForm()
        guard case .editText(let editText)? = group.fields[10], case .radioGroup(let radioGroup)? = group.fields[11] else {
            return XCTFail("\(group.fields)")
        }
        XCTAssertEqual(editText.inputType, .text)
        XCTAssertEqual(radioGroup.choices[1]?.radioGroupId, 11)
        XCTAssertEqual(group.fields.mapValues(\.id), [10: 10, 11: 11])

        let notices = try await client().listNotices()
        XCTAssertEqual(notices, [.warning(WarningNotice(id: 3, text: "Low balance", until: Date(timeIntervalSince1970: 1_700_000_000)))])
    }

    func testDatesTravelInTheirWireFormAndTheSandboxChecksIt() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let echoed = try await client().sendPushEvent(body: sent)
        let request = try XCTUnwrap(sandbox.receivedRequests("sendPushEvent").first)
        XCTAssertEqual(request.status, 200, "the sandbox validated the body")
        let body = String(decoding: request.body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""transactionTime":"2021-12-17 12:34:56.793213 +0000 UTC""#), body)
        XCTAssertTrue(body.contains(#""timestamp":1639744496793"#), body)
        XCTAssertTrue(body.contains(#""createdAt":1639744496"#), body)
        XCTAssertTrue(body.contains(#""cancelledAt":null"#), body)
        XCTAssertEqual(echoed.transactionTime.timeIntervalSince1970, 1_639_744_496.793213, accuracy: 0.000_001, "the served example decodes")

        // A body with the date in another form is rejected by the sandbox's validation.
        var raw = URLRequest(url: sandbox.baseURL.appendingPathComponent("push-events"))
        raw.httpMethod = "POST"
        raw.setValue("application/json", forHTTPHeaderField: "Content-Type")
        raw.setValue("Bearer t0", forHTTPHeaderField: "Authorization")
        raw.httpBody = Data(body.replacingOccurrences(of: "2021-12-17 12:34:56.793213 +0000 UTC", with: "2021-12-17T12:34:56Z").utf8)
        let (data, response) = try await URLSession.shared.data(for: raw)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("transactionTime"), String(decoding: data, as: UTF8.self))
    }

    func testSynthesizedPayloadsDecodeWhenTheSchemaHasNoExamples() async throws {
        var schema = try SandboxFixture.schema(kitchenSink)
        for index in schema.types.indices {
            schema.types[index].examples = []
        }
        sandbox = SandboxServer(schema: schema)
        try await sandbox.start()
        let fields = try await client().listFormFields()
        // The variant the decoder tries first, with its required keys.
        guard case .editText(let editText)? = fields.first else { return XCTFail("\(fields)") }
        XCTAssertEqual(editText.inputType, .text)
        let notices = try await client().listNotices()
        guard case .info? = notices.first else { return XCTFail("\(notices)") }
        // Epoch dates are synthesized in their wire form (2024-01-01T00:00:00Z); the pattern-formatted
        // one comes from its field example.
        let event = try await client().sendPushEvent(body: sent)
        XCTAssertEqual(event.createdAt.timeIntervalSince1970, 1_704_067_200)
        XCTAssertEqual(event.timestamp.timeIntervalSince1970, 1_704_067_200)
        XCTAssertEqual(event.transactionTime.timeIntervalSince1970, 1_639_744_496.793213, accuracy: 0.000_001)
        XCTAssertNil(event.readAt)
    }

    /// Untagged unions of any type (openai's `stop: string | [string]`, a setting of every JSON kind): the
    /// client sends the variant's bare value, the sandbox validates it, and the served example's values
    /// decode each as the variant of its shape.
    func testUnionsChosenByShapeTravelBothWays() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let request = CompletionRequest(prompt: "Hi", stop: .several(["END"]), settings: ["n": .count(2), "on": .enabled(true)])
        let answer = try await client().complete(body: request)
        let received = try XCTUnwrap(sandbox.receivedRequests("complete").first)
        XCTAssertEqual(received.status, 200, "the sandbox validated the body")
        let body = String(decoding: received.body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""stop":["END"]"#), body)
        XCTAssertTrue(body.contains(#""n":2"#) && body.contains(#""on":true"#), body)

        XCTAssertEqual(answer.stop, .several(["\n", "END"]))
        let settings = try XCTUnwrap(answer.settings)
        XCTAssertEqual(settings["text"], .text("plain"))
        XCTAssertEqual(settings["device"], .device(UUID(uuidString: "6bac7eea-c120-428d-beb6-910c6f290434")!))
        guard case .day(let day)? = settings["day"] else { return XCTFail("\(settings)") }
        XCTAssertEqual("\(day)", "2024-02-29")
        XCTAssertEqual(settings["changedAt"], .changedAt(Date(timeIntervalSince1970: 1_709_208_000)))
        XCTAssertEqual(settings["count"], .count(3))
        XCTAssertEqual(settings["amount"], .amount(Decimal(string: "9.5")!))
        XCTAssertEqual(settings["enabled"], .enabled(true))
        XCTAssertEqual(settings["priorities"], .priorities([.low, .high]))
        XCTAssertEqual(settings["rows"], .rows([["a", "b"], []]))
        XCTAssertEqual(settings["labels"], .labels(["en": "Hello"]))
        XCTAssertEqual(settings["circle"], .circle(Circle(radius: 2.5)))
        XCTAssertEqual(settings["unknown"], .undocumented(.null))
    }

    /// Structs told apart by their constants (openai's tools, `AssistantTool`): the client sends each
    /// variant with its `type`, the sandbox validates the body by the same rule, and the served tools
    /// decode each as the variant its `type` names, an unknown one kept.
    func testStructsChosenByTheirConstantsTravelBothWays() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let request = CompletionRequest(
            prompt: "Hi", tools: [.retrieval(RetrievalTool(type: .retrieval, maxResults: 2)), .codeInterpreter(CodeInterpreterTool(type: .codeInterpreter))])
        let answer = try await client().complete(body: request)
        let received = try XCTUnwrap(sandbox.receivedRequests("complete").first)
        XCTAssertEqual(received.status, 200, "the sandbox validated the body")
        let body = String(decoding: received.body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""tools":[{"maxResults":2,"type":"retrieval"},{"type":"code_interpreter"}]"#), body)
        XCTAssertEqual(
            answer.tools,
            [
                .codeInterpreter(CodeInterpreterTool(type: .codeInterpreter)), .retrieval(RetrievalTool(type: .retrieval, maxResults: 3)),
                .undocumented(.object(["type": .string("function")])),
            ])
    }

    /// Structs requiring the same keys, told apart by the kinds of their values (GitHub's validation
    /// errors, `InputProblem`): the sandbox validates a body whose `errors` are objects as the first
    /// variant, and serves an answer whose `errors` are strings, which the client decodes as the second.
    func testStructsToldApartByTheKindsOfTheirValuesTravelBothWays() async throws {
        sandbox = try await SandboxFixture.start(kitchenSink)
        let request = CompletionRequest(
            prompt: "Hi", problem: .detailed(DetailedInputProblem(message: "Invalid", errors: [InputProblemDetail(code: "missing", field: "name")])))
        let answer = try await client().complete(body: request)
        let received = try XCTUnwrap(sandbox.receivedRequests("complete").first)
        XCTAssertEqual(received.status, 200, "the sandbox validated the body")
        let body = String(decoding: received.body, as: UTF8.self)
        XCTAssertTrue(body.contains(#""problem":{"errors":[{"code":"missing","field":"name"}],"message":"Invalid"}"#), body)
        XCTAssertEqual(answer.problem, .simple(SimpleInputProblem(message: "Validation Failed", errors: ["Name is too long"])))
    }
}
