import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// How OpenAPI and `describe` show form, multipart and raw bodies, binary responses, call-time URLs,
/// Basic auth and object-valued query parameters (kitchensink.yaml, "v2 requests").
final class RequestShapesExportTests: XCTestCase {
    private func openAPI() throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let text = OpenAPIExport.document(schema).text()
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func operation(_ document: [String: Any], path: String, method: String) throws -> [String: Any] {
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let item = try XCTUnwrap(paths[path] as? [String: Any], "no path \(path)")
        return try XCTUnwrap(item[method] as? [String: Any], "no \(method) \(path)")
    }

    private func content(_ object: [String: Any]?) -> [String: Any]? {
        object?["content"] as? [String: Any]
    }

    func testBodiesThatAreNotJSONMapToTheirContentTypes() throws {
        let document = try openAPI()
        let token = try operation(document, path: "/oauth2/token", method: "post")
        let form = try XCTUnwrap(content(token["requestBody"] as? [String: Any]))
        XCTAssertEqual(Array(form.keys), ["application/x-www-form-urlencoded"])

        let upload = try operation(document, path: "/documents", method: "post")
        let multipart = try XCTUnwrap(content(upload["requestBody"] as? [String: Any])?["multipart/form-data"] as? [String: Any])
        XCTAssertEqual(multipart["encoding"] as? [String: [String: String]], ["image": ["contentType": "image/jpeg"]])

        let raw = try operation(document, path: "/", method: "put")
        XCTAssertEqual(raw["operationId"] as? String, "uploadToURL")
        let bytes = try XCTUnwrap(content(raw["requestBody"] as? [String: Any])?["image/jpeg"] as? [String: Any])
        XCTAssertEqual(bytes["schema"] as? [String: String], ["type": "string", "format": "binary"])
        let servers = try XCTUnwrap(raw["servers"] as? [[String: Any]])
        XCTAssertEqual(servers.first?["url"] as? String, "{uploadUrl}")
        XCTAssertNil(raw["parameters"], "the URL is a server variable, not a path parameter")
        XCTAssertEqual((raw["security"] as? [Any])?.count, 0)

        let download = try operation(document, path: "/documents/{filename}", method: "get")
        let ok = try XCTUnwrap((download["responses"] as? [String: Any])?["200"] as? [String: Any])
        let jpeg = try XCTUnwrap(content(ok)?["image/jpeg"] as? [String: Any])
        XCTAssertEqual(jpeg["schema"] as? [String: String], ["type": "string", "format": "binary"])
    }

    func testBasicAuthIsAnHTTPBasicSecurityScheme() throws {
        let schemes = try XCTUnwrap((try openAPI()["components"] as? [String: Any])?["securitySchemes"] as? [String: Any])
        let basic = try XCTUnwrap(schemes["clientCredentials"] as? [String: Any])
        XCTAssertEqual(basic["type"] as? String, "http")
        XCTAssertEqual(basic["scheme"] as? String, "basic")
    }

    func testObjectValuedQueryParametersSayTheirStyle() throws {
        let document = try openAPI()
        func parameter(_ path: String, _ name: String) throws -> [String: Any] {
            let parameters = try XCTUnwrap(try operation(document, path: path, method: "get")["parameters"] as? [[String: Any]])
            return try XCTUnwrap(parameters.first { $0["name"] as? String == name })
        }
        let params = try parameter("/cashback", "params")
        XCTAssertEqual(params["style"] as? String, "form")
        XCTAssertEqual(params["explode"] as? Bool, true)
        XCTAssertEqual((params["schema"] as? [String: Any])?["type"] as? String, "object")
        let filter = try parameter("/items/filtered", "filter")
        XCTAssertEqual(filter["style"] as? String, "deepObject")
        XCTAssertEqual(filter["explode"] as? Bool, true)
        XCTAssertNil(try parameter("/items/filtered", "page")["style"], "plain parameters keep the defaults")
    }

    func testWholeURLEnvironmentIsAServerVariable() throws {
        let servers = try XCTUnwrap(try openAPI()["servers"] as? [[String: Any]])
        let custom = try XCTUnwrap(servers.first { $0["url"] as? String == "{serverUrl}" })
        XCTAssertNotNil((custom["variables"] as? [String: Any])?["serverUrl"])
    }

    func testDescribeShowsTheConstructs() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let summary = Inventory.summary(schema)
        XCTAssertTrue(summary.contains("body TokenRequest as application/x-www-form-urlencoded, → TokenGrant, auth: clientCredentials"), summary)
        XCTAssertTrue(summary.contains("body DocumentUpload as multipart/form-data"), summary)
        XCTAssertTrue(summary.contains("body binary as image/jpeg, → no content, URL given at call time, auth: none"), summary)
        XCTAssertTrue(summary.contains("→ binary as image/jpeg"), summary)
        XCTAssertTrue(summary.contains("query objects: params (form)"), summary)
        XCTAssertTrue(summary.contains("query objects: filter (deepObject), labels (deepObject)"), summary)
        XCTAssertTrue(summary.contains("environments: ") && summary.contains("custom ({serverUrl})"), summary)

        let json = Inventory.json(schema).text()
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let operations = try XCTUnwrap(root["operations"] as? [[String: Any]])
        let upload = try XCTUnwrap(operations.first { $0["name"] as? String == "uploadToURL" })
        XCTAssertEqual(upload["url"] as? String, "given at call time")
        XCTAssertEqual(upload["requestContentType"] as? String, "image/jpeg")
        let download = try XCTUnwrap(operations.first { $0["name"] as? String == "downloadDocument" })
        XCTAssertEqual(download["responseContentType"] as? String, "image/jpeg")
        let filter = try XCTUnwrap(operations.first { $0["name"] as? String == "filterItems" })
        let parameters = try XCTUnwrap(filter["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["style"] as? String }, ["deepObject", "deepObject", nil])
        let auth = try XCTUnwrap(root["auth"] as? [[String: Any]])
        XCTAssertEqual(auth.first { $0["name"] as? String == "clientCredentials" }?["kind"] as? String, "basic")
    }

    func testNestedFormsAreDeepObjectEncodingsAndMultipartObjectsJSONParts() throws {
        let document = try openAPI()
        let charge = try operation(document, path: "/charges", method: "post")
        let form = try XCTUnwrap(content(charge["requestBody"] as? [String: Any])?["application/x-www-form-urlencoded"] as? [String: Any])
        let encoding = try XCTUnwrap(form["encoding"] as? [String: [String: Any]])
        XCTAssertEqual(encoding.keys.sorted(), ["card", "expand", "items", "metadata"], "every member that is not a scalar; amount is one")
        for (_, entry) in encoding {
            XCTAssertEqual(entry["style"] as? String, "deepObject")
            XCTAssertEqual(entry["explode"] as? Bool, true)
        }

        let upload = try operation(document, path: "/files/content", method: "post")
        let multipart = try XCTUnwrap(content(upload["requestBody"] as? [String: Any])?["multipart/form-data"] as? [String: Any])
        XCTAssertEqual(
            multipart["encoding"] as? [String: [String: String]],
            [
                "attributes": ["contentType": "application/json"], "file": ["contentType": "application/octet-stream"],
                "tags": ["contentType": "application/json"],
            ])

        let find = try XCTUnwrap((try operation(document, path: "/items/nested-search", method: "get")["parameters"] as? [[String: Any]])?.first)
        XCTAssertEqual(find["style"] as? String, "deepObject")
        XCTAssertEqual(find["explode"] as? Bool, true)

        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        XCTAssertTrue(Inventory.summary(schema).contains("body ChargeRequest as application/x-www-form-urlencoded (deepObject)"))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let operations = try XCTUnwrap(root["operations"] as? [[String: Any]])
        XCTAssertEqual(operations.first { $0["name"] as? String == "createCharge" }?["requestStyle"] as? String, "deepObject")
        XCTAssertEqual(operations.first { $0["name"] as? String == "uploadFile" }?["jsonParts"] as? [String], ["attributes", "tags"])
        XCTAssertNil(operations.first { $0["name"] as? String == "issueToken" }?["requestStyle"], "a flat form says nothing more")
    }
}
