import Foundation
import TestSupport
import XCTest

/// `schema-check --response op --status N` on an operation with several outcomes (kitchensink.yaml's
/// checkDevice: 200 registered or an error envelope, 404 without a body).
final class OutcomeSelectionTests: XCTestCase {
    private let kitchenSink = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path

    private func check(_ arguments: [String], payload: String) throws -> (status: Int32, output: String, errors: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outcome-selection-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("payload.json")
        try Data(payload.utf8).write(to: file)
        let process = Process()
        process.executableURL = builtExecutable(named: "schema-check")
        process.arguments = [kitchenSink] + arguments + [file.path]
        let output = folder.appendingPathComponent("out")
        let errors = folder.appendingPathComponent("err")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errors.path, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self),
            String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        )
    }

    /// Issue 28: `--response` of a streamed operation checks one event: a JSON Lines line is the events
    /// type; an SSE union's data is a variant chosen by the event name, so it names the `--type` to use.
    func testAStreamedOperationsResponseIsOneEvent() throws {
        let item = try check(["--response", "exportItems"], payload: #"{"sku":"A1","name":"Lamp","discontinuedAt":null}"#)
        XCTAssertEqual(item.status, 0, item.output + item.errors)
        let wrong = try check(["--response", "exportItems"], payload: #"{"sku":7,"name":"Lamp","discontinuedAt":null}"#)
        XCTAssertEqual(wrong.status, 1, wrong.output)
        let sse = try check(["--response", "watchOrders"], payload: #"{"orderId":"o-1","total":3}"#)
        XCTAssertEqual(sse.status, 2)
        XCTAssertTrue(sse.errors.contains("--type OrderCreated (event order.created)"), sse.errors)
        XCTAssertEqual(try check(["--type", "OrderCreated"], payload: #"{"orderId":"o-1","total":3}"#).status, 0)
    }

    /// Issue 28 (channels): `--channel orderDesk --direction send|receive` checks one message against the
    /// channel's `send` or `receive` type; a missing direction or an unknown channel is a usage error.
    func testAChannelsMessagesAreCheckedByDirection() throws {
        let say = #"{"type":"say","text":"Where is my order?"}"#
        XCTAssertEqual(try check(["--channel", "orderDesk", "--direction", "send"], payload: say).status, 0)
        let received = try check(["--channel", "orderDesk", "--direction", "receive"], payload: say)
        XCTAssertEqual(received.status, 0, "an unknown kind received is a warning: clients keep it as .undocumented")
        XCTAssertTrue(received.output.contains("warning"), received.output)
        let empty = try check(["--channel", "orderDesk", "--direction", "send"], payload: #"{"type":"say","text":""}"#)
        XCTAssertEqual(empty.status, 1, empty.output)
        XCTAssertTrue(empty.output.contains("/text"), empty.output)
        let said = try check(["--channel", "orderDesk", "--direction", "receive"], payload: #"{"type":"said","text":"Hi"}"#)
        XCTAssertEqual(said.status, 1, "from is required: " + said.output)
        let noDirection = try check(["--channel", "orderDesk"], payload: say)
        XCTAssertEqual(noDirection.status, 2)
        XCTAssertTrue(noDirection.errors.contains("--channel needs --direction"), noDirection.errors)
        let unknown = try check(["--channel", "orderDesks", "--direction", "send"], payload: say)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("did you mean 'orderDesk'"), unknown.errors)
    }

    func testTheSuccessOutcomeBodyIsTheDefault() throws {
        let good = try check(["--response", "checkDevice"], payload: #"{"rtCode":"0000","deviceName":"Kiosk"}"#)
        XCTAssertEqual(good.status, 0, good.output + good.errors)
        let bad = try check(["--response", "checkDevice", "--status", "200"], payload: #"{"deviceName":5}"#)
        XCTAssertEqual(bad.status, 1, bad.output + bad.errors)
        XCTAssertTrue(bad.output.contains("rtCode"), "checked against DeviceRegistration: " + bad.output)
    }

    func testAnOutcomeWithAnotherStatusIsSelected() throws {
        let invalid = try check(["--response", "verifyOtp", "--status", "422"], payload: #"{"attemptsLeft":"two"}"#)
        XCTAssertEqual(invalid.status, 1, invalid.output + invalid.errors)
        XCTAssertTrue(invalid.output.contains("/attemptsLeft"), "checked against OtpRejection: " + invalid.output)
        let valid = try check(["--response", "verifyOtp", "--status", "422"], payload: #"{"attemptsLeft":2}"#)
        XCTAssertEqual(valid.status, 0, valid.output + valid.errors)
    }

    func testAnOutcomeWithoutBodyOrAnUndeclaredStatusIsAUsageError() throws {
        let noBody = try check(["--response", "checkDevice", "--status", "404"], payload: "{}")
        XCTAssertEqual(noBody.status, 2)
        XCTAssertTrue(noBody.errors.contains("outcome 'notRegistered' of operation 'checkDevice' has no body (status 404)"), noBody.errors)
        let undeclared = try check(["--response", "verifyOtp", "--status", "201"], payload: "{}")
        XCTAssertEqual(undeclared.status, 2)
        XCTAssertTrue(
            undeclared.errors.contains("operation 'verifyOtp' declares no outcome with status 201; it has valid (204), invalid (422)"), undeclared.errors)
    }

    func testAnUndeclaredErrorStatusIsTheErrorBody() throws {
        let errorBody = try check(["--response", "checkDevice", "--status", "500"], payload: "[]")
        XCTAssertEqual(errorBody.status, 1)
        XCTAssertTrue(errorBody.output.contains("ErrorBody"), errorBody.output)
    }

    /// Issue 28: `--event` checks a payload against an event's payload type (`events:`), with a did-you-mean
    /// for a mistyped event and exit status 2.
    func testEventChecksThePayloadOfTheNamedEvent() throws {
        let good = try check(["--event", "orderShipped"], payload: #"{"orderId":"o-1","carrier":"DHL"}"#)
        XCTAssertEqual(good.status, 0, good.output + good.errors)
        let bad = try check(["--event", "orderShipped"], payload: #"{"carrier":"DHL"}"#)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.output.contains("orderId"), bad.output)
        let unknown = try check(["--event", "orderShiped"], payload: "{}")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.errors.contains("unknown event 'orderShiped'") && unknown.errors.contains("did you mean 'orderShipped'?"), unknown.errors)
        let both = try check(["--event", "orderShipped", "--type", "Item"], payload: "{}")
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.errors.contains("give only one of --type, --request, --response, --channel and --event"), both.errors)
    }

    /// Issue 28: `--any-event` recognises each payload among the events and checks it as that event's
    /// payload; a payload that is none of them is a warning (an error with --strict-enums).
    func testAnyEventRecognisesEachPayload() throws {
        let good = try check(["--any-event"], payload: #"{"id":3,"text":"Low balance"}"#)
        XCTAssertEqual(good.status, 0, good.output + good.errors)
        let broken = try check(["--any-event"], payload: #"{"eventType":"TransactionCreatedEvent"}"#)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.output.contains("/transactionId"), broken.output)
        let unknown = try check(["--any-event"], payload: #"{"eventType":"Other"}"#)
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.output.contains("none of the schema's events"), unknown.output)
        XCTAssertEqual(try check(["--any-event", "--strict-enums"], payload: #"{"eventType":"Other"}"#).status, 1)
        XCTAssertEqual(try check(["--any-event", "--type", "Item"], payload: "{}").status, 2)
    }
}
