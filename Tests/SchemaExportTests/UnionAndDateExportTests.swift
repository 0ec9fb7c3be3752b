import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// How the exports and `describe` show untagged and integer-tagged unions and formatted dates
/// (kitchensink.yaml, "v2 types"). Agreement with the validator on payloads is DifferentialTests'.
final class UnionAndDateExportTests: XCTestCase {
    private func definitions(strict: Bool = false) throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let text = try JSONSchemaExport.document(schema, options: ExportOptions(strictEnums: strict)).text()
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try XCTUnwrap(root["$defs"] as? [String: Any])
    }

    private func property(_ definitions: [String: Any], _ type: String, _ key: String) throws -> [String: Any] {
        let definition = try XCTUnwrap(definitions[type] as? [String: Any], type)
        let properties = try XCTUnwrap(definition["properties"] as? [String: Any], "\(type).properties")
        return try XCTUnwrap(properties[key] as? [String: Any], "\(type).\(key)")
    }

    func testUntaggedUnionIsAnyOfItsVariantsWhenStrictAndAnyObjectOtherwise() throws {
        let strict = try XCTUnwrap(try definitions(strict: true)["ProcessingFormField"] as? [String: Any])
        let references = try XCTUnwrap(strict["anyOf"] as? [[String: String]])
        // In the order the decoder tries them: the variant requiring more keys first.
        XCTAssertEqual(
            references, [["$ref": "#/$defs/ProcessingEditText", "type": "object"], ["$ref": "#/$defs/ProcessingRadioGroup", "type": "object"]])
        let lenient = try XCTUnwrap(try definitions()["ProcessingFormField"] as? [String: Any])
        // An object that fits no variant is kept as .undocumented: `{}` last accepts it.
        XCTAssertEqual(lenient["anyOf"] as? [[String: String]], references + [[:]])
        XCTAssertNil(lenient["type"], "references say it")
        XCTAssertEqual((lenient["x-untagged-variants"] as? [[String: String]])?.count, 2)
    }

    func testAUnionOfAnyTypeIsAnyOfItsVariantsSchemas() throws {
        let strict = try XCTUnwrap(try definitions(strict: true)["StopSequences"] as? [String: Any])
        let variants = try XCTUnwrap(strict["anyOf"] as? [[String: Any]])
        // Lists before strings, as the decoder tries them.
        XCTAssertEqual(variants.count, 2)
        XCTAssertEqual(variants[0]["type"] as? String, "array")
        XCTAssertEqual((variants[0]["items"] as? [String: Any])?["type"] as? String, "string")
        XCTAssertEqual(variants[1]["type"] as? String, "string")
        let lenient = try definitions()
        XCTAssertEqual((lenient["StopSequences"] as? [String: Any])?["anyOf"].map { ($0 as? [Any])?.count }, 3, "`{}` last: any other value")
        // A reference states no `type`: the value need not be an object.
        let stop = try property(lenient, "CompletionRequest", "stop")
        XCTAssertNil(stop["type"], "\(stop)")
        XCTAssertEqual(stop["$ref"] as? String, "#/$defs/StopSequences")
        let settingVariants = try XCTUnwrap((try definitions(strict: true)["SettingValue"] as? [String: Any])?["anyOf"] as? [[String: Any]])
        XCTAssertEqual(settingVariants.first?["$ref"] as? String, "#/$defs/Circle")
        XCTAssertEqual(settingVariants.first?["type"] as? String, "object", "a number is no Circle")
        XCTAssertTrue(settingVariants.contains { $0["type"] as? String == "boolean" })
    }

    /// Structs told apart by their constants (`AssistantTool`): `anyOf` of the variants, each constant
    /// the one-value `enum` of its field's type, which a JSON Schema validator applies as the decoder does.
    func testStructsToldApartByConstantsAreAnyOfWithOneValueEnums() throws {
        let definitions = try definitions(strict: true)
        let tool = try XCTUnwrap(definitions["AssistantTool"] as? [String: Any])
        XCTAssertEqual(
            tool["anyOf"] as? [[String: String]],
            [["$ref": "#/$defs/CodeInterpreterTool", "type": "object"], ["$ref": "#/$defs/RetrievalTool", "type": "object"]])
        XCTAssertEqual(try property(definitions, "RetrievalTool", "type")["$ref"] as? String, "#/$defs/RetrievalToolType")
        let constant = try XCTUnwrap(definitions["RetrievalToolType"] as? [String: Any])
        XCTAssertEqual(constant["enum"] as? [String], ["retrieval"])
        let required = try XCTUnwrap((definitions["RetrievalTool"] as? [String: Any])?["required"] as? [String])
        XCTAssertEqual(required, ["type"])
    }

    func testIntegerTagsAreNumericConstants() throws {
        let notice = try XCTUnwrap(try definitions(strict: true)["Notice"] as? [String: Any])
        let condition = try XCTUnwrap(notice["if"] as? [String: Any])
        let level = try XCTUnwrap((condition["properties"] as? [String: Any])?["level"] as? [String: Any])
        XCTAssertEqual(level["const"] as? Int, 1)
        XCTAssertFalse(level["const"] is String)
        let tag = try XCTUnwrap((notice["properties"] as? [String: Any])?["level"] as? [String: Any])
        XCTAssertEqual(tag["type"] as? String, "integer")
        XCTAssertEqual(tag["enum"] as? [Int], [1, 2])
        // OpenAPI's discriminator takes string values only: integer tags get a plain `oneOf`.
        let variants = try XCTUnwrap((notice["anyOf"] as? [[String: Any]])?.first)
        XCTAssertNil(variants["discriminator"])
        XCTAssertEqual((variants["oneOf"] as? [[String: String]])?.count, 2)
    }

    func testFormattedDatesExportTheirWireForm() throws {
        let definitions = try definitions()
        let pattern = try property(definitions, "PushEvent", "transactionTime")
        XCTAssertEqual(pattern["type"] as? String, "string")
        XCTAssertEqual(pattern["x-date-format"] as? String, "yyyy-MM-dd HH:mm:ss.SSSSSS Z 'UTC'")
        let regex = try NSRegularExpression(pattern: try XCTUnwrap(pattern["pattern"] as? String))
        let example = "2021-12-17 12:34:56.793213 +0000 UTC"
        XCTAssertNotNil(regex.firstMatch(in: example, range: NSRange(example.startIndex..., in: example)))
        let seconds = try property(definitions, "PushEvent", "createdAt")
        XCTAssertEqual(seconds["type"] as? String, "integer")
        XCTAssertEqual(seconds["x-date-format"] as? String, "epochSeconds")
        let alias = try XCTUnwrap(definitions["EpochMillis"] as? [String: Any])
        XCTAssertEqual(alias["type"] as? String, "integer")
        XCTAssertEqual(alias["x-date-format"] as? String, "epochMilliseconds")
    }

    func testDescribeShowsHowUnionsChooseAndWhatTheyShare() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let types = try XCTUnwrap(root["types"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0["name"] as! String, $0) })
        let form = try XCTUnwrap(byName["ProcessingFormField"])
        XCTAssertNil(form["discriminator"])
        let variants = try XCTUnwrap(form["variants"] as? [[String: Any]])
        XCTAssertEqual(variants.first?["name"] as? String, "editText")
        XCTAssertEqual(variants.first?["requiredKeys"] as? [String], ["hideSymbols", "id", "inputType", "isRequired"])
        XCTAssertEqual(form["commonFields"] as? [String], ["id", "groupId", "isRequired", "placeholder"])
        let stop = try XCTUnwrap(byName["StopSequences"]?["variants"] as? [[String: Any]])
        XCTAssertEqual(stop.map { $0["type"] as? String }, ["[string]", "string"])
        XCTAssertEqual(stop.map { $0["json"] as? String }, ["array", "string"])
        XCTAssertEqual(stop.first?["requiredKeys"] as? [String], [])
        let tools = try XCTUnwrap(byName["AssistantTool"]?["variants"] as? [[String: Any]])
        XCTAssertEqual(tools.map { $0["constants"] as? [String: String] }, [["type": "code_interpreter"], ["type": "retrieval"]])
        XCTAssertNil(stop.first?["constants"], "only structs with constants list them")
        let problems = try XCTUnwrap(byName["InputProblem"]?["variants"] as? [[String: Any]])
        XCTAssertEqual(problems.map { $0["valueKinds"] as? [String: [String]] }, [["errors": ["array", "object"]], ["errors": ["array", "string"]]])
        XCTAssertNil(tools.first?["valueKinds"], "only structs told apart by their values' kinds list them")
        let notice = try XCTUnwrap(byName["Notice"])
        XCTAssertEqual(notice["tagType"] as? String, "integer")
        XCTAssertEqual((notice["variants"] as? [[String: Any]])?.first?["tag"] as? Int, 1)
        let summary = Inventory.summary(schema)
        XCTAssertTrue(summary.contains("ProcessingFormField: union untagged (by shape), 2 variants"), summary)
        XCTAssertTrue(summary.contains("Notice: union on 'level' (integer tags), 2 variants"), summary)
    }
}
