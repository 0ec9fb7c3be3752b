import Foundation
import TestSupport
import XCTest

/// Issue 26 line 1: `client-generator` and `schema-check` load a schema and report its diagnostics with
/// one function (`SchemaReport`), and their `lint` commands are one command (`SchemaLint`): the same
/// schema gives the same lines on the same streams and the same exit status, whichever tool runs it.
final class SchemaDiagnosticsAgreementTests: XCTestCase {
    private let schemaCheck = builtExecutable(named: "schema-check")
    private let clientGenerator = builtExecutable(named: "client-generator")

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Does not load: `id: strin` at 8:11.
    private var broken: String { path("Tests/Fixtures/Lint/broken.yaml") }
    /// Loads, but its example at 8:39 is not a date-time: only lint reports it.
    private var badExample: String { path("Tests/Fixtures/Lint/bad-example.yaml") }
    private var whitelabelpay: String { path("Schemas/whitelabelpay.yaml") }
    private var brokenLine: String { "\(broken):8:11: error: unknown type 'strin'; did you mean 'string'?\n" }

    private func missing() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("no-such-schema-\(UUID().uuidString).yaml").path
    }

    func testBothLintCommandsPrintTheSameOnTheSameStreamsAndExitTheSame() throws {
        let schemas = [whitelabelpay, broken, badExample]
        let generator = try runTool(clientGenerator, ["lint"] + schemas)
        let checker = try runTool(schemaCheck, ["lint"] + schemas)
        // Diagnostics on standard error, as a compiler prints them; the verdict per schema on standard output.
        XCTAssertEqual(checker.errors, generator.errors)
        XCTAssertEqual(checker.output, generator.output)
        XCTAssertEqual(checker.status, generator.status)
        XCTAssertEqual(generator.status, 1, "a schema with errors is what lint finds: 1, as a linter exits")
        XCTAssertEqual(generator.output, "\(whitelabelpay): ok, no problems\n\(broken): 1 error\n\(badExample): 1 error\n")
        let exampleLine = "\(badExample):8:39: error: the example of field 'at' of type 'Event' does not match its type"
        XCTAssertTrue(generator.errors.hasPrefix(brokenLine + exampleLine), generator.errors)
        XCTAssertEqual(generator.errors.split(separator: "\n").count, 2, generator.errors)

        // A schema that cannot be read stops the lint from doing its job: 2, whatever else it found.
        let absent = missing()
        let generatorMissing = try runTool(clientGenerator, ["lint", broken, absent])
        let checkerMissing = try runTool(schemaCheck, ["lint", broken, absent])
        XCTAssertEqual(checkerMissing.errors, generatorMissing.errors)
        XCTAssertEqual(checkerMissing.output, generatorMissing.output)
        XCTAssertEqual(checkerMissing.status, generatorMissing.status)
        XCTAssertEqual(generatorMissing.status, 2)
        XCTAssertEqual(generatorMissing.errors, brokenLine + "\(absent): error: cannot read the schema: No such file or directory\n")
        XCTAssertEqual(generatorMissing.output, "\(broken): 1 error\n\(absent): 1 error\n")

        let clean = try runTool(schemaCheck, ["lint", whitelabelpay])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.errors, "")
    }

    func testEveryCommandPrintsASchemasDiagnosticsInOneFormatOnStandardError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let capture = path("Tests/Fixtures/Traffic/whitelabelpay-valid.har")
        let absent = missing()
        let unreadableLine = "\(absent): error: cannot read the schema: No such file or directory\n"
        for (schema, line, failure) in [(broken, brokenLine, "has errors"), (absent, unreadableLine, "cannot be read")] {
            let generate = try runTool(clientGenerator, ["generate", schema, "--output", folder.path])
            XCTAssertEqual(generate.errors, line)
            XCTAssertEqual(generate.status, 1)
            XCTAssertEqual(generate.output, "")

            let validate = try runTool(schemaCheck, ["validate", schema, "--type", "Item", "payload.json"])
            XCTAssertEqual(validate.errors, line + "schema-check: error: the schema \(schema) \(failure); nothing was validated\n")
            XCTAssertEqual(validate.status, 2)
            XCTAssertEqual(validate.output, "")

            let traffic = try runTool(schemaCheck, ["traffic", capture, "--schema", schema])
            XCTAssertEqual(traffic.errors, line + "schema-check: error: the schema \(schema) \(failure); nothing was checked\n")
            XCTAssertEqual(traffic.status, 2)
            XCTAssertEqual(traffic.output, "")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "nothing is generated from a schema that does not load")
    }
}
