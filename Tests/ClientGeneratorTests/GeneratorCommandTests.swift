import Foundation
import SchemaModel
import SwiftRenderer
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

    /// Does not load: `id: strin` at 8:11 (shared with SchemaCheckTests, which run the same schema
    /// through schema-check).
    private var brokenSchema: String { repositoryRoot.appendingPathComponent("Tests/Fixtures/Lint/broken.yaml").path }

    func testSchemaMistakesExitNonZeroWithCompilerStyleDiagnostics() throws {
        let folder = try temporaryFolder()
        let schema = brokenSchema
        let result = try run(["generate", schema, "--output", folder.appendingPathComponent("out").path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("\(schema):8:11: error: unknown type 'strin'; did you mean 'string'?"), result.errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "nothing is written for a broken schema")

        let lint = try run(["lint", schema])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.errors.contains("error: unknown type 'strin'"), lint.errors)
        XCTAssertEqual(lint.output, "\(schema): 1 error\n")
    }

    /// Issue 26 line 1: every command that reads a schema prints its diagnostics with the one function
    /// (`SchemaReport`), on standard error, in one format; a schema that cannot be read names itself.
    func testEveryCommandReportsASchemaThatDoesNotLoadTheSameWay() throws {
        let folder = try temporaryFolder()
        let broken = brokenSchema
        let brokenLine = "\(broken):8:11: error: unknown type 'strin'; did you mean 'string'?\n"
        let missing = folder.appendingPathComponent("missing.yaml").path
        let missingLine = "\(missing): error: cannot read the schema: No such file or directory\n"
        let output = folder.appendingPathComponent("out").path
        for (schema, line) in [(broken, brokenLine), (missing, missingLine)] {
            for command in [["generate", schema, "--output", output], ["export", schema, "--format", "openapi"], ["describe", schema]] {
                let result = try run(command)
                XCTAssertEqual(result.errors, line, command.joined(separator: " "))
                XCTAssertEqual(result.output, "", command.joined(separator: " "))
                XCTAssertEqual(result.status, 1, command.joined(separator: " "))
            }
            let lint = try run(["lint", schema])
            XCTAssertEqual(lint.errors, line)
            XCTAssertEqual(lint.status, schema == missing ? 2 : 1, "lint: 2 when it cannot read a schema")
        }
        let diff = try run(["diff", broken, broken])
        XCTAssertEqual(diff.errors, brokenLine + brokenLine, "both schemas' diagnostics")
        XCTAssertEqual(diff.status, 2)
    }

    func testAliasBombIsRejectedWithItsPosition() throws {
        let folder = try temporaryFolder()
        let schema = folder.appendingPathComponent("bomb.yaml")
        try billionLaughsSchema.write(to: schema, atomically: true, encoding: .utf8)
        let lint = try run(["lint", schema.path])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.errors.contains("\(schema.path):6:"), lint.errors)
        XCTAssertTrue(lint.errors.contains(": error: alias '*a3' makes the document's aliases expand to more than 100000 nodes"), lint.errors)
    }

    func testMissingSchemaFileIsAClearError() throws {
        let result = try run(["generate", "/nonexistent/api.yaml", "--output", "/tmp/unused"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errors, "/nonexistent/api.yaml: error: cannot read the schema: No such file or directory\n")
    }

    /// A schema is read up to SchemaLoader.maximumBytes: a device or an endless pipe named as the schema is
    /// refused once reading passes the limit, a larger regular file by its size, instead of filling memory.
    func testASchemaLargerThanTheLimitIsRefusedWithoutReadingIt() throws {
        let endless = try run(["lint", "/dev/zero"])
        XCTAssertEqual(endless.status, 2)
        XCTAssertEqual(endless.errors, "/dev/zero: error: cannot read the schema: it is more than the 16777216 bytes a schema may have\n")

        let large = try temporaryFolder().appendingPathComponent("large.yaml")
        XCTAssertTrue(FileManager.default.createFile(atPath: large.path, contents: nil))
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)  // sparse: no 16 MiB written
        try handle.close()
        let refused = try run(["generate", large.path, "--output", "/tmp/unused"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.errors.contains("it is 16777217 bytes, more than the 16777216 bytes a schema may have"), refused.errors)
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

    func testGenerateRemovesTheGeneratedFilesItNoLongerWritesAndNothingElse() throws {
        // A folder generated by an older layout (Types.NN / Operations.NN) and regenerated after an upgrade:
        // the old files would declare every type a second time.
        let folder = try temporaryFolder()
        let older = folder.appendingPathComponent("Operations.07.generated.swift")
        try "// Generated by client-generator from whitelabelpay.yaml. Do not edit: edit the schema.\npublic struct Payment {}\n"
            .write(to: older, atomically: true, encoding: .utf8)
        let usersOwn = [
            "Notes.generated.swift": "// Written by hand, whatever its name says.\n",
            "Extensions.swift": "// Generated by client-generator, said a user.\n",
        ]
        for (name, text) in usersOwn { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Folder.generated.swift"), withIntermediateDirectories: false)

        let schema = repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path
        let result = try run(["generate", schema, "--output", folder.path])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(result.output.contains("wrote 35 of 35 files to \(folder.path); removed 1 stale generated file in "), result.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: older.path))
        for (name, text) in usersOwn {
            XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8), text, name)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Folder.generated.swift").path))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".generated.swift") }
        XCTAssertEqual(Set(names), Set(SwiftRenderer.fileNames + ["Notes.generated.swift", "Folder.generated.swift"]))

        let again = try run(["generate", schema, "--output", folder.path])
        XCTAssertFalse(again.output.contains("removed"), again.output)
    }

    func testLintAcceptsTheBundledSchemas() throws {
        let schema = repositoryRoot.appendingPathComponent("Schemas/whitelabelpay.yaml").path
        let result = try run(["lint", schema])
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertEqual(result.errors, "")
        // Issue 25 line 12: a clean run says so on standard output.
        XCTAssertEqual(result.output, "\(schema): ok, no problems\n")
    }

    func testLintSummaryCountsErrorsAndWarnings() {
        let at = SourceLocation(file: "x.yaml", line: 1, column: 1)
        let warning = Diagnostic(.warning, "w", at: at)
        let error = Diagnostic(.error, "e", at: at)
        XCTAssertEqual(Diagnostic.lintSummary(of: "x.yaml", []), "x.yaml: ok, no problems")
        XCTAssertEqual(Diagnostic.lintSummary(of: "x.yaml", [warning]), "x.yaml: ok, 1 warning")
        XCTAssertEqual(Diagnostic.lintSummary(of: "x.yaml", [error, error, warning, warning]), "x.yaml: 2 errors, 2 warnings")
    }
}
