import Foundation
import SchemaExport
import SchemaModel
import TestSupport
import XCTest

final class SchemaExportTests: XCTestCase {
    private func parse(_ data: Data, _ what: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: data)
        return try XCTUnwrap(value as? [String: Any], "\(what) is a JSON object")
    }

    func testExportsAreDeterministicWellFormedAndMatchTheLibrary() throws {
        for path in Schemas.all {
            let schema = try SchemaLoader.loadOrThrow(path: path)
            for arguments in [["--format", "json-schema"], ["--format", "openapi"], ["--format", "json-schema", "--strict-enums"]] {
                let first = try runGenerator(["export", path] + arguments)
                let second = try runGenerator(["export", path] + arguments)
                XCTAssertEqual(first.status, 0, first.errors)
                XCTAssertEqual(first.output, second.output, "same schema, same bytes: \(path) \(arguments)")
                let document = try parse(first.output, "\(path) \(arguments)")
                let options = ExportOptions(strictEnums: arguments.contains("--strict-enums"))
                let library =
                    arguments[1] == "openapi"
                    ? OpenAPIExport.document(schema, options: options)
                    : try JSONSchemaExport.document(schema, options: options)
                XCTAssertEqual(first.text, library.text(), "the command prints the library's document")
                XCTAssertTrue(first.text.contains("\n  \""), "two-space indent")
                if arguments[1] == "openapi" {
                    XCTAssertEqual(document["openapi"] as? String, schema.operations.contains { $0.stream != nil } ? "3.2.0" : "3.1.0")
                    let components = try XCTUnwrap(document["components"] as? [String: Any])
                    XCTAssertEqual((components["schemas"] as? [String: Any])?.count, Set(schema.types.map(\.name)).count)
                } else {
                    XCTAssertEqual(document["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
                    XCTAssertEqual(document["$id"] as? String, "urn:schema-clients:\(schema.api)")
                    XCTAssertEqual((document["$defs"] as? [String: Any])?.count, Set(schema.types.map(\.name)).count)
                }
            }
        }
    }

    func testRootTypeAndOutputFile() throws {
        let folder = try temporaryFolder()
        let file = folder.appendingPathComponent("item.json")
        let result = try runGenerator(["export", Schemas.kitchenSink, "--format", "json-schema", "--type", "[Item]", "--output", file.path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.output.count, 0, "nothing on stdout with --output")
        let document = try parse(Data(contentsOf: file), "item.json")
        XCTAssertEqual(document["type"] as? String, "array")
        XCTAssertEqual((document["items"] as? [String: Any])?["$ref"] as? String, "#/$defs/Item")
        let single = try parse(try runGenerator(["export", Schemas.kitchenSink, "--format", "json-schema", "--type", "Item"]).output, "Item")
        XCTAssertEqual(single["$ref"] as? String, "#/$defs/Item")
        let unknown = try runGenerator(["export", Schemas.kitchenSink, "--format", "json-schema", "--type", "Itme"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.errors.contains("unknown type 'Itme'"), unknown.errors)
    }

    // MARK: Mappings

    private func definitions(strict: Bool = false) throws -> [String: Any] {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let text = try JSONSchemaExport.document(schema, options: ExportOptions(strictEnums: strict)).text()
        return try XCTUnwrap(try parse(Data(text.utf8), "kitchensink")["$defs"] as? [String: Any])
    }

    private func property(_ definitions: [String: Any], _ type: String, _ key: String) throws -> [String: Any] {
        let definition = try XCTUnwrap(definitions[type] as? [String: Any], type)
        let properties = try XCTUnwrap(definition["properties"] as? [String: Any], "\(type).properties")
        return try XCTUnwrap(properties[key] as? [String: Any], "\(type).\(key)")
    }

    func testStructsRequiredNullableOptionalAndDefaults() throws {
        let defs = try definitions()
        let item = try XCTUnwrap(defs["Item"] as? [String: Any])
        XCTAssertNil(item["type"], "references say it, so that a nullable one can add null")
        // Required on the wire: not optional and no default; nullable-but-required discontinuedAt too.
        XCTAssertEqual(item["required"] as? [String], ["sku", "name", "discontinuedAt"])
        XCTAssertNil(item["additionalProperties"], "extra keys are allowed")
        let discontinued = try property(defs, "Item", "discontinuedAt")
        XCTAssertEqual(discontinued["type"] as? [String], ["string", "null"])
        XCTAssertEqual(discontinued["format"] as? String, "date-time")
        XCTAssertEqual(discontinued["deprecated"] as? Bool, true)
        // Wire names are the keys; a field with a default accepts null and documents the default.
        XCTAssertNotNil(try? property(defs, "Item", "display_name"))
        let size = try property(defs, "Item", "size")
        XCTAssertEqual(size["default"] as? String, "M")
        XCTAssertEqual(size["$ref"] as? String, "#/$defs/Size")
        XCTAssertEqual(size["type"] as? [String], ["string", "null"])
        // A plain required field is the bare type, no null.
        let name = try property(defs, "Item", "name")
        XCTAssertEqual(name["type"] as? String, "string")
        XCTAssertNil(name["anyOf"])
        // json accepts anything, null included: no wrapping.
        let anything = try property(defs, "Everything", "anything")
        XCTAssertTrue(anything.isEmpty, "\(anything)")
    }

    func testARecursiveTypeRefersToItselfByReference() throws {
        // Category.parent, and Category.featured -> Highlight.category -> CategoryRef -> Category: each
        // use is a $ref, so the document stays finite however deep a payload nests.
        let defs = try definitions()
        XCTAssertEqual(try property(defs, "Category", "parent")["$ref"] as? String, "#/$defs/Category")
        XCTAssertEqual(try property(defs, "Highlight", "category")["$ref"] as? String, "#/$defs/CategoryRef")
        XCTAssertEqual((defs["CategoryRef"] as? [String: Any])?["$ref"] as? String, "#/$defs/Category")
        let subcategories = try property(defs, "Category", "subcategories")
        XCTAssertEqual((subcategories["items"] as? [String: Any])?["$ref"] as? String, "#/$defs/Category")
        XCTAssertEqual((defs["Category"] as? [String: Any])?["required"] as? [String], ["name", "featured"])
    }

    /// `includes:` is `allOf` of the included structs and the own part; `additionalFields: T` is
    /// `additionalProperties: T` in the own part, which lists the included fields (as `{}`) so that it
    /// does not take them as extra members.
    func testIncludesAreAllOfAndAdditionalFieldsAreAdditionalProperties() throws {
        let defs = try definitions()
        let audited = try XCTUnwrap(defs["Audited"] as? [String: Any])
        let parts = try XCTUnwrap(audited["allOf"] as? [[String: Any]])
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts[0]["$ref"] as? String, "#/$defs/Stamp")
        XCTAssertEqual((parts[1]["properties"] as? [String: Any]).map { Set($0.keys) }, ["author", "revision"])
        XCTAssertEqual(parts[1]["required"] as? [String], ["author"])
        XCTAssertNil(audited["properties"], "the included fields are not written again")

        let noteParts = try XCTUnwrap((defs["Note"] as? [String: Any])?["allOf"] as? [[String: Any]])
        XCTAssertEqual(noteParts[0]["$ref"] as? String, "#/$defs/Audited")
        let own = noteParts[1]
        XCTAssertEqual((own["additionalProperties"] as? [String: Any])?["type"] as? String, "string")
        let properties = try XCTUnwrap(own["properties"] as? [String: Any])
        XCTAssertEqual(Set(properties.keys), ["at", "author", "revision", "text"])
        XCTAssertEqual((properties["at"] as? [String: Any])?.isEmpty, true, "an included field is listed, any value")
        XCTAssertEqual(own["required"] as? [String], ["text"])
    }

    func testPrimitivesAndIntegerBounds() throws {
        let defs = try definitions()
        let small = try property(defs, "Everything", "small")
        XCTAssertEqual(small["type"] as? String, "integer")
        XCTAssertEqual((small["minimum"] as? NSNumber)?.int64Value, Int64(Int32.min))
        XCTAssertEqual((small["maximum"] as? NSNumber)?.int64Value, Int64(Int32.max))
        let count = try property(defs, "Everything", "count")
        XCTAssertEqual((count["maximum"] as? NSNumber)?.int64Value, Int64.max)
        // A field bound inside int32's range replaces it (tighter of the two).
        let quantity = try property(defs, "Item", "quantity")
        XCTAssertEqual(quantity["type"] as? [String], ["integer", "null"])
        XCTAssertEqual(quantity["minimum"] as? Int, 1)
        XCTAssertEqual(quantity["maximum"] as? Int, 1000)
        XCTAssertEqual(try property(defs, "Everything", "id")["pattern"] as? String, WirePatterns.uuid)
        XCTAssertEqual(try property(defs, "Everything", "blob")["contentEncoding"] as? String, "base64")
        XCTAssertEqual(try property(defs, "Everything", "day")["format"] as? String, "date")
        XCTAssertEqual(try property(defs, "Everything", "flag")["type"] as? String, "boolean")
        let byNumber = try property(defs, "Everything", "byNumber")
        XCTAssertEqual((byNumber["propertyNames"] as? [String: Any])?["pattern"] as? String, WirePatterns.integerKey)
        XCTAssertEqual((byNumber["additionalProperties"] as? [String: Any])?["type"] as? String, "string")
        let oneList = try property(defs, "Everything", "oneList")
        XCTAssertEqual((oneList["items"] as? [String: Any])?["$ref"] as? String, "#/$defs/Item")
        XCTAssertEqual((oneList["items"] as? [String: Any])?["type"] as? String, "object")
        // Alias: the target with the alias's constraints.
        let amount = try XCTUnwrap(defs["Amount"] as? [String: Any])
        XCTAssertEqual(amount["type"] as? String, "number")
        XCTAssertEqual(amount["minimum"] as? Int, 0)
        let skus = try XCTUnwrap(defs["Skus"] as? [String: Any])
        XCTAssertEqual(skus["minItems"] as? Int, 1)
    }

    func testEnumsOpenByDefaultClosedWhenStrict() throws {
        let open = try XCTUnwrap(try definitions()["Size"] as? [String: Any])
        let branches = try XCTUnwrap(open["anyOf"] as? [[String: Any]])
        XCTAssertEqual(branches.first?["enum"] as? [String], ["S", "M", "L", "XL"])
        XCTAssertEqual(branches.first?["type"] as? String, "string", "the known values' branch is typed")
        // Unknown values of the raw type are accepted; the reference gives the type.
        XCTAssertNil(branches.last?["type"])
        XCTAssertEqual(branches.last?["minLength"] as? Int, 0)
        XCTAssertNil(open["enum"])
        let strictDefs = try definitions(strict: true)
        let strict = try XCTUnwrap(strictDefs["Size"] as? [String: Any])
        XCTAssertEqual(strict["enum"] as? [String], ["S", "M", "L", "XL"])
        XCTAssertEqual(strict["type"] as? String, "string")
        let priority = try XCTUnwrap(strictDefs["Priority"] as? [String: Any])
        XCTAssertEqual(priority["type"] as? String, "integer")
        XCTAssertEqual(priority["enum"] as? [Int], [1, 10, 0])
        XCTAssertEqual(priority["x-enum-varnames"] as? [String], ["low", "high", "ancient"])
    }

    func testUnionsUseIfThenPerTag() throws {
        let shape = try XCTUnwrap(try definitions()["Shape"] as? [String: Any])
        XCTAssertNil(shape["type"], "references say it")
        XCTAssertNil(shape["allOf"])
        // if CIRCLE then Circle else if square then Square else if GROUP then Group.
        var tags: [String] = []
        var link: [String: Any]? = shape
        while let current = link, let condition = current["if"] as? [String: Any] {
            XCTAssertEqual(condition["required"] as? [String], ["kind"])
            tags.append(try XCTUnwrap(((condition["properties"] as? [String: Any])?["kind"] as? [String: Any])?["const"] as? String))
            XCTAssertNotNil((current["then"] as? [String: Any])?["$ref"])
            link = current["else"] as? [String: Any]
        }
        XCTAssertEqual(tags, ["CIRCLE", "square", "GROUP"])
        XCTAssertEqual((shape["then"] as? [String: Any])?["$ref"] as? String, "#/$defs/Circle")
        XCTAssertNil(shape["required"], "an unknown or missing tag is accepted by default")
        let strict = try XCTUnwrap(try definitions(strict: true)["Shape"] as? [String: Any])
        XCTAssertEqual(strict["required"] as? [String], ["kind"])
        XCTAssertEqual(((strict["properties"] as? [String: Any])?["kind"] as? [String: Any])?["enum"] as? [String], ["CIRCLE", "square", "GROUP"])
    }

    /// Issue 28: a streamed answer is its sequential media type with an `itemSchema`, as OpenAPI 3.2 writes
    /// it; for SSE the event object, one `anyOf` branch per variant of the union (its event name, its type).
    func testOpenAPIStreamedAnswersHaveAnItemSchema() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let document = try parse(Data(OpenAPIExport.document(schema).text().utf8), "openapi")
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        func content(_ path: String) throws -> [String: Any] {
            let get = try XCTUnwrap((paths[path] as? [String: Any])?["get"] as? [String: Any])
            return try XCTUnwrap(((get["responses"] as? [String: Any])?["200"] as? [String: Any])?["content"] as? [String: Any])
        }
        let lines = try content("/items/export")
        XCTAssertEqual(Array(lines.keys), ["application/jsonl"])
        XCTAssertEqual(((lines["application/jsonl"] as? [String: Any])?["itemSchema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/Item")
        let events = try content("/orders/events")
        let item = try XCTUnwrap((events["text/event-stream"] as? [String: Any])?["itemSchema"] as? [String: Any])
        XCTAssertEqual(item["required"] as? [String], ["data"])
        XCTAssertEqual((item["x-events"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/OrderEvent")
        let branches = try XCTUnwrap(item["anyOf"] as? [[String: Any]])
        let names = branches.map { (($0["properties"] as? [String: Any])?["event"] as? [String: Any])?["const"] as? String }
        XCTAssertEqual(names, ["order.created", "order.shipped"])
        let data = (branches[0]["properties"] as? [String: Any])?["data"] as? [String: Any]
        XCTAssertEqual(data?["contentMediaType"] as? String, "application/json")
        XCTAssertEqual((data?["contentSchema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/OrderCreated")
    }

    /// Issue 28 line 6: a streamed request body is a required requestBody whose one content entry is the
    /// stream's media type with the events as `itemSchema` (RoundTripTests: import reads it back as `requestStream:`).
    func testOpenAPIStreamedRequestBodiesHaveAnItemSchemaAndImportBack() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let text = OpenAPIExport.document(schema).text()
        let document = try parse(Data(text.utf8), "openapi")
        XCTAssertEqual(document["openapi"] as? String, "3.2.0")
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        func requestBody(_ path: String) throws -> [String: Any] {
            let post = try XCTUnwrap((paths[path] as? [String: Any])?["post"] as? [String: Any])
            return try XCTUnwrap(post["requestBody"] as? [String: Any])
        }
        let chat = try requestBody("/chat")
        XCTAssertEqual(chat["required"] as? Bool, true)
        XCTAssertEqual(chat["description"] as? String, "What the client says; a line at a time.")
        let lines = try XCTUnwrap(chat["content"] as? [String: Any])
        XCTAssertEqual(Array(lines.keys), ["application/jsonl"])
        XCTAssertEqual(((lines["application/jsonl"] as? [String: Any])?["itemSchema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/ChatLine")
        let records = try XCTUnwrap(try requestBody("/items/import")["content"] as? [String: Any])
        XCTAssertEqual(((records["application/json-seq"] as? [String: Any])?["itemSchema"] as? [String: Any])?["$ref"] as? String, "#/components/schemas/Item")
    }

    func testOpenAPIOperationsSecurityAndServers() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let document = try parse(Data(OpenAPIExport.document(schema).text().utf8), "openapi")
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        let getItem = try XCTUnwrap((paths["/stores/{storeId}/items/{sku}"] as? [String: Any])?["get"] as? [String: Any])
        XCTAssertEqual(getItem["operationId"] as? String, "getItem")
        XCTAssertEqual((getItem["security"] as? [[String: [String]]])?.map { $0.keys.sorted() }, [["bearer"], ["apiKey"]])
        let responses = try XCTUnwrap(getItem["responses"] as? [String: Any])
        XCTAssertEqual(Set(responses.keys), ["200", "409", "400", "default"])
        let parameters = try XCTUnwrap(getItem["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["in"] as? String }, ["path", "path", "header", "header"])
        XCTAssertEqual(parameters.map { $0["name"] as? String }, ["storeId", "sku", "X-Request-Id", "Accept-Language"])
        let delete = try XCTUnwrap((paths["/items/{sku}"] as? [String: Any])?["delete"] as? [String: Any])
        XCTAssertEqual((delete["security"] as? [Any])?.count, 0, "auth: none")
        let list = try XCTUnwrap((paths["/items"] as? [String: Any])?["get"] as? [String: Any])
        XCTAssertEqual((list["x-paginate"] as? [String: Any])?["style"] as? String, "page")
        XCTAssertEqual((list["x-cache"] as? [String: Any])?["mode"] as? String, "localFirst")
        let legacy = try XCTUnwrap((paths["/legacy/search"] as? [String: Any])?["get"] as? [String: Any])
        XCTAssertEqual(legacy["deprecated"] as? Bool, true)
        let schemes = try XCTUnwrap((document["components"] as? [String: Any])?["securitySchemes"] as? [String: [String: Any]])
        XCTAssertEqual(schemes["bearer"]?["scheme"] as? String, "bearer")
        XCTAssertEqual(schemes["queryKey"]?["in"] as? String, "query")
        XCTAssertEqual(schemes["session"]?["name"] as? String, "X-Session-Id")
        let servers = try XCTUnwrap(document["servers"] as? [[String: Any]])
        let regional = try XCTUnwrap(servers.first { ($0["url"] as? String)?.contains("{region}") == true })
        let variables = try XCTUnwrap(regional["variables"] as? [String: [String: Any]])
        XCTAssertEqual(variables["region"]?["default"] as? String, "region")
        XCTAssertEqual(variables["version"]?["default"] as? String, "v2")
    }

    /// The base64 pattern answers as `Data(base64Encoded:)` for every string of `A` and `=` up to 12
    /// characters and for random strings over a wider alphabet.
    func testBase64PatternMatchesFoundation() throws {
        let regex = try NSRegularExpression(pattern: WirePatterns.base64)
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
        }
        var strings: [String] = []
        for length in 0...12 {
            for mask in 0..<(1 << length) {
                strings.append(String((0..<length).map { (mask >> $0) & 1 == 1 ? "=" : "A" }))
            }
        }
        var random = SplitMix64(seed: 7)
        let alphabet = Array("Az09+/=-_ \n")
        for _ in 0..<5000 {
            strings.append(String((0..<Int.random(in: 0...10, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for text in strings {
            XCTAssertEqual(matches(text), Data(base64Encoded: text) != nil, "base64 pattern vs Foundation for \(text.debugDescription)")
        }
    }

    func testIntegerKeyAndDatePatterns() throws {
        let key = try NSRegularExpression(pattern: WirePatterns.integerKey)
        let date = try NSRegularExpression(pattern: WirePatterns.date)
        func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
        }
        for text in [
            "0", "1", "+1", "01", "-0", "-12", "9223372036854775807", "-9223372036854775808", "0009223372036854775807",
            "9223372036854775808", "-9223372036854775809", "1.0", "", "+", "-", " 1", "1 ", "1\n", "x",
        ] {
            XCTAssertEqual(matches(key, text), Int(text) != nil, "integer key \(text.debugDescription)")
        }
        for (text, valid) in [
            ("2024-02-29", true), ("2023-02-29", false), ("2000-02-29", true), ("1900-02-29", false),
            ("2023-02-30", false), ("2023-04-31", false), ("2023-12-31", true), ("0000-01-01", false),
            ("0001-01-01", true), ("2023-13-01", false), ("2023-1-01", false), ("2023-01-01\n", false),
        ] {
            XCTAssertEqual(matches(date, text), valid, "date \(text.debugDescription)")
        }
    }
}
