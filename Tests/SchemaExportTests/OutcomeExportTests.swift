import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// The OpenAPI export and `describe` for operations with several outcomes and the v2 error catalogue
/// (kitchensink.yaml: checkDevice, verifyOtp, code families and client-side cases).
final class OutcomeExportTests: XCTestCase {
    private func openAPI() throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let text = OpenAPIExport.document(schema).text()
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func responses(_ document: [String: Any], _ path: String, _ method: String) throws -> [String: Any] {
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let operation = try XCTUnwrap((paths[path] as? [String: Any])?[method] as? [String: Any])
        return try XCTUnwrap(operation["responses"] as? [String: Any])
    }

    func testStatusClassesAndDefaultAreOpenAPIResponseKeys() throws {
        let document = try openAPI()
        let release = try responses(document, "/releases/{version}", "get")
        XCTAssertEqual(Set(release.keys), ["2XX", "200", "4XX", "410", "5XX", "default"])
        let clientError = try XCTUnwrap(release["4XX"] as? [String: Any])
        let media = try XCTUnwrap((clientError["content"] as? [String: Any])?["application/json"] as? [String: Any])
        XCTAssertEqual((media["schema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/Problem")
        XCTAssertEqual(Set(((media["examples"] as? [String: Any]) ?? [:]).keys), ["problem"], "the 404 example sits under the class that takes it")
        XCTAssertEqual((clientError["x-outcomes"] as? [[String: Any]])?.first?["name"] as? String, "problem")
        let serverError = try XCTUnwrap(release["5XX"] as? [String: Any])
        XCTAssertEqual((serverError["x-outcomes"] as? [[String: Any]])?.first?["error"] as? String, "internalError")
        // Without a `default` outcome, `default` is still the catalogue's error body.
        XCTAssertEqual((release["default"] as? [String: Any])?["$ref"] as? String, "#/components/responses/Error")

        let notes = try responses(document, "/releases/{version}/notes", "get")
        let other = try XCTUnwrap(notes["default"] as? [String: Any])
        XCTAssertNil(other["$ref"], "a default outcome replaces the catalogue's fallback")
        XCTAssertEqual((other["x-outcomes"] as? [[String: Any]])?.first?["name"] as? String, "unexpected")
    }

    func testOpenAPIListsOneResponsePerOutcomeStatus() throws {
        let document = try openAPI()
        let check = try responses(document, "/devices/{deviceId}/registration", "get")
        // 200: the registration or the error body of the error outcomes; 404 without a body.
        let ok = try XCTUnwrap(check["200"] as? [String: Any])
        let media = try XCTUnwrap((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])
        let oneOf = try XCTUnwrap((media["schema"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        XCTAssertEqual(
            oneOf.compactMap { $0["$ref"] as? String },
            ["#/components/schemas/DeviceRegistration", "#/components/schemas/ErrorBody"])
        let outcomes = try XCTUnwrap(ok["x-outcomes"] as? [[String: Any]])
        XCTAssertEqual(outcomes.compactMap { $0["name"] as? String }, ["registered", "blocked", "failed"])
        XCTAssertEqual(outcomes[1]["error"] as? String, "deviceBlocked")
        XCTAssertEqual((outcomes[1]["where"] as? [String: [String]])?["rtCode"], ["E102", "E103"])
        XCTAssertEqual(Set(((media["examples"] as? [String: Any]) ?? [:]).keys), ["registered", "blocked", "broken"])
        let notRegistered = try XCTUnwrap(check["404"] as? [String: Any])
        XCTAssertNil(notRegistered["content"])
        XCTAssertEqual((notRegistered["x-outcomes"] as? [[String: Any]])?.first?["name"] as? String, "notRegistered")
        // The listed catalogue errors keep their own statuses.
        XCTAssertNotNil(check["423"])
        XCTAssertNotNil(check["500"])

        let otp = try responses(document, "/otp/verification", "post")
        XCTAssertNil((otp["204"] as? [String: Any])?["content"])
        let invalid = try XCTUnwrap(otp["422"] as? [String: Any])
        let invalidSchema = (((invalid["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any])
        XCTAssertEqual(invalidSchema?["$ref"] as? String, "#/components/schemas/OtpRejection")
        XCTAssertNil(otp["200"], "no invented success status")

        let catalogue = try XCTUnwrap((document["x-error-catalogue"] as? [String: Any])?["cases"] as? [[String: Any]])
        func entry(_ name: String) -> [String: Any]? { catalogue.first { $0["name"] as? String == name } }
        XCTAssertEqual(entry("scanNetworkProblem")?["codePattern"] as? String, "^A[0-9]{5}$")
        XCTAssertEqual(entry("scanAuthFailed")?["codePrefix"] as? String, "B0")
        XCTAssertEqual(entry("internalError")?["neverRetried"] as? Bool, true)
        XCTAssertEqual(entry("deadlineExceeded")?["when"] as? [String], ["timeout"])
        XCTAssertEqual(entry("invalidItem")?["body"] as? String, "ValidationProblem")
        XCTAssertNil(entry("outOfStock")?["body"], "the catalogue's body is not repeated")
    }

    func testACaseWithABodyOfItsOwnIsThatStatussSchemaAndReadsBack() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(OpenAPIExport.document(schema).text().utf8)) as? [String: Any])
        func schemaRef(_ path: String, _ method: String, _ status: String) throws -> String? {
            let response = try XCTUnwrap(try responses(document, path, method)[status] as? [String: Any])
            return (((response["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any])?["$ref"] as? String
        }
        XCTAssertEqual(try schemaRef("/items", "post", "422"), "#/components/schemas/ValidationProblem")
        XCTAssertEqual(try schemaRef("/items/{sku}", "patch", "422"), "#/components/schemas/Problem")
        XCTAssertEqual(try schemaRef("/items", "post", "409"), "#/components/schemas/ErrorBody")

        let summary = Inventory.summary(schema)
        XCTAssertTrue(summary.contains("invalidItem: status 422, body ValidationProblem"), summary)
        let inventory = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let cases = try XCTUnwrap((inventory["errors"] as? [String: Any])?["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.first { $0["name"] as? String == "invalidName" }?["body"] as? String, "Problem")
    }

    func testDescribeShowsOutcomesFamiliesAndConditions() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let inventory = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let operations = try XCTUnwrap(inventory["operations"] as? [[String: Any]])
        let check = try XCTUnwrap(operations.first { $0["name"] as? String == "checkDevice" })
        let outcomes = try XCTUnwrap(check["outcomes"] as? [[String: Any]])
        XCTAssertEqual(outcomes.compactMap { $0["name"] as? String }, ["registered", "blocked", "failed", "notRegistered"])
        XCTAssertEqual(outcomes[0]["body"] as? String, "DeviceRegistration")
        XCTAssertEqual(outcomes[3]["status"] as? Int, 404)
        XCTAssertTrue(outcomes[3]["body"] is NSNull)
        XCTAssertTrue(operations.first { $0["name"] as? String == "getItem" }?["outcomes"] is NSNull)

        let cases = try XCTUnwrap((inventory["errors"] as? [String: Any])?["cases"] as? [[String: Any]])
        let family = try XCTUnwrap(cases.first { $0["name"] as? String == "scanNetworkProblem" })
        XCTAssertEqual((family["family"] as? [String: String])?["pattern"], "^A[0-9]{5}$")
        let offline = try XCTUnwrap(cases.first { $0["name"] as? String == "noConnection" })
        XCTAssertEqual(offline["when"] as? [String], ["offline"])

        let summary = Inventory.summary(schema)
        XCTAssertTrue(
            summary.contains(
                "→ registered 200 DeviceRegistration where rtCode=0000 | blocked 200 error deviceBlocked where rtCode=E102|E103 | failed 200 error internalError | notRegistered 404"
            ), summary)
        XCTAssertTrue(summary.contains("scanAuthFailed: codes starting with B0"), summary)
        XCTAssertTrue(summary.contains("deadlineExceeded: when timeout"), summary)
    }

    func testDescribeShowsStatusClassesAndDefault() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let inventory = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let operations = try XCTUnwrap(inventory["operations"] as? [[String: Any]])
        let release = try XCTUnwrap(operations.first { $0["name"] as? String == "fetchRelease" })
        let outcomes = try XCTUnwrap(release["outcomes"] as? [[String: Any]])
        XCTAssertEqual(outcomes.map { "\($0["status"]!)" }, ["2XX", "200", "4XX", "410", "5XX"])
        XCTAssertEqual(release["status"] as? Int, 200, "the exact 200, not the 2XX written before it")
        let summary = Inventory.summary(schema)
        XCTAssertTrue(summary.contains("→ processing 2XX | found 200 Release | problem 4XX Problem | gone 410 | unavailable 5XX error internalError"), summary)
        XCTAssertTrue(summary.contains("→ notes 200 Release | unexpected default Problem"), summary)
    }

    func testResponseHeadersAreTheSuccessResponsesHeaders() throws {
        let document = try openAPI()
        let created = try XCTUnwrap(try responses(document, "/items", "post")["201"] as? [String: Any])
        let headers = try XCTUnwrap(created["headers"] as? [String: [String: Any]])
        XCTAssertEqual(Set(headers.keys), ["Location", "X-RateLimit-Remaining", "ETag", "Last-Modified", "X-Trace-Id"])
        XCTAssertEqual(headers["Location"]?["required"] as? Bool, true)
        XCTAssertEqual(headers["ETag"]?["required"] as? Bool, false)
        XCTAssertEqual(headers["X-RateLimit-Remaining"]?["x-name"] as? String, "rateLimitRemaining")
        XCTAssertEqual((headers["X-RateLimit-Remaining"]?["schema"] as? [String: Any])?["format"] as? String, "int32")
        // An HTTP-date is not RFC 3339: no pattern that would reject `Last-Modified: Sun, 06 Nov 1994 …`.
        XCTAssertNil((headers["Last-Modified"]?["schema"] as? [String: Any])?["pattern"])
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let inventory = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let delete = try XCTUnwrap((inventory["operations"] as? [[String: Any]])?.first { $0["name"] as? String == "deleteItem" })
        XCTAssertEqual(
            (delete["responseHeaders"] as? [[String: Any]])?.first?["wireName"] as? String, "X-Request-Id", "describe lists them")
    }
}
