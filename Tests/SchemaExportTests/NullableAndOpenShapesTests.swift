import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// The shapes that let OpenAPI code generators read the export without losing anything
/// (docs/Exports.md, "Interop with swift-openapi-generator"): nullable fields as `type: [T, "null"]`,
/// references stating their type beside `$ref`, typed enum branches, unions as `oneOf` with a
/// discriminator. swift-openapi-generator 1.14.3 skips any schema with a `{"type": "null"}` branch, so
/// these tests keep the export from going back to `anyOf: [T, {"type": "null"}]`; the interop script
/// (Scripts/openapi-interop.sh) checks the generator's output itself, and DifferentialTests that the
/// verdicts did not change.
final class NullableAndOpenShapesTests: XCTestCase {
    private func openAPI(_ path: String, strict: Bool = false) throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: path)
        let text = OpenAPIExport.document(schema, options: ExportOptions(strictEnums: strict)).text()
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func schemas(_ document: [String: Any]) throws -> [String: Any] {
        try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    }

    private func property(_ schemas: [String: Any], _ type: String, _ key: String) throws -> [String: Any] {
        let definition = try XCTUnwrap(schemas[type] as? [String: Any], type)
        return try XCTUnwrap((definition["properties"] as? [String: Any])?[key] as? [String: Any], "\(type).\(key)")
    }

    /// Every `{"type": "null"}` schema (a `null` branch of a composition) in a JSON value, by path.
    private func nullBranches(_ value: Any, _ path: String = "#") -> [String] {
        if let object = value as? [String: Any] {
            if object["type"] as? String == "null" { return [path] }
            return object.sorted { $0.key < $1.key }.flatMap { nullBranches($0.value, path + "/" + $0.key) }
        }
        if let array = value as? [Any] {
            return array.enumerated().flatMap { nullBranches($0.element, path + "/\($0.offset)") }
        }
        return []
    }

    func testNoBundledExportHasANullBranchByDefault() throws {
        let bundled = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Schemas").path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
            .map { repositoryRoot.appendingPathComponent("Schemas/" + $0).path }
        XCTAssertGreaterThanOrEqual(bundled.count, 5)
        for path in bundled + [Schemas.kitchenSink] {
            let branches = nullBranches(try openAPI(path))
            XCTAssertEqual(branches, [], "\(path): null branches")
        }
    }

    func testNullableFieldsJoinNullToTheirType() throws {
        let schemas = try schemas(try openAPI(Schemas.whitelabelPay))
        // ErrorBody: every field optional, each a type array (was `anyOf` with a null branch).
        let errorBody = try XCTUnwrap(schemas["ErrorBody"] as? [String: Any])
        let properties = try XCTUnwrap(errorBody["properties"] as? [String: [String: Any]])
        XCTAssertEqual(properties["code"]?["type"] as? [String], ["string", "null"])
        XCTAssertEqual(properties["status"]?["type"] as? [String], ["integer", "null"])
        XCTAssertEqual(properties["timestamp"]?["type"] as? [String], ["string", "null"])
        XCTAssertEqual(properties["timestamp"]?["format"] as? String, "date-time")
        for (name, property) in properties { XCTAssertNil(property["anyOf"], "ErrorBody.\(name)") }
        // A nullable reference to a struct: `$ref` with `type: ["object", "null"]`.
        let paymentMean = try property(schemas, "DeactivationResult", "paymentMean")
        XCTAssertEqual(paymentMean["$ref"] as? String, "#/components/schemas/PaymentMean")
        XCTAssertEqual(paymentMean["type"] as? [String], ["object", "null"])
        // A required reference states the type alone; the definition leaves it out.
        let kitchen = try self.schemas(try openAPI(Schemas.kitchenSink))
        let size = try property(kitchen, "Item", "size")
        XCTAssertEqual(size["type"] as? [String], ["string", "null"], "a field with a default accepts null")
        let cursors = try property(kitchen, "CursorPage", "cursors")
        XCTAssertEqual(cursors["$ref"] as? String, "#/components/schemas/Cursors")
        XCTAssertEqual(cursors["type"] as? String, "object")
        XCTAssertNil((kitchen["Cursors"] as? [String: Any])?["type"])
    }

    func testOpenEnumsHaveATypedEnumBranch() throws {
        let schemas = try schemas(try openAPI(Schemas.whitelabelPay))
        let status = try XCTUnwrap(schemas["TransactionStatus"] as? [String: Any])
        let branches = try XCTUnwrap(status["anyOf"] as? [[String: Any]])
        XCTAssertEqual(branches.count, 2)
        XCTAssertEqual(branches[0]["type"] as? String, "string")
        XCTAssertEqual(branches[0]["enum"] as? [String], ["PENDING", "SUCCEEDED", "FAILED", "CANCELLED"])
        XCTAssertNil(branches[1]["type"], "any other value; the reference says it is a string")
        let transaction = try property(schemas, "Transaction", "status")
        XCTAssertEqual(transaction["$ref"] as? String, "#/components/schemas/TransactionStatus")
        XCTAssertEqual(transaction["type"] as? String, "string")
        // Closed enums state their type themselves, and references do not repeat it.
        let strict = try self.schemas(try openAPI(Schemas.whitelabelPay, strict: true))
        XCTAssertEqual((strict["TransactionStatus"] as? [String: Any])?["type"] as? String, "string")
        XCTAssertNil(try property(strict, "Transaction", "status")["type"])
        // A nullable field of a closed enum has the enum's type and values, with null joined to both.
        let strictKitchen = try self.schemas(try openAPI(Schemas.kitchenSink, strict: true))
        let size = try property(strictKitchen, "Item", "size")
        XCTAssertEqual(size["type"] as? [String], ["string", "null"])
        let values = try XCTUnwrap(size["enum"] as? [Any])
        XCTAssertEqual(values.compactMap { $0 as? String }, ["S", "M", "L", "XL"])
        XCTAssertTrue(values.last is NSNull)
        XCTAssertNil(size["$ref"])
    }

    func testTaggedUnionsAreOneOfWithADiscriminator() throws {
        let schemas = try schemas(try openAPI(Schemas.kitchenSink))
        let shape = try XCTUnwrap(schemas["Shape"] as? [String: Any])
        let branches = try XCTUnwrap(shape["anyOf"] as? [[String: Any]])
        XCTAssertEqual(branches.count, 2)
        let references = try XCTUnwrap(branches[0]["oneOf"] as? [[String: String]])
        XCTAssertEqual(references.map { $0["$ref"] }, ["Circle", "Square", "Group"].map { "#/components/schemas/" + $0 })
        let discriminator = try XCTUnwrap(branches[0]["discriminator"] as? [String: Any])
        XCTAssertEqual(discriminator["propertyName"] as? String, "kind")
        XCTAssertEqual((discriminator["mapping"] as? [String: String])?["CIRCLE"], "#/components/schemas/Circle")
        XCTAssertTrue(branches[1].isEmpty, "objects of other tags are kept as .undocumented")
        XCTAssertNil(shape["allOf"], "code generators read allOf before anyOf")
    }
}
