import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// Issue 28 line 1 (channels): `export --format asyncapi` writes a schema's channels as AsyncAPI 3.0.0 (docs/Exports.md,
/// "AsyncAPI document"), accepted by the reference models PyPI has (Scripts/check-asyncapi.py).
final class AsyncAPIExportTests: XCTestCase {
    private func document(_ path: String) throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: path)
        let text = try AsyncAPIExport.document(schema).text()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testKitchenSinksChannelIsAnAsyncAPIChannelWithItsMessagesOperationsAndCloseCodes() throws {
        let document = try document(Schemas.kitchenSink)
        XCTAssertEqual(document["asyncapi"] as? String, "3.0.0")
        let channel = try XCTUnwrap((document["channels"] as? [String: Any])?["orderDesk"] as? [String: Any])
        XCTAssertEqual(channel["address"] as? String, "/orders/{orderId}/desk")
        XCTAssertNotNil((channel["parameters"] as? [String: Any])?["orderId"])
        let messages = try XCTUnwrap(channel["messages"] as? [String: [String: String]])
        XCTAssertEqual(messages["send"]?["$ref"], "#/components/messages/DeskOutgoing")
        XCTAssertEqual(messages["receive"]?["$ref"], "#/components/messages/DeskIncoming")
        let query = try XCTUnwrap(((channel["bindings"] as? [String: Any])?["ws"] as? [String: Any])?["query"] as? [String: Any])
        XCTAssertNotNil((query["properties"] as? [String: Any])?["locale"])
        let codes = try XCTUnwrap(channel["x-close-codes"] as? [String: [String: String]])
        XCTAssertEqual(codes["4001"]?["action"], "reauthenticate")
        XCTAssertEqual(codes["4009"]?["case"], "forbidden")

        let operations = try XCTUnwrap(document["operations"] as? [String: [String: Any]])
        XCTAssertEqual(operations["orderDesk-send"]?["action"] as? String, "receive", "the API receives what clients send")
        XCTAssertEqual(operations["orderDesk-receive"]?["action"] as? String, "send")
        let security = try XCTUnwrap(operations["orderDesk-send"]?["security"] as? [[String: String]])
        XCTAssertEqual(security, [["$ref": "#/components/securitySchemes/bearer"]])
        let components = try XCTUnwrap(document["components"] as? [String: Any])
        let message = try XCTUnwrap((components["messages"] as? [String: Any])?["DeskIncoming"] as? [String: Any])
        XCTAssertEqual((message["payload"] as? [String: String])?["$ref"], "#/components/schemas/DeskIncoming")
        XCTAssertNotNil((components["schemas"] as? [String: Any])?["DeskIncoming"])
        let servers = try XCTUnwrap(document["servers"] as? [String: [String: Any]])
        XCTAssertEqual(servers["production"]?["host"] as? String, "api.kitchensink.example")
        XCTAssertEqual(servers["production"]?["pathname"] as? String, "/v2")
        XCTAssertEqual(servers["production"]?["protocol"] as? String, "wss")
        XCTAssertEqual(servers["local"]?["protocol"] as? String, "ws")
    }

    func testASchemaWithoutChannelsIsRefused() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.whitelabelPay)
        XCTAssertThrowsError(try AsyncAPIExport.document(schema)) { error in
            XCTAssertTrue("\(error)".contains("WhitelabelPay declares no channels"), "\(error)")
        }
    }

    /// The reference check: pydantic-asyncapi's v3 model and the 3.0.0 model of asyncapi-python-parser-jonaslagoni
    /// read the KitchenSink and Finaptic exports, and every `$ref` resolves.
    func testTheExportsPassTheReferenceModels() throws {
        let required = ProcessInfo.processInfo.environment["REQUIRE_REFERENCE_VALIDATORS"] == "1"
        guard let python = findPython() else {
            if required { XCTFail("REQUIRE_REFERENCE_VALIDATORS=1 but python3 is not on PATH") }
            throw XCTSkip("python3 is not on PATH")
        }
        let probe = try runProcess(python, ["-c", "import pydantic_asyncapi, asyncapi_python_parser_jonaslagoni"])
        guard probe.status == 0 else {
            let reason = "the AsyncAPI models are not installed (python3 -m pip install pydantic-asyncapi asyncapi-python-parser-jonaslagoni)"
            if required { XCTFail("REQUIRE_REFERENCE_VALIDATORS=1 but \(reason)") }
            throw XCTSkip(reason)
        }
        let folder = try temporaryFolder()
        var files: [String] = []
        for path in [Schemas.kitchenSink, repositoryRoot.appendingPathComponent("Schemas/finaptic.yaml").path] {
            let file = folder.appendingPathComponent(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".asyncapi.json")
            try Data(AsyncAPIExport.document(try SchemaLoader.loadOrThrow(path: path)).text().utf8).write(to: file)
            files.append(file.path)
        }
        let run = try runProcess(python, [repositoryRoot.appendingPathComponent("Scripts/check-asyncapi.py").path] + files)
        XCTAssertEqual(run.status, 0, run.text + run.errors)

        // The check can fail: a reference to a message that does not exist is refused.
        let broken = folder.appendingPathComponent("broken.asyncapi.json")
        var document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files[0]))) as? [String: Any])
        var channels = try XCTUnwrap(document["channels"] as? [String: [String: Any]])
        channels["orderDesk"]?["messages"] = ["send": ["$ref": "#/components/messages/Nowhere"]]
        document["channels"] = channels
        try JSONSerialization.data(withJSONObject: document).write(to: broken)
        let refused = try runProcess(python, [repositoryRoot.appendingPathComponent("Scripts/check-asyncapi.py").path, broken.path])
        XCTAssertEqual(refused.status, 1, refused.text)
    }
}
