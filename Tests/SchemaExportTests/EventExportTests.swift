import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// Issue 28, line 1: `events:` in the OpenAPI export. Webhook events are OpenAPI 3.1 `webhooks`; push
/// events, which are no HTTP request, are `x-push-events`; both carry `x-event` for import; the document
/// passes openapi-spec-validator.
final class EventExportTests: XCTestCase {
    private func exported(_ path: String) throws -> (text: String, json: [String: Any]) {
        let schema = try SchemaLoader.loadOrThrow(path: path)
        let text = OpenAPIExport.document(schema).text()
        return (text, try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]))
    }

    func testAWebhookEventIsAWebhookWithItsHeadersAndPayload() throws {
        let document = try exported(Schemas.kitchenSink).json
        let webhooks = try XCTUnwrap(document["webhooks"] as? [String: Any])
        XCTAssertEqual(Array(webhooks.keys), ["orderShipped"], "push events are not webhooks")
        let post = try XCTUnwrap((webhooks["orderShipped"] as? [String: Any])?["post"] as? [String: Any])
        XCTAssertEqual(post["operationId"] as? String, "orderShipped")
        let parameters = try XCTUnwrap(post["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["name"] as? String }, ["X-Signature", "X-Event-Type"])
        XCTAssertEqual(parameters.map { $0["in"] as? String }, ["header", "header"])
        // The recognising header: required, with the event's one value.
        XCTAssertEqual((parameters[1]["schema"] as? [String: Any])?["enum"] as? [String], ["order.shipped"])
        let body = try XCTUnwrap(post["requestBody"] as? [String: Any])
        let media = try XCTUnwrap((body["content"] as? [String: Any])?["application/json"] as? [String: Any])
        XCTAssertEqual((media["schema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/OrderShipped")
        let marker = try XCTUnwrap(post["x-event"] as? [String: Any])
        XCTAssertEqual(marker["via"] as? String, "webhook")
        XCTAssertEqual(marker["path"] as? String, "/hooks/orders")
        XCTAssertEqual(marker["match"] as? [String: String], ["header": "X-Event-Type", "value": "order.shipped"])
    }

    func testPushEventsAreAnExtensionWithTheirPayloadAndMatch() throws {
        let document = try exported(Schemas.whitelabelPay).json
        XCTAssertNil(document["webhooks"], "a push notification is no HTTP request: not a webhook")
        let push = try XCTUnwrap(document["x-push-events"] as? [String: Any])
        XCTAssertEqual(Set(push.keys), ["enrolmentSucceeded", "paymentSucceeded", "paymentFailed"])
        let failed = try XCTUnwrap(push["paymentFailed"] as? [String: Any])
        XCTAssertEqual((failed["payload"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/PushNotificationPayload")
        let marker = try XCTUnwrap(failed["x-event"] as? [String: Any])
        XCTAssertEqual(marker["via"] as? String, "push")
        XCTAssertEqual(marker["match"] as? [String: String], ["field": "yp-type", "value": "payment-failed.v1"])
        XCTAssertEqual(document["openapi"] as? String, "3.1.0")
    }

    func testTheExportsWithEventsPassOpenAPISpecValidator() throws {
        let required = ProcessInfo.processInfo.environment["REQUIRE_REFERENCE_VALIDATORS"] == "1"
        guard let python = findPython(), try runProcess(python, ["-c", "import openapi_spec_validator"]).status == 0 else {
            if required { XCTFail("REQUIRE_REFERENCE_VALIDATORS=1 but openapi-spec-validator is not installed") }
            throw XCTSkip("openapi-spec-validator is not installed (python3 -m pip install openapi-spec-validator)")
        }
        let folder = try temporaryFolder()
        for (name, path) in [("kitchensink", Schemas.kitchenSink), ("whitelabelpay", Schemas.whitelabelPay)] {
            let file = folder.appendingPathComponent("\(name).json")
            try Data(try exported(path).text.utf8).write(to: file)
            let run = try runProcess(
                python, ["-c", "from openapi_spec_validator import validate; import json,sys; validate(json.load(open(sys.argv[1])))", file.path])
            XCTAssertEqual(run.status, 0, "\(name): \(run.errors.suffix(2000))")
        }
    }
}
