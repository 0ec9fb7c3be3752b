import Foundation
import TestSupport
import XCTest

/// `client-generator diff` as a user and CI run it: formats, exit statuses, git revisions, bad input.
final class DiffCommandTests: XCTestCase {
    private let executable = builtExecutable(named: "client-generator")

    private func run(_ arguments: [String]) throws -> ToolRun {
        try runTool(executable, arguments, in: packageRoot)
    }

    private func pair(_ name: String) -> [String] {
        ["Tests/Fixtures/DiffCorpus/\(name)/old.yaml", "Tests/Fixtures/DiffCorpus/\(name)/new.yaml"]
    }

    func testTextListsBothLocationsAndBothVerdicts() throws {
        let result = try run(["diff"] + pair("operation-removed"))
        XCTAssertEqual(result.status, 0, result.errors)
        XCTAssertTrue(
            result.output.contains(
                "Tests/Fixtures/DiffCorpus/operation-removed/old.yaml:54:3 -> Tests/Fixtures/DiffCorpus/operation-removed/new.yaml:-: operation-removed: operation createItem: removed (POST /items)"
            ), result.output)
        XCTAssertTrue(result.output.contains("    wire: breaks deployed clients: deployed clients still call it"), result.output)
        XCTAssertTrue(result.output.contains("    source: breaking: the method is gone"), result.output)
        XCTAssertTrue(result.output.contains("suggested bump: major"), result.output)
    }

    func testJSONHasTheDocumentedKeys() throws {
        let result = try run(["diff", "--format", "json"] + pair("field-wire-name-changed"))
        XCTAssertEqual(result.status, 0, result.errors)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(document["formatVersion"] as? Int, 1)
        XCTAssertEqual(Set(document.keys), ["formatVersion", "old", "new", "summary", "changes"])
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["suggestedBump"] as? String, "major")
        XCTAssertEqual(summary["breaksClients"] as? Int, 1)
        XCTAssertEqual(summary["breaksProducers"] as? Int, 1)
        XCTAssertEqual(summary["breaksSource"] as? Int, 0)
        let change = try XCTUnwrap((document["changes"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(change.keys), ["rule", "subject", "detail", "old", "new", "wire", "source"])
        XCTAssertEqual(change["rule"] as? String, "field-wire-name-changed")
        XCTAssertEqual((change["wire"] as? [String: Any])?["verdict"] as? String, "breaks-both")
        XCTAssertEqual((change["source"] as? [String: Any])?["verdict"] as? String, "compatible")
        let new = try XCTUnwrap(change["new"] as? [String: Any])
        XCTAssertEqual(new["line"] as? Int, 27)
        XCTAssertEqual(new["column"] as? Int, 7)
    }

    func testMarkdownReleaseNotesGroupByAudience() throws {
        let result = try run(["diff", "--format", "markdown"] + pair("seed-bsa-0.11.1-operation-renamed"))
        XCTAssertEqual(result.status, 0, result.errors)
        // Schema text is escaped (MarkdownEscapingTests): `1\.0` renders as 1.0.
        XCTAssertTrue(result.output.hasPrefix(#"# Corpus 1\.0"# + "\n"), result.output)
        XCTAssertTrue(result.output.contains("Suggested version bump of the generated library: **major**."), result.output)
        XCTAssertTrue(
            result.output.contains("## Breaking for apps already in the field\n\n" + #"- type OTPSendRequest\.field bundleIdentifier: "#), result.output)
        XCTAssertTrue(result.output.contains("## Breaking for Swift code that calls the library"), result.output)
        XCTAssertTrue(
            result.output.contains("- operation requestSendOTPNumber: renamed from requestOTPNumberSend — the method has a new name. (`operation-renamed`)"),
            result.output)
    }

    func testFailOnSetsTheExitStatusPerAxis() throws {
        // A removed optional field: wire-compatible, source-breaking.
        let arguments = ["diff"] + pair("response-field-removed-optional")
        XCTAssertEqual(try run(arguments + ["--fail-on", "wire"]).status, 0)
        XCTAssertEqual(try run(arguments + ["--fail-on", "source"]).status, 1)
        XCTAssertEqual(try run(arguments + ["--fail-on", "any"]).status, 1)
        XCTAssertEqual(try run(["diff", "--fail-on", "wire"] + pair("parameter-moved")).status, 1)
        XCTAssertEqual(try run(["diff", "--fail-on", "any"] + pair("cache-changed")).status, 0)
    }

    func testIdenticalSchemasExitZeroWithNoChanges() throws {
        let result = try run(["diff", "--fail-on", "any"] + pair("identical"))
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.contains(": 0 changes;"), result.output)
        XCTAssertTrue(result.output.contains("suggested bump: none"), result.output)
    }

    func testAGitRevisionIsReadWithGitShow() throws {
        let result = try run(["diff", "HEAD:Schemas/finaptic.yaml", "Schemas/finaptic.yaml", "--format", "json"])
        guard result.status == 0 else {
            // Not a git checkout (a source archive): the error must say so, not crash.
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.errors.contains("cannot read the schema from git"), result.errors)
            return
        }
        XCTAssertTrue(result.output.contains("\"file\" : \"HEAD:Schemas/finaptic.yaml\""), result.output)
    }

    func testASchemaFromGitReadsItsExampleFilesFromTheSameRevision() throws {
        // WhitelabelPay keeps some examples in files next to the schema (`$file:`).
        let result = try run(["diff", "HEAD:Schemas/whitelabelpay.yaml", "Schemas/whitelabelpay.yaml"])
        guard result.status == 0 else {
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.errors.contains("cannot read the schema from git"), result.errors)
            XCTAssertFalse(result.errors.contains("cannot read example file"), result.errors)
            return
        }
        XCTAssertTrue(result.output.contains(": 0 changes;"), result.output)
        XCTAssertEqual(result.errors, "")
    }

    func testUnreadableFilesAndBadRevisionsExitTwo() throws {
        let missing = try run(["diff", "no/such/old.yaml", "Schemas/finaptic.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.output, "")
        XCTAssertTrue(missing.errors.contains("no/such/old.yaml: error: cannot read the schema: no such file"), missing.errors)
        let badRevision = try run(["diff", "no-such-revision-xyz:Schemas/finaptic.yaml", "Schemas/finaptic.yaml"])
        XCTAssertEqual(badRevision.status, 2)
        XCTAssertTrue(badRevision.errors.contains("no-such-revision-xyz:Schemas/finaptic.yaml: error: cannot read the schema from git"), badRevision.errors)
    }

    /// Issue 25 line 7: a revision is never passed to git as an option (`git show --output=…` wrote a file).
    func testARevisionStartingWithADashIsRefusedAndGitWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("x")
        for revision in ["--output=\(target.path)", "--textconv"] {
            // With git show, the first wrote the log of HEAD to `<folder>/x:foo.yaml`.
            let argument = "\(revision):foo.yaml"
            let result = try run(["diff", "--", argument, "Schemas/finaptic.yaml"])
            XCTAssertEqual(result.status, 2, result.output + result.errors)
            XCTAssertEqual(result.output, "")
            XCTAssertTrue(
                result.errors.contains("\(argument): error: cannot read the schema from git: the revision '\(revision)' starts with '-'"), result.errors)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "git wrote nothing")
    }

    func testSchemasWithErrorsReportBothSidesAndExitTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.yaml")
        let new = folder.appendingPathComponent("new.yaml")
        try "api: A\nversion: \"1\"\nenvironments: { local: { url: \"http://x\" } }\ntypes:\n  T: { fields: { a: Missing } }\n".write(
            to: old, atomically: true, encoding: .utf8)
        try "api: A\nversion: \"2\"\nenvironments: { local: { url: \"http://x\" } }\noperations:\n  op: { http: GET /x, response: Nope }\n".write(
            to: new, atomically: true, encoding: .utf8)
        let result = try run(["diff", old.path, new.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.contains("\(old.path):5:"), result.errors)
        XCTAssertTrue(result.errors.contains("\(new.path):5:"), result.errors)
    }
}
