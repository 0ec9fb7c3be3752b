import Foundation
import SchemaImport
import TestSupport
import XCTest

/// OpenAPI documents from swift-openapi-generator's and OpenAPIKit's repositories
/// (Tests/Fixtures/OpenAPI, with their licences), and one written here for webhooks, import without errors, lint clean, and generate a
/// client that type-checks warning-free against the built ClientRuntime module. The counts are the
/// ones docs/Import.md's table reports.
final class ThirdPartyImportTests: XCTestCase {
    private struct Expectation {
        let file: String
        let operations: Int
        let types: Int
        let warnings: Int
    }

    private let expectations = [
        Expectation(file: "sog-hello-world.yaml", operations: 1, types: 1, warnings: 0),
        Expectation(file: "sog-petstore.yaml", operations: 10, types: 46, warnings: 7),
        Expectation(file: "sog-various-content-types.yaml", operations: 11, types: 4, warnings: 2),
        // issue 28 line 6: its three sequential media types without an item schema; the first is imported.
        Expectation(file: "sog-event-streams.yaml", operations: 1, types: 2, warnings: 2),
        // issue 28 line 1: OpenAPI 3.1 webhooks become events; the one without a JSON body is the warning.
        Expectation(file: "shop-webhooks-3.1.yaml", operations: 1, types: 3, warnings: 1),
        Expectation(file: "openapikit-pet-store-3.0.yaml", operations: 19, types: 9, warnings: 3),
        Expectation(file: "openapikit-tomtom-3.0.yaml", operations: 19, types: 21, warnings: 2),
        Expectation(file: "openapikit-google-books-3.0.yaml", operations: 51, types: 136, warnings: 1),
    ]

    func testThirdPartyDocumentsImportLintAndCompile() throws {
        let generator = builtExecutable(named: "client-generator")
        let modules = generator.deletingLastPathComponent().appendingPathComponent("Modules")
        let canCompile = FileManager.default.fileExists(atPath: modules.appendingPathComponent("ClientRuntime.swiftmodule").path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-third-party-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for expectation in expectations {
            let input = repositoryRoot.appendingPathComponent("Tests/Fixtures/OpenAPI/\(expectation.file)")
            let schema = folder.appendingPathComponent(expectation.file)
            let imported = try runTool(generator, ["import", input.path, "--output", schema.path])
            XCTAssertEqual(imported.status, 0, "\(expectation.file): \(imported.errors)")
            let result = OpenAPIImport.importDocument(path: input.path)
            XCTAssertEqual(result.operationCount, expectation.operations, expectation.file)
            XCTAssertEqual(result.typeCount, expectation.types, expectation.file)
            XCTAssertEqual(
                result.diagnostics.count, expectation.warnings, "\(expectation.file):\n\(result.diagnostics.map(\.description).joined(separator: "\n"))")
            XCTAssertFalse(result.hasErrors, expectation.file)

            let lint = try runTool(generator, ["lint", schema.path])
            XCTAssertEqual(lint.status, 0, "\(expectation.file): \(lint.errors)")
            XCTAssertEqual(lint.errors, "", "lint is clean: no warnings either")

            let output = folder.appendingPathComponent(expectation.file + ".generated")
            let generate = try runTool(generator, ["generate", schema.path, "--output", output.path])
            XCTAssertEqual(generate.status, 0, "\(expectation.file): \(generate.errors)")
            guard canCompile else { continue }
            let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
            let swiftc = try runTool(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-typecheck", "-module-name", "Imported", "-I", modules.path] + sources.map { output.appendingPathComponent($0).path })
            XCTAssertEqual(swiftc.status, 0, "\(expectation.file): \(swiftc.errors)")
            XCTAssertFalse((swiftc.output + swiftc.errors).contains("warning:"), "\(expectation.file): \(swiftc.errors)")
        }
        if !canCompile { throw XCTSkip("imported and linted; no ClientRuntime module at \(modules.path) to type-check against") }
    }
}
