import Foundation
import SchemaExport
import SchemaImport
import SchemaModel
import TestSupport
import XCTest

/// Every bundled schema → `export --format openapi` → `import` → the same `describe --json`, except
/// for the differences listed in `RoundTripDifferences.txt`: what the OpenAPI export cannot carry
/// (docs/Import.md explains each kind). Set UPDATE_ROUND_TRIP=1 to rewrite that file after a change
/// to the export or the import, and review its diff.
final class RoundTripTests: XCTestCase {
    private let expectedFile = repositoryRoot.appendingPathComponent("Tests/SchemaImportTests/RoundTripDifferences.txt")

    func testEveryBundledSchemaSurvivesExportAndImport() throws {
        var report: [String] = []
        XCTAssertGreaterThanOrEqual(bundledSchemas.count, 6, "five APIs and the KitchenSink")
        for file in bundledSchemas {
            let name = file.deletingPathExtension().lastPathComponent
            let original = try SchemaLoader.loadOrThrow(path: file.path)
            let openAPI = OpenAPIExport.document(original).text()
            let result = OpenAPIImport.importDocument(text: openAPI, file: "\(name).openapi.json")
            let errors = result.diagnostics.filter { $0.severity == .error }
            XCTAssertTrue(errors.isEmpty, "\(name): \(errors.map(\.description).joined(separator: "\n"))")
            guard let text = result.schema else { continue }
            let loaded = SchemaLoader.load(text: text, file: "\(name).imported.yaml")
            guard let imported = loaded.schema else {
                XCTFail("\(name): the imported schema does not load:\n\(loaded.diagnostics.map(\.description).joined(separator: "\n"))\n\(text)")
                continue
            }
            XCTAssertEqual(imported.operations.count, original.operations.count, name)
            XCTAssertEqual(imported.types.map(\.name), original.types.map(\.name), "\(name): every type, in order, under its name")
            report.append("# \(name)")
            report += InventoryDifference.lines(original, imported)
        }
        let text = report.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_ROUND_TRIP"] == "1" {
            try Data(text.utf8).write(to: expectedFile)
        }
        let expected = (try? String(contentsOf: expectedFile, encoding: .utf8)) ?? ""
        XCTAssertEqual(text, expected, "the round trip's differences changed; review them and rerun with UPDATE_ROUND_TRIP=1")
    }

    /// The same document imports to the same bytes.
    func testImportIsDeterministic() throws {
        let original = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path)
        let openAPI = OpenAPIExport.document(original).text()
        let first = OpenAPIImport.importDocument(text: openAPI, file: "k.json").schema
        let second = OpenAPIImport.importDocument(text: openAPI, file: "k.json").schema
        XCTAssertNotNil(first)
        XCTAssertEqual(first, second)
    }
    /// Operations that share a route: the export writes the second under the path with its name as a
    /// fragment (OpenAPI has one operation per path and method), and import gives both back.
    func testOperationsSharingARouteSurviveTheRoundTrip() throws {
        let original = try XCTUnwrap(SchemaLoader.load(text: filesSharingARouteSchemaText, file: "files.yaml").schema)
        let openAPI = OpenAPIExport.document(original).text()
        let paths = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(openAPI.utf8)) as? [String: Any])?["paths"] as? [String: Any])
        XCTAssertEqual(paths.keys.sorted(), ["/files/{fileId}", "/files/{id}#getFileSharedLink"], "OpenAPI compares templated paths without their names")
        let result = OpenAPIImport.importDocument(text: openAPI, file: "files.json")
        let text = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        let imported = try XCTUnwrap(SchemaLoader.load(text: text, file: "files.imported.yaml").schema, text)
        XCTAssertEqual(
            imported.operations.map { "\($0.name) \($0.method) \($0.path) \($0.requestRequirements.query.sorted())" },
            [
                "getFile GET /files/{fileId} []", "deleteFile DELETE /files/{fileId} []", "getFileSharedLink GET /files/{id} [\"fields\"]",
            ])
    }

    /// A path's literal query: the export writes each pair as a required query parameter whose one value
    /// is the literal, marked `x-literal` (a path key holds no query in OpenAPI, and validators flag one),
    /// and import reads it back as the path's literal query, not as a parameter.
    func testALiteralQuerySurvivesTheRoundTrip() throws {
        let text = """
            api: Keys
            version: "1"
            environments:
              local: { url: "http://127.0.0.1/keys" }
            operations:
              sign:
                http: POST /sign/{id}?api-version=2021-05-01&view=draft%20copy
                path: { id: string }
                query: { digest: { type: string, optional: true } }
              signPlain:
                http: POST /sign/{id}
                path: { id: string }
            """
        let original = try XCTUnwrap(SchemaLoader.load(text: text, file: "keys.yaml").schema)
        let openAPI = OpenAPIExport.document(original).text()
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(openAPI.utf8)) as? [String: Any])
        let paths = try XCTUnwrap(document["paths"] as? [String: Any])
        XCTAssertEqual(paths.keys.sorted(), ["/sign/{id}", "/sign/{id}#signPlain"], "no query in a path key")
        let sign = try XCTUnwrap((paths["/sign/{id}"] as? [String: Any])?["post"] as? [String: Any])
        let parameters = try XCTUnwrap(sign["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.map { $0["name"] as? String }, ["api-version", "view", "id", "digest"])
        XCTAssertEqual(parameters[1]["required"] as? Bool, true)
        XCTAssertEqual(parameters[1]["x-literal"] as? Bool, true)
        XCTAssertEqual((parameters[1]["schema"] as? [String: Any])?["enum"] as? [String], ["draft copy"])

        let result = OpenAPIImport.importDocument(text: openAPI, file: "keys.json")
        let written = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
        XCTAssertTrue(written.contains("http: \"POST /sign/{id}?api-version=2021-05-01&view=draft%20copy\""), written)
        let imported = try XCTUnwrap(SchemaLoader.load(text: written, file: "keys.imported.yaml").schema, written)
        XCTAssertEqual(
            imported.operations.map { "\($0.name) \($0.pathWithLiteralQuery) \($0.queryParameters.map(\.wireName))" },
            ["sign /sign/{id}?api-version=2021-05-01&view=draft%20copy [\"digest\"]", "signPlain /sign/{id} []"])
    }

    /// A long tagged union: the export's `if`/`then`/`else` chain is split in halves, so 2,000 variants
    /// nest a few dozen objects deep, not 2,000 (which was 53 MB, refused by the import as deeper than
    /// 256 levels), and the union comes back with every tag, integer tags included.
    func testATaggedUnionOfTwoThousandVariantsSurvivesTheRoundTrip() throws {
        for (count, integerTags) in [(2_000, false), (12, true)] {
            let structs = (0..<count).map { "  V\($0):\n    fields:\n      k\($0): string\n" }.joined()
            let variants = (0..<count).map { "        v\($0): " + (integerTags ? "{ type: V\($0), value: \($0 + 1) }\n" : "V\($0)\n") }.joined()
            let text = """
                api: Long
                version: "1"
                environments:
                  local: { url: "http://127.0.0.1" }
                types:
                \(structs)  U:
                    union:
                      discriminator: kind
                      variants:
                \(variants)
                """
            let original = try XCTUnwrap(SchemaLoader.load(text: text, file: "long.yaml").schema)
            let openAPI = OpenAPIExport.document(original).text()
            let document = try JSONSerialization.jsonObject(with: Data(openAPI.utf8))
            XCTAssertLessThanOrEqual(Self.depth(of: document), 40, "\(count) variants")
            let result = OpenAPIImport.importDocument(text: openAPI, file: "long.json")
            let written = try XCTUnwrap(result.schema, result.diagnostics.map(\.description).joined(separator: "\n"))
            let imported = try XCTUnwrap(SchemaLoader.load(text: written, file: "long.imported.yaml").schema)
            guard case .union(let union)? = imported.type(named: "U")?.kind, case .union(let before)? = original.type(named: "U")?.kind else {
                return XCTFail("U is not a union after the round trip")
            }
            XCTAssertEqual(union.tagType, before.tagType, "\(count) variants")
            XCTAssertEqual(union.variants.map(\.tag), before.variants.map(\.tag))
            XCTAssertEqual(union.variants.map(\.type), before.variants.map(\.type))
        }
    }

    /// How many objects and arrays deep a parsed JSON value nests.
    private static func depth(of value: Any) -> Int {
        var deepest = 0
        var pending: [(Any, Int)] = [(value, 1)]
        while let (value, level) = pending.popLast() {
            if let object = value as? [String: Any] {
                deepest = max(deepest, level)
                pending += object.values.map { ($0, level + 1) }
            } else if let array = value as? [Any] {
                deepest = max(deepest, level)
                pending += array.map { ($0, level + 1) }
            }
        }
        return deepest
    }
}
