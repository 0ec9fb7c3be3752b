import Foundation
import SchemaImport
import SchemaModel
import TestSupport
import XCTest

/// Input that is not an importable OpenAPI document gets one clear error (file:line:column and the
/// JSON Pointer where there is one) and exit status 1, never a crash or a hang.
final class BadInputTests: XCTestCase {
    private func errors(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let result = OpenAPIImport.importDocument(text: text, file: "input.yaml")
        XCTAssertNil(result.schema, "nothing is written", file: file, line: line)
        let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
        XCTAssertFalse(errors.isEmpty, "an error explains why", file: file, line: line)
        return errors
    }

    private let header = """
        openapi: 3.1.0
        info: { title: Bad, version: "1" }
        servers: [{ url: "https://api.example.com" }]

        """

    func testNotYAMLNotOpenAPIAndOtherVersions() {
        XCTAssertTrue(errors("openapi: [unclosed\n").first?.hasPrefix("input.yaml:2:1: error: invalid YAML") ?? false, "\(errors("openapi: [unclosed\n"))")
        XCTAssertEqual(
            errors("just some text"),
            ["input.yaml:1:1: error: not an OpenAPI document: expected a mapping with an 'openapi' key at the top level, found a string 'just some text' [#]"])
        XCTAssertEqual(errors("name: value\n"), ["input.yaml:1:1: error: not an OpenAPI document: the top level has no 'openapi' version key [#]"])
        XCTAssertEqual(
            errors("swagger: \"2.0\"\ninfo: {}\n"),
            [
                "input.yaml:1:10: error: Swagger 2.0 documents are not supported: convert the document to OpenAPI 3 first (for example with swagger2openapi) [#/swagger]"
            ])
        XCTAssertEqual(
            errors("openapi: 4.0.0\n"), ["input.yaml:1:10: error: unsupported OpenAPI version '4.0.0': import reads OpenAPI 3.0, 3.1 and 3.2 [#/openapi]"])
        XCTAssertEqual(errors(""), ["input.yaml:1:1: error: the document is empty"])
    }

    func testReferenceCyclesAndExternalReferences() {
        let parameterCycle =
            header + """
                paths:
                  /a:
                    get:
                      operationId: getA
                      parameters: [{ $ref: "#/components/parameters/A" }]
                      responses: { "204": { description: ok } }
                components:
                  parameters:
                    A: { $ref: "#/components/parameters/B" }
                    B: { $ref: "#/components/parameters/A" }
                """
        XCTAssertEqual(
            errors(parameterCycle).first,
            "input.yaml:13:16: error: $ref cycle: #/components/parameters/A -> #/components/parameters/B -> #/components/parameters/A never reaches a definition [#/components/parameters/B/$ref]"
        )
        let schemaCycle =
            header + """
                paths: {}
                components:
                  schemas:
                    A: { $ref: "#/components/schemas/B" }
                    B: { $ref: "#/components/schemas/A" }
                """
        XCTAssertEqual(errors(schemaCycle), ["input.yaml:8:8: error: $ref cycle: A -> B -> A never reaches a definition [#/components/schemas/B]"])
        let external =
            header + """
                paths: {}
                components:
                  schemas:
                    A: { type: object, properties: { b: { $ref: "other.yaml#/B" } } }
                """
        XCTAssertEqual(
            errors(external),
            [
                "input.yaml:7:49: error: external $ref 'other.yaml#/B' is not supported: import reads one document; bundle it first (for example with redocly bundle) [#/components/schemas/A/properties/b/$ref]"
            ])
    }

    func testHugeAndHostileDocumentsAreRefusedBeforeTheyGrow() {
        let huge = header + "paths: {}\nx-padding: \"" + String(repeating: "a", count: OpenAPIImport.maximumBytes) + "\"\n"
        XCTAssertEqual(errors(huge).first?.contains("bytes, more than the \(OpenAPIImport.maximumBytes) bytes import reads"), true)
        // A billion laughs: stopped by the loader's alias budget before anything expands.
        var bomb = "openapi: 3.1.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        XCTAssertTrue(errors(bomb).first?.contains("expand to more than") ?? false, "\(errors(bomb))")
        let deep = header + "paths: {}\nx-deep: " + String(repeating: "[", count: 400) + String(repeating: "]", count: 400) + "\n"
        XCTAssertTrue(errors(deep).first?.contains("nested more than") ?? false, "\(errors(deep))")
    }

    /// Through the command: exit status 1, the diagnostic on standard error, no output file.
    func testCommandExitsWithOneAndWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("swagger.json")
        try Data(#"{"swagger": "2.0", "info": {"title": "Old", "version": "1"}, "paths": {}}"#.utf8).write(to: input)
        let output = folder.appendingPathComponent("out.yaml")
        let run = try runTool(builtExecutable(named: "client-generator"), ["import", input.path, "--output", output.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.errors.contains("swagger.json:1:13: error: Swagger 2.0 documents are not supported"), run.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        let binary = folder.appendingPathComponent("binary.yaml")
        try Data([0xFF, 0xFE, 0x00, 0x80]).write(to: binary)
        let notText = try runTool(builtExecutable(named: "client-generator"), ["import", binary.path])
        XCTAssertEqual(notText.status, 1)
        XCTAssertTrue(notText.errors.contains("error: the document is not UTF-8 text"), notText.errors)
    }
}
