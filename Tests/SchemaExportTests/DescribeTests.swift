import Foundation
import SchemaExport
import SchemaModel
import XCTest

final class DescribeTests: XCTestCase {
    func testWhitelabelPayInventory() throws {
        let result = try runGenerator(["describe", Schemas.whitelabelPay, "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        XCTAssertEqual(root["api"] as? String, "WhitelabelPay")
        XCTAssertNotNil(root["version"] as? String)
        let operations = try XCTUnwrap(root["operations"] as? [[String: Any]])
        let types = try XCTUnwrap(root["types"] as? [[String: Any]])
        let errors = try XCTUnwrap(root["errors"] as? [String: Any])
        let cases = try XCTUnwrap(errors["cases"] as? [[String: Any]])
        XCTAssertEqual(operations.count, 4)
        XCTAssertEqual(types.count, 22)
        XCTAssertEqual(cases.count, 19)
        XCTAssertEqual(errors["body"] as? String, "ErrorBody")

        // Schema order, and every operation has the documented keys.
        XCTAssertEqual(operations.map { $0["name"] as? String }, ["getPaymentMeans", "deactivatePaymentMeans", "reactivatePaymentMeans", "fetchTransactions"])
        for operation in operations {
            for key in [
                "name", "method", "path", "paginated", "pagination", "auth", "idempotent", "deprecated", "parameters",
                "request", "response", "status", "errors", "cache", "outcomes",
            ] {
                XCTAssertTrue(operation.keys.contains(key), "operation has \(key): \(operation)")
            }
        }
        let fetch = try XCTUnwrap(operations.last)
        XCTAssertEqual(fetch["paginated"] as? Bool, true)
        XCTAssertEqual(fetch["pagination"] as? String, "page")
        XCTAssertEqual(fetch["method"] as? String, "GET")
        XCTAssertEqual(operations.first?["paginated"] as? Bool, false)
        XCTAssertTrue(operations.first?["pagination"] is NSNull)

        let kinds = Set(types.compactMap { $0["kind"] as? String })
        XCTAssertTrue(kinds.isSubset(of: ["struct", "enum", "union", "alias"]), "\(kinds)")
        let state = try XCTUnwrap(types.first { $0["name"] as? String == "State" })
        XCTAssertEqual(state["kind"] as? String, "enum")
        XCTAssertEqual(state["rawType"] as? String, "string")
        XCTAssertFalse((state["cases"] as? [[String: Any]] ?? []).isEmpty)
        let mean = try XCTUnwrap(types.first { $0["name"] as? String == "PaymentMean" })
        let fields = try XCTUnwrap(mean["fields"] as? [[String: Any]])
        for field in fields {
            for key in ["name", "wireName", "type", "required", "optional", "nullable", "deprecated"] {
                XCTAssertNotNil(field[key], "field has \(key)")
            }
        }
        for item in cases {
            XCTAssertEqual(Set(item.keys), ["name", "code", "status", "retryable", "deprecated", "family", "when", "body"])
        }

        // Same schema, same bytes; same as the library.
        let again = try runGenerator(["describe", Schemas.whitelabelPay, "--json"])
        XCTAssertEqual(result.output, again.output)
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.whitelabelPay)
        XCTAssertEqual(result.text, Inventory.json(schema).text())
    }

    func testKitchenSinkInventoryCoversEveryKind() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let types = try XCTUnwrap(root["types"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(byName["Shape"]?["kind"] as? String, "union")
        XCTAssertEqual(byName["Shape"]?["discriminator"] as? String, "kind")
        XCTAssertEqual((byName["Shape"]?["variants"] as? [[String: String]])?.first, ["name": "circle", "type": "Circle", "tag": "CIRCLE"])
        XCTAssertEqual(byName["Amount"]?["kind"] as? String, "alias")
        XCTAssertEqual(byName["Amount"]?["type"] as? String, "decimal")
        XCTAssertEqual((byName["Priority"]?["cases"] as? [[String: Any]])?.first?["value"] as? Int, 1)
        let item = try XCTUnwrap(byName["Item"]?["fields"] as? [[String: Any]])
        let discontinued = try XCTUnwrap(item.first { $0["name"] as? String == "discontinuedAt" })
        XCTAssertEqual(discontinued["required"] as? Bool, true)
        XCTAssertEqual(discontinued["nullable"] as? Bool, true)
        XCTAssertEqual(discontinued["deprecated"] as? Bool, true)
        XCTAssertEqual(item.first { $0["name"] as? String == "quantity" }?["default"] as? Int, 1)
        // Issue 27 line 3: a nullable alias and union say so; a field of one is nullable, a list of one has nullable elements.
        XCTAssertEqual(byName["Expiry"]?["nullable"] as? Bool, true)
        XCTAssertEqual(byName["StopOrNone"]?["nullable"] as? Bool, true)
        XCTAssertNil(byName["Amount"]?["nullable"], "absent when not nullable")
        let nullables = try XCTUnwrap(byName["Nullables"]?["fields"] as? [[String: Any]])
        func field(_ name: String) -> [String: Any]? { nullables.first { $0["name"] as? String == name } }
        XCTAssertEqual(field("expiry")?["nullable"] as? Bool, true)
        XCTAssertEqual(field("history")?["nullableElements"] as? [String], ["items"])
        XCTAssertEqual(field("files")?["nullableElements"] as? [String], ["values"])
        XCTAssertEqual(field("grid")?["nullableElements"] as? [String], ["items.items"])
        XCTAssertNil(field("codes")?["nullableElements"], "absent when nowhere")
        let operations = try XCTUnwrap(root["operations"] as? [[String: Any]])
        let search = try XCTUnwrap(operations.first { $0["name"] as? String == "searchItems" })
        XCTAssertEqual(search["pagination"] as? String, "token")
        XCTAssertEqual(search["request"] as? String, "ListRequest")
        let delete = try XCTUnwrap(operations.first { $0["name"] as? String == "deleteItem" })
        XCTAssertEqual(delete["auth"] as? [String], [])
        XCTAssertTrue(delete["response"] is NSNull)
        let list = try XCTUnwrap(operations.first { $0["name"] as? String == "listItems" })
        XCTAssertEqual(list["cache"] as? String, "localFirst")
        // A path's literal query: the template stays `path`, the pairs are `literalQuery`, decoded.
        let draft = try XCTUnwrap(operations.first { $0["name"] as? String == "getNoteDraft" })
        XCTAssertEqual(draft["path"] as? String, "/notes/{id}")
        XCTAssertEqual(draft["literalQuery"] as? [String: String], ["api-version": "2020-09-01", "view": "draft copy"])
        XCTAssertNil(list["literalQuery"], "only where used")
        // Headers beside several outcomes are listed as the shorthand's are.
        let release = try XCTUnwrap(operations.first { $0["name"] as? String == "fetchRelease" })
        XCTAssertEqual((release["responseHeaders"] as? [[String: Any]])?.compactMap { $0["wireName"] as? String }, ["Content-Version", "Retry-After"])
    }

    /// Issue 28: `events:` in describe --json, each with its payload, delivery and match.
    func testEventsAreDescribedWithTheirDeliveryAndMatch() throws {
        let result = try runGenerator(["describe", Schemas.kitchenSink, "--json"])
        XCTAssertEqual(result.status, 0, result.errors)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        let events = try XCTUnwrap(root["events"] as? [[String: Any]])
        XCTAssertEqual(events.map { $0["name"] as? String }, ["transactionCreated", "orderShipped", "noticePosted"])
        XCTAssertEqual(events[0]["payload"] as? String, "PushEvent")
        XCTAssertEqual(events[0]["via"] as? String, "push")
        XCTAssertEqual(events[0]["match"] as? [String: String], ["field": "eventType", "value": "TransactionCreatedEvent"])
        XCTAssertEqual(events[1]["via"] as? String, "webhook")
        XCTAssertEqual(events[1]["method"] as? String, "POST")
        XCTAssertEqual(events[1]["path"] as? String, "/hooks/orders")
        XCTAssertEqual(events[1]["headers"] as? [[String: String]], [["wireName": "X-Signature", "type": "string"]])
        XCTAssertEqual(events[1]["match"] as? [String: String], ["header": "X-Event-Type", "value": "order.shipped"])
        XCTAssertEqual(events[2]["match"] as? String, "shape")
        // A schema without events describes as before.
        let plain = try runGenerator(["describe", repositoryRoot.appendingPathComponent("Schemas/kdpay.yaml").path, "--json"])
        XCTAssertNil((try JSONSerialization.jsonObject(with: plain.output) as? [String: Any])?["events"])
    }

    func testTheTextListingShowsAPathWithItsLiteralQuery() throws {
        let result = try runGenerator(["describe", Schemas.kitchenSink])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.text.contains("GET /notes/{id}?api-version=2020-09-01&view=draft%20copy"), result.text)
    }

    func testHumanSummary() throws {
        let result = try runGenerator(["describe", Schemas.whitelabelPay])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.text.contains("operations (4):"), result.text)
        XCTAssertTrue(result.text.contains("types (22):"), result.text)
        XCTAssertTrue(result.text.contains("errors (19):"), result.text)
    }

    /// `untyped` lists every place whose type is `json`, inside lists and maps too, so an imported document's
    /// count says how much of it import could not type (issue 27).
    func testUntypedPlacesAreListedWhereverJSONIsTheType() throws {
        let text = """
            api: Untyped
            version: "1"
            environments:
              production: { url: "https://api.example.com" }
            types:
              Item:
                fields:
                  id: string
                  extra: json
                  tags: "[string: [json]]"
              Anything:
                type: json
            operations:
              putItem:
                http: POST /items
                body: json
                response: Item
              getVersions:
                http: GET /versions
                responses:
                  ok: { status: 200, body: json }
                  created: { status: 201, body: Item }
            """
        let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: "untyped.yaml").schema)
        // An outcome's body is listed once, as the outcome (not again as the operation's response).
        XCTAssertEqual(Inventory.untypedPlaces(schema), ["Item.extra", "Item.tags", "Anything", "putItem request", "getVersions outcome ok"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("describe-untyped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("untyped.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try runGenerator(["describe", file.path, "--json"])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
        XCTAssertEqual(root["untyped"] as? [String], ["Item.extra", "Item.tags", "Anything", "putItem request", "getVersions outcome ok"])
        let summary = try runGenerator(["describe", file.path])
        XCTAssertTrue(
            summary.text.contains("untyped (json): 5 places: Item.extra, Item.tags, Anything, putItem request, getVersions outcome ok"), summary.text)
    }
}
