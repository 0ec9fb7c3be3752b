import Foundation
import TestSupport
import XCTest

/// The `client-generator` executable as a user and the build plugin run it.
final class GeneratorCommandTests: XCTestCase {
    private let executable = builtExecutable(named: "client-generator")

    private func run(_ arguments: [String]) throws -> ToolRun {
        try runTool(executable, arguments)
    }

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("generator-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testSchemaMistakesExitNonZeroWithCompilerStyleDiagnostics() throws {
        let folder = try temporaryFolder()
        let schema = folder.appendingPathComponent("broken.yaml")
        try """
        api: Broken
        version: "1"
        environments:
          production: { url: "https://x.example" }
        types:
          Item:
            fields:
              id: strin
        """.write(to: schema, atomically: true, encoding: .utf8)
        let result = try run(["generate", schema.path, "--output", folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("\(schema.path):8:11: error: unknown type 'strin'; did you mean 'string'?"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written for a broken schema")

        let lint = try run(["lint", schema.path])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.errors.contains("error: unknown type 'strin'"), lint.errors)
    }

    func testAliasBombIsRejectedWithItsPosition() throws {
        let folder = try temporaryFolder()
        let schema = folder.appendingPathComponent("bomb.yaml")
        try ResourceLimitTests.billionLaughs.write(to: schema, atomically: true, encoding: .utf8)
        let lint = try run(["lint", schema.path])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.errors.contains("\(schema.path):6:"), lint.errors)
        XCTAssertTrue(lint.errors.contains(": error: alias '*a3' makes the document's aliases expand to more than 100000 nodes"), lint.errors)
    }

    func testMissingSchemaFileIsAClearError() throws {
        let result = try run(["generate", "/nonexistent/api.yaml", "--output", "/tmp/unused"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("cannot read the schema"), result.errors)
    }

    func testGenerateWritesOnlyChangedFiles() throws {
        let folder = try temporaryFolder()
        let schema = repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path
        let first = try run(["generate", schema, "--output", folder.path])
        XCTAssertEqual(first.status, 0, first.errors)
        XCTAssertTrue(first.output.contains("wrote 35 of 35 files"), first.output)
        let client = folder.appendingPathComponent("Client.generated.swift")
        XCTAssertTrue(try String(contentsOf: client, encoding: .utf8).contains("public struct WhitelabelPayClient"))
        let modified = try FileManager.default.attributesOfItem(atPath: client.path)[.modificationDate] as? Date

        let second = try run(["generate", schema, "--output", folder.path])
        XCTAssertTrue(second.output.contains("wrote 0 of 35 files"), second.output)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: client.path)[.modificationDate] as? Date, modified)
    }

    func testLintAcceptsTheBundledSchemas() throws {
        let result = try run(["lint", repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "")
    }
}
