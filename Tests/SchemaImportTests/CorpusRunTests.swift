import ClientProof
import Foundation
import SchemaImport
import SchemaModel
import SchemaSandbox
import TestSupport
import XCTest

/// Running, not only compiling (issue 27 line 4): every operation of every imported corpus document is
/// called once by its generated client against the sandbox serving that document's imported schema.
/// The driver (`ProofCallerWriter` with `callsEveryOperation`, the diff proof's caller) passes the
/// values the sandbox synthesizes for every required parameter and the body (corpus documents have no
/// examples), the credentials every scheme needs (dummy values); the sandbox validates the request as
/// `schema-check traffic` does and answers with a value of the response type, which the client must
/// decode and read back as sent (the misread check: every key, unions and recursive types included).
///
/// With RUN_CORPUS_RUN=1 it runs every document but the two largest (their build takes most of the
/// time); RUN_CORPUS_RUN=all runs all fifteen (Scripts/corpus-run.sh). It prints a table per document
/// (operations, called, passed) and every failure, and fails on any operation that does not pass unless
/// `expectedFailures` lists it (printed on every run; an entry whose operation passes fails too, so the
/// list only shrinks). The package of clients is built once in .build/corpus-run-small (all fifteen:
/// .build/corpus-run), incrementally.
final class CorpusRunTests: XCTestCase {
    /// Left out of RUN_CORPUS_RUN=1: github-ghes-3.0 (664 operations, 896 types) and box (262 operations, 866 types).
    static let largeDocuments: Set<String> = ["github-ghes-3.0.yaml", "box.json"]

    /// Operations known not to pass, by "document operation", and why (each a defect to fix elsewhere, or
    /// what the document itself makes impossible). Printed on every run.
    static let expectedFailures: [String: String] = {
        // Box gives several operations one method and path, told apart only by a `#fragment`, which is never
        // sent (`PUT /files/{file_id}#add_shared_link`, `#update_shared_link`, `#remove_shared_link`); the
        // importer keeps each, noting the fragment. With synthesized values (required fields only) their
        // requests are the same bytes, so the sandbox serves the first of them, which then counts every
        // call: neither it nor the others reach their own route once.
        let sameRequest =
            "Box declares it with the same method and path as %@ (told apart by a #fragment, never sent) and a body with no required field that differs: the run's requests are identical, so the sandbox serves one operation for all"
        var failures: [String: String] = [:]
        for (group, operations) in [
            ("PUT /files/{file_id}", ["putFilesIdAddSharedLink", "putFilesIdUpdateSharedLink", "putFilesIdRemoveSharedLink"]),
            ("PUT /folders/{folder_id}", ["putFoldersIdAddSharedLink", "putFoldersIdUpdateSharedLink", "putFoldersIdRemoveSharedLink"]),
            ("PUT /web_links/{web_link_id}", ["putWebLinksIdAddSharedLink", "putWebLinksIdUpdateSharedLink", "putWebLinksIdRemoveSharedLink"]),
            (
                "PUT /metadata_templates/enterprise/securityClassification-6VMVochwUWo/schema",
                [
                    "putMetadataTemplatesEnterpriseSecurityClassification6VMVochwUWoSchemaAdd",
                    "putMetadataTemplatesEnterpriseSecurityClassification6VMVochwUWoSchemaUpdate",
                ]
            ),
        ] {
            for operation in operations {
                failures["box.json \(operation)"] = sameRequest.replacingOccurrences(
                    of: "%@", with: "\(operations.filter { $0 != operation }.joined(separator: ", ")) (\(group))")
            }
        }
        return failures
    }()

    struct Outcome {
        var document: String
        var operations: Int
        var called = 0
        var passed: [String] = []
        /// Operation name → why it failed.
        var failures: [String: String] = [:]
    }

    func testEveryOperationOfEveryCorpusDocumentRunsAgainstTheSandbox() async throws {
        let selection = ProcessInfo.processInfo.environment["RUN_CORPUS_RUN"]
        guard selection == "1" || selection == "all" else {
            throw XCTSkip(
                "set RUN_CORPUS_RUN=1 to call every operation of the corpus documents against the sandbox (all but the two largest), RUN_CORPUS_RUN=all for all fifteen"
            )
        }
        let started = Date()
        let documents = try corpusDocuments().filter { selection == "all" || !Self.largeDocuments.contains($0.name) }
        let package = ClientPackage(
            // One folder per selection, so switching between them rebuilds neither.
            name: "CorpusRun", root: repositoryRoot.appendingPathComponent(selection == "all" ? ".build/corpus-run" : ".build/corpus-run-small"),
            repository: repositoryRoot,
            modules: documents.map { document in
                ClientPackage.Module(
                    name: document.module, schema: document.schema,
                    caller: ProofCallerWriter(schema: document.schema, callsEveryOperation: true, writesSourceUsage: false).files())
            })
        try package.write()
        let driver = try package.build().appendingPathComponent("proof-driver")
        let built = Date()

        var outcomes: [Outcome] = []
        for document in documents {
            outcomes.append(try await run(document, driver: driver))
        }
        print(Self.table(outcomes))
        print(
            "corpus run: \(documents.count) documents; build \(Int(built.timeIntervalSince(started))) s, runs \(Int(Date().timeIntervalSince(built))) s"
        )

        let ran = Set(documents.map(\.name))
        for (key, why) in Self.expectedFailures.sorted(by: { $0.key < $1.key }) where ran.contains(String(key.prefix { $0 != " " })) {
            print("EXPECTED FAILURE \(key): \(why)")
        }
        let failed = outcomes.flatMap { outcome in outcome.failures.map { ("\(outcome.document) \($0.key)", $0.value) } }
        let unexpected = failed.filter { Self.expectedFailures[$0.0] == nil }.map { "\($0.0): \($0.1)" }.sorted()
        XCTAssertEqual(unexpected, [], "operations that do not pass and are not expected to fail:\n" + unexpected.joined(separator: "\n"))
        let passed = Set(outcomes.flatMap { outcome in outcome.passed.map { "\(outcome.document) \($0)" } })
        let stale = Self.expectedFailures.keys.filter(passed.contains).sorted()
        XCTAssertEqual(stale, [], "expected to fail but passed: remove them from CorpusRunTests.expectedFailures")
    }

    /// The driver of the largest document, GitHub's 664 operations, is many small functions in files of
    /// bounded size: in one function (and file) its build was killed for memory before it ever ran.
    /// Every operation is called from exactly one function of its own, and the one-source form (the diff
    /// proof's source check) holds the same calls.
    func testTheDriverOfALargeDocumentIsSmallFunctionsInFilesOfBoundedSize() throws {
        let result = OpenAPIImport.importDocument(path: CorpusImportTests.corpus.appendingPathComponent("github-ghes-3.0.yaml").path)
        let schema = try XCTUnwrap(result.schema.flatMap { SchemaLoader.load(text: $0, file: "github-ghes-3.0.imported.yaml").schema })
        let writer = ProofCallerWriter(schema: schema, callsEveryOperation: true, writesSourceUsage: false)
        let files = writer.files()

        let parts = files.filter { $0.name.hasPrefix("ProofCallerPart") }
        XCTAssertEqual(parts.count, (schema.operations.count + ProofCallerWriter.operationsPerFile - 1) / ProofCallerWriter.operationsPerFile)
        let functions = files.flatMap { file in Self.functions(in: file.contents).map { (file: file.name, function: $0) } }
        for file in files {
            let calls = functions.filter { $0.file == file.name && Self.isOperationCall($0.function.name) }
            XCTAssertLessThanOrEqual(calls.count, ProofCallerWriter.operationsPerFile, file.name)
        }
        // The longest function: one operation's calls (a body synthesized inline can be long), or a part's
        // list of its operations; never all of them.
        let longest = functions.max { $0.function.body.count < $1.function.body.count }
        XCTAssertLessThan(longest?.function.body.count ?? 0, 120, "\(longest?.file ?? "") \(longest?.function.name ?? "")")
        // Which functions call each operation: the operations whose result label (`"name/synthesized: `) they write.
        var callers: [String: Set<String>] = [:]
        for (file, function) in functions {
            for operation in Self.calledOperations(in: function.body) { callers[operation, default: []].insert("\(file) \(function.name)") }
        }
        let inOneSource = Set(Self.calledOperations(in: writer.render().split(separator: "\n")))
        for operation in schema.operations {
            let found = callers[operation.name] ?? []
            XCTAssertEqual(found.count, 1, "\(operation.name) is called from one function: \(found.sorted())")
            XCTAssertTrue(found.allSatisfy { Self.isOperationCall(String($0.split(separator: " ").last ?? "")) }, operation.name)
            XCTAssertTrue(inOneSource.contains(operation.name), "\(operation.name) in the one-source form")
        }
        XCTAssertEqual(Set(callers.keys), Set(schema.operations.map(\.name)))
    }

    /// The operations whose result label (`"name/synthesized: `) these lines write.
    private static func calledOperations(in lines: [Substring]) -> [String] {
        lines.compactMap { line in
            guard let end = line.range(of: "/synthesized: "), let start = line[..<end.lowerBound].lastIndex(of: "\"") else { return nil }
            return String(line[line.index(after: start)..<end.lowerBound])
        }
    }

    /// `proofCall<n>`: the function of one operation's calls.
    private static func isOperationCall(_ name: String) -> Bool {
        name.hasPrefix("proofCall") && name.dropFirst("proofCall".count).allSatisfy(\.isNumber)
    }

    /// Each top-level function of a Swift source (a `func` line at column 0 to the next `}` at column 0).
    private static func functions(in source: String) -> [(name: String, body: [Substring])] {
        var found: [(name: String, body: [Substring])] = []
        var current: (name: String, body: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if let range = line.range(of: "func "), !line.hasPrefix(" ") {
                current = (String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber }), [])
            } else if line == "}", let function = current {
                found.append(function)
                current = nil
            } else {
                current?.body.append(line)
            }
        }
        return found
    }

    // MARK: Documents

    struct Document {
        var name: String
        var module: String
        var schema: Schema
    }

    /// Every corpus document, imported and loaded (CorpusImportTests checks that this is clean).
    private func corpusDocuments() throws -> [Document] {
        let files = try FileManager.default.contentsOfDirectory(atPath: CorpusImportTests.corpus.path)
            .filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }.sorted()
        return try files.map { name in
            let result = OpenAPIImport.importDocument(path: CorpusImportTests.corpus.appendingPathComponent(name).path)
            guard let text = result.schema else {
                throw ProofError("\(name) does not import: \(result.diagnostics.filter { $0.severity == .error }.map(\.description))")
            }
            let loaded = SchemaLoader.load(text: text, file: name + ".imported.yaml")
            guard let schema = loaded.schema else { throw SchemaError(diagnostics: loaded.diagnostics) }
            return Document(name: name, module: ClientPackage.moduleName(name.split(separator: ".")[0].description, prefix: "Run"), schema: schema)
        }
    }

    // MARK: Running

    /// Serves the document's schema, runs its driver (one line per operation: `name/synthesized: ok` or
    /// `…: failed: why`) and says for each failure whether the sandbox rejected the request (its status
    /// and the problems its answer lists) or the client did not read the answer.
    private func run(_ document: Document, driver: URL) async throws -> Outcome {
        let server = SandboxServer(schema: document.schema)
        try await server.start()
        let result: (status: Int32, output: String)
        do {
            result = try ProcessRunner.run(driver.path, [document.module, server.baseURL.absoluteString])
        } catch {
            await server.stop()
            throw error
        }
        let counts = server.requestCounts()
        var outcome = Outcome(document: document.name, operations: document.schema.operations.count)
        outcome.called = document.schema.operations.filter { (counts[$0.name] ?? 0) > 0 }.count
        var answered: [String: Int] = [:]
        for operation in document.schema.operations {
            answered[operation.name] = server.receivedRequests(operation.name).last?.status
        }
        await server.stop()
        guard result.status == 0 else {
            throw ProofError("proof-driver \(document.module) exited with \(result.status): \(result.output.suffix(2000))")
        }

        var reported: Set<String> = []
        for line in result.output.split(separator: "\n").map(String.init) {
            guard let slash = line.firstIndex(of: "/"), let colon = line.range(of: ": ") else { continue }
            let operation = String(line[..<slash])
            let verdict = String(line[colon.upperBound...])
            reported.insert(operation)
            if verdict == "ok" {
                outcome.passed.append(operation)
                continue
            }
            let why = verdict.hasPrefix("failed: ") ? String(verdict.dropFirst("failed: ".count)) : verdict
            switch answered[operation] {
            case nil:
                outcome.failures[operation] = "never reached the sandbox: \(why)"
            case let status? where status >= 400:
                outcome.failures[operation] = "the sandbox answered \(status): \(why)"
            case let status?:
                outcome.failures[operation] = "the client did not read the \(status) answer: \(why)"
            }
        }
        for operation in document.schema.operations where !reported.contains(operation.name) {
            outcome.failures[operation.name] = "the driver reported no result"
        }
        // Each call must reach its own operation: a request the sandbox routes elsewhere is no pass.
        for name in outcome.passed where (counts[name] ?? 0) != 1 {
            outcome.passed.removeAll { $0 == name }
            outcome.failures[name] = "the sandbox received \(counts[name] ?? 0) requests for it (routed elsewhere?)"
        }
        return outcome
    }

    /// A Markdown table, one row per document, then every failure.
    static func table(_ outcomes: [Outcome]) -> String {
        var lines = ["| document | operations | called | passed |", "|---|---|---|---|"]
        for outcome in outcomes {
            lines.append("| \(outcome.document) | \(outcome.operations) | \(outcome.called) | \(outcome.passed.count) |")
        }
        let total = outcomes.reduce(into: (0, 0, 0)) { $0 = ($0.0 + $1.operations, $0.1 + $1.called, $0.2 + $1.passed.count) }
        lines.append("| **all \(outcomes.count)** | **\(total.0)** | **\(total.1)** | **\(total.2)** |")
        for outcome in outcomes {
            for (operation, why) in outcome.failures.sorted(by: { $0.key < $1.key }) {
                lines.append("FAILED \(outcome.document) \(operation): \(why)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
