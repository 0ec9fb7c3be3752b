import Foundation
import TestSupport
import XCTest

/// The `schema-check` executable, run as a user runs it: real processes, real files, a timeout so a
/// hang fails the test instead of stalling the suite.
final class SchemaCheckTests: XCTestCase {
    private let executable = builtExecutable(named: "schema-check")

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private var whitelabelpay: String { root.appendingPathComponent("Schemas/whitelabelpay.yaml").path }
    private var kitchenSink: String { root.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs schema-check; fails the test (and kills the process) after `timeout` seconds.
    private func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil,
        timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let folder = try temporaryFolder()
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        XCTAssertTrue(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        XCTAssertTrue(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        let input = Pipe()
        process.standardInput = input
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            XCTFail("schema-check \(arguments.joined(separator: " ")) did not finish in \(timeout) s", file: file, line: line)
            _ = finished.wait(timeout: .now() + 5)
        }
        try outHandle.close()
        try errHandle.close()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    private var folders: [URL] = []

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("schema-check-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    @discardableResult
    private func write(_ text: String, to name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let validTransaction =
        #"{"id":"3f1c2a9e-8b4d-4c1e-9f6a-2d7e5b8c9a01","paymentMeansId":"6bac7eea-c120-428d-beb6-910c6f290434","type":"PAYMENT","status":"SUCCEEDED","amount":23.45,"currency":"EUR","createdAt":"2024-05-31T10:00:00Z"}"#
    /// Three errors (id, amount, currency) and one unknown enum value (type).
    static let badTransaction =
        #"{"id":"nope","paymentMeansId":"6bac7eea-c120-428d-beb6-910c6f290434","type":"GIFT","status":"SUCCEEDED","amount":-1,"currency":"eur","createdAt":"2024-05-31T10:00:00Z"}"#
    static let unknownEnumTransaction =
        #"{"id":"3f1c2a9e-8b4d-4c1e-9f6a-2d7e5b8c9a01","paymentMeansId":"6bac7eea-c120-428d-beb6-910c6f290434","type":"PAYMENT","status":"ON_HOLD","amount":1,"currency":"EUR","createdAt":"2024-05-31T10:00:00Z"}"#

    // MARK: Criterion 1: inputs, every violation, exit codes, formats

    func testValidFileExitsZero() throws {
        let folder = try temporaryFolder()
        let file = try write(Self.validTransaction, to: "tx.json", in: folder)
        let result = try run(["validate", whitelabelpay, "--type", "Transaction", file])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.contains("checked 1 payload: 1 valid, 0 invalid, 0 warnings"), result.errors)
    }

    func testValidateIsTheDefaultSubcommand() throws {
        let folder = try temporaryFolder()
        let file = try write(Self.validTransaction, to: "tx.json", in: folder)
        let result = try run([whitelabelpay, "--type", "Transaction", file])
        XCTAssertEqual(result.status, 0, result.errors)
    }

    func testEveryViolationIsReportedWithPointerExpectationAndRule() throws {
        let folder = try temporaryFolder()
        let file = try write(Self.badTransaction, to: "bad.json", in: folder)
        let result = try run(["validate", whitelabelpay, "--type", "Transaction", file])
        XCTAssertEqual(result.status, 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, 3, result.output)
        XCTAssertTrue(lines.contains("\(file):/amount: error: expected a number ≥ 0, found number -1 (rule: \(whitelabelpay):507:3)"), result.output)
        XCTAssertTrue(
            errors.contains { $0.hasPrefix("\(file):/id: error: expected UUID string") && $0.hasSuffix("(rule: \(whitelabelpay):579:7)") }, result.output)
        XCTAssertTrue(errors.contains { $0.hasPrefix("\(file):/currency: error: expected a string matching ^[A-Z]{3}$, found string \"eur\"") }, result.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("\(file):/type: warning: string \"GIFT\"") }, result.output)
        XCTAssertTrue(result.errors.contains("checked 1 payload: 0 valid, 1 invalid, 1 warning"), result.errors)
    }

    func testFolderIsSearchedRecursivelyInSortedOrder() throws {
        let folder = try temporaryFolder()
        try write(Self.badTransaction, to: "b/2.json", in: folder)
        try write(Self.validTransaction, to: "a.json", in: folder)
        try write(Self.validTransaction + "\n" + Self.badTransaction + "\n", to: "b/1.ndjson", in: folder)
        try write("not a payload", to: "notes.txt", in: folder)
        let result = try run(["validate", whitelabelpay, "--type", "Transaction", "--color", "never", folder.path])
        XCTAssertEqual(result.status, 1)
        var sources: [String] = []
        for line in result.output.split(separator: "\n") {
            let source = line.components(separatedBy: ":/").first!
            if sources.last != source { sources.append(source) }
        }
        XCTAssertEqual(sources, ["\(folder.path)/b/1.ndjson:2", "\(folder.path)/b/2.json"], result.output)
        XCTAssertTrue(result.errors.contains("checked 4 payloads: 2 valid, 2 invalid, 2 warnings"), result.errors)
    }

    func testStandardInputAndDash() throws {
        let noPath = try run(["validate", whitelabelpay, "--type", "Transaction"], stdin: Data(Self.badTransaction.utf8))
        XCTAssertEqual(noPath.status, 1)
        XCTAssertTrue(noPath.output.contains("<stdin>:/amount: error:"), noPath.output)
        let dash = try run(["validate", whitelabelpay, "--type", "Transaction", "-"], stdin: Data(Self.validTransaction.utf8))
        XCTAssertEqual(dash.status, 0, dash.output)
    }

    func testNDJSONReportsLineNumbers() throws {
        let text = [Self.validTransaction, "", Self.badTransaction, "{\"id\": 1,,}"].joined(separator: "\n") + "\n"
        let piped = try run(["validate", whitelabelpay, "--type", "Transaction", "--ndjson"], stdin: Data(text.utf8))
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.output.contains("<stdin>:3:/amount: error: expected a number ≥ 0"), piped.output)
        XCTAssertTrue(piped.output.contains("<stdin>:4:10: error: invalid JSON:"), piped.output)
        XCTAssertTrue(piped.errors.contains("checked 3 payloads: 1 valid, 2 invalid, 1 warning"), piped.errors)

        let folder = try temporaryFolder()
        let file = try write(text, to: "events.jsonl", in: folder)
        let fromFile = try run(["validate", whitelabelpay, "--type", "Transaction", file])
        XCTAssertTrue(fromFile.output.contains("\(file):3:/currency: error:"), fromFile.output)
    }

    func testTypeExpressionRequestAndResponse() throws {
        let folder = try temporaryFolder()
        let list = try write("[\(Self.validTransaction),\(Self.badTransaction)]", to: "list.json", in: folder)
        let asList = try run([whitelabelpay, "--type", "[Transaction]", list])
        XCTAssertEqual(asList.status, 1)
        XCTAssertTrue(asList.output.contains("\(list):/1/amount: error:"), asList.output)

        let page = try write(
            #"{"content":[\#(Self.badTransaction)],"number":1,"size":1,"numberOfElements":1,"totalElements":1,"totalPages":1,"first":true,"last":true}"#,
            to: "page.json", in: folder)
        let response = try run([whitelabelpay, "--response", "fetchTransactions", page])
        XCTAssertEqual(response.status, 1)
        XCTAssertTrue(response.output.contains("\(page):/content/0/amount: error: expected a number ≥ 0, found number -1"), response.output)

        let errorBody = try run([whitelabelpay, "--response", "fetchTransactions", "--status", "404"], stdin: Data("[]".utf8))
        XCTAssertEqual(errorBody.status, 1)
        XCTAssertTrue(errorBody.output.contains("ErrorBody"), "checked against the error body type: " + errorBody.output)

        let item = try write(#"{"sku":"a b","name":"Apple","discontinuedAt":null,"quantity":0}"#, to: "item.json", in: folder)
        let request = try run([kitchenSink, "--request", "createItem", item])
        XCTAssertEqual(request.status, 1)
        XCTAssertTrue(request.output.contains("\(item):/sku: error:"), request.output)
        XCTAssertTrue(request.output.contains("\(item):/quantity: error:"), request.output)

        let noBody = try run([whitelabelpay, "--request", "fetchTransactions", item])
        XCTAssertEqual(noBody.status, 2)
        XCTAssertTrue(noBody.errors.contains("operation 'fetchTransactions' has no request body"), noBody.errors)
        let noResponse = try run([kitchenSink, "--response", "deleteItem", item])
        XCTAssertEqual(noResponse.status, 2)
        XCTAssertTrue(noResponse.errors.contains("has no response type"), noResponse.errors)
    }

    func testDeepTypeExpressionIsRejectedAtOnce() throws {
        // Parsing used to be quadratic in depth (119 s for this one) before overflowing the stack.
        let deep = String(repeating: "[", count: 30_000) + "int" + String(repeating: "]", count: 30_000)
        let result = try run([whitelabelpay, "--type", deep], stdin: Data("[]".utf8), timeout: 10)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("nests lists and maps more than 12 levels deep"), result.errors)
        XCTAssertLessThan(result.errors.count, 300, "the expression is shortened in the message")
    }

    func testUsageErrorsExitTwo() throws {
        let folder = try temporaryFolder()
        let file = try write(Self.validTransaction, to: "tx.json", in: folder)
        let unknownType = try run([whitelabelpay, "--type", "Transactoin", file])
        XCTAssertEqual(unknownType.status, 2)
        XCTAssertTrue(
            unknownType.errors.contains("unknown type 'Transactoin'") && unknownType.errors.contains("did you mean 'Transaction'?"), unknownType.errors)
        XCTAssertEqual(try run([whitelabelpay, file]).status, 2, "no type given")
        XCTAssertEqual(try run([whitelabelpay, "--type", "Transaction", "--request", "x", file]).status, 2)
        let badOption = try run([whitelabelpay, "--type", "Transaction", "--bogus", file])
        XCTAssertEqual(badOption.status, 2)
        XCTAssertTrue(badOption.errors.contains("Unknown option '--bogus'"), badOption.errors)
        XCTAssertEqual(try run([whitelabelpay, "--type", "Transaction", "--format", "xml", file]).status, 2)
    }

    func testJSONFormatHasTheDocumentedShape() throws {
        let folder = try temporaryFolder()
        let good = try write(Self.validTransaction, to: "a.json", in: folder)
        let bad = try write(Self.badTransaction, to: "b.json", in: folder)
        let result = try run([whitelabelpay, "--type", "Transaction", "--format", "json", good, bad])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.errors, "", "no summary line on stderr in JSON mode")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        XCTAssertEqual(document["schema"] as? String, whitelabelpay)
        XCTAssertEqual(document["type"] as? String, "Transaction")
        let payloads = try XCTUnwrap(document["payloads"] as? [[String: Any]])
        XCTAssertEqual(payloads.count, 2)
        XCTAssertEqual(payloads[0]["source"] as? String, good)
        XCTAssertEqual(payloads[0]["valid"] as? Bool, true)
        XCTAssertEqual(payloads[1]["valid"] as? Bool, false)
        XCTAssertNil(payloads[1]["line"], "line only for NDJSON")
        let issues = try XCTUnwrap(payloads[1]["issues"] as? [[String: Any]])
        XCTAssertEqual(issues.count, 4)
        let amount = try XCTUnwrap(issues.first { $0["pointer"] as? String == "/amount" })
        XCTAssertEqual(amount["severity"] as? String, "error")
        XCTAssertEqual(amount["kind"] as? String, "constraint")
        XCTAssertEqual(amount["expected"] as? String, "a number ≥ 0")
        XCTAssertEqual(amount["found"] as? String, "number -1")
        XCTAssertNotNil(amount["message"] as? String)
        let rule = try XCTUnwrap(amount["rule"] as? [String: Any])
        XCTAssertEqual(rule["file"] as? String, whitelabelpay)
        XCTAssertEqual(rule["line"] as? Int, 507)
        XCTAssertEqual(rule["column"] as? Int, 3)
        let summary = try XCTUnwrap(document["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["payloads": 2, "valid": 1, "invalid": 1, "warnings": 1])

        let ndjson = try run(
            [whitelabelpay, "--type", "Transaction", "--format", "json", "--ndjson", "--quiet"],
            stdin: Data((Self.validTransaction + "\n" + Self.badTransaction + "\n").utf8))
        let quiet = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ndjson.output.utf8)) as? [String: Any])
        let listed = try XCTUnwrap(quiet["payloads"] as? [[String: Any]])
        XCTAssertEqual(listed.count, 1, "--quiet lists only payloads with issues")
        XCTAssertEqual(listed[0]["line"] as? Int, 2)
        XCTAssertEqual((quiet["summary"] as? [String: Int])?["payloads"], 2)
    }

    func testQuietPrintsOnlyTheSummary() throws {
        let result = try run([whitelabelpay, "--type", "Transaction", "--quiet"], stdin: Data(Self.badTransaction.utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.errors.contains("checked 1 payload: 0 valid, 1 invalid"), result.errors)
    }

    func testColourOnlyWhenAskedOrOnATerminal() throws {
        let payload = Data(Self.badTransaction.utf8)
        let piped = try run([whitelabelpay, "--type", "Transaction"], stdin: payload)
        XCTAssertFalse(piped.output.contains("\u{1B}["), "not a terminal: no colour")
        let always = try run([whitelabelpay, "--type", "Transaction", "--color", "always"], stdin: payload)
        XCTAssertTrue(always.output.contains("\u{1B}[1;31merror:\u{1B}[0m"), always.output)
        XCTAssertTrue(always.output.contains("\u{1B}[1;33mwarning:\u{1B}[0m"), always.output)
        let never = try run([whitelabelpay, "--type", "Transaction", "--color", "never"], stdin: payload)
        XCTAssertFalse(never.output.contains("\u{1B}["))
    }

    func testHelpHasExamples() throws {
        let root = try run(["--help"])
        XCTAssertEqual(root.status, 0)
        XCTAssertTrue(root.output.contains("Examples:"), root.output)
        XCTAssertTrue(root.output.contains("schema-check lint Schemas/*.yaml"), root.output)
        let validate = try run(["validate", "--help"])
        XCTAssertTrue(validate.output.contains("--strict-enums"), validate.output)
        XCTAssertTrue(validate.output.contains("schema-check validate api.yaml --request createItem"), validate.output)
    }

    // MARK: Criterion 2: unknown enum values

    func testUnknownEnumValuesWarnByDefaultAndFailWithStrictEnums() throws {
        let payload = Data(Self.unknownEnumTransaction.utf8)
        let lenient = try run([whitelabelpay, "--type", "Transaction"], stdin: payload)
        XCTAssertEqual(lenient.status, 0, lenient.output)
        XCTAssertTrue(lenient.output.contains("<stdin>:/status: warning: string \"ON_HOLD\" is not a value of enum TransactionStatus"), lenient.output)
        XCTAssertTrue(lenient.errors.contains("1 valid, 0 invalid, 1 warning"), lenient.errors)
        let strict = try run([whitelabelpay, "--type", "Transaction", "--strict-enums"], stdin: payload)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.output.contains("<stdin>:/status: error: string \"ON_HOLD\""), strict.output)
    }

    // MARK: Criterion 3: lint

    func testLintAcceptsTheRepositorySchemas() throws {
        let result = try run(["lint", whitelabelpay, kitchenSink])
        XCTAssertEqual(result.status, 0, result.output + result.errors)
        // Issue 25 line 12: a clean run says so, one line per schema.
        XCTAssertEqual(result.output, "\(whitelabelpay): ok, no problems\n\(kitchenSink): ok, no problems\n")
    }

    /// Does not load: `id: strin` at 8:11 (shared with GeneratorCommandTests).
    private var broken: String { root.appendingPathComponent("Tests/Fixtures/Lint/broken.yaml").path }

    func testLintSummarisesABrokenSchemaAfterItsDiagnostics() throws {
        let result = try run(["lint", whitelabelpay, broken])
        XCTAssertEqual(result.status, 1, "a schema with errors is what lint finds (docs/SchemaCheck.md, Linting schemas)")
        XCTAssertEqual(result.errors, "\(broken):8:11: error: unknown type 'strin'; did you mean 'string'?\n")
        XCTAssertEqual(result.output, "\(whitelabelpay): ok, no problems\n\(broken): 1 error\n")
    }

    func testLintReportsBrokenSchemasInCompilerFormat() throws {
        let folder = try temporaryFolder()
        let result = try run(["lint", broken])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("\(broken):8:11: error: unknown type 'strin'; did you mean 'string'?"), result.errors)
        let missing = try run(["lint", folder.appendingPathComponent("nothere.yaml").path])
        XCTAssertEqual(missing.status, 2, "a schema that cannot be read is not a lint finding")
        XCTAssertTrue(missing.errors.contains("nothere.yaml: error: cannot read the schema: No such file or directory"), missing.errors)
    }

    // MARK: Criterion 6: bad input never crashes or hangs

    func testEmptyFile() throws {
        let folder = try temporaryFolder()
        let file = try write("", to: "empty.json", in: folder)
        let result = try run([whitelabelpay, "--type", "Transaction", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("\(file):1:1: error: empty input: expected a JSON value"), result.output)
        let lines = try write("\n\n", to: "empty.ndjson", in: folder)
        let ndjson = try run([whitelabelpay, "--type", "Transaction", lines])
        XCTAssertEqual(ndjson.status, 0, "an empty NDJSON file holds no payloads")
        XCTAssertTrue(ndjson.errors.contains("checked 0 payloads"), ndjson.errors)
    }

    func testInvalidJSONGivesLineAndColumn() throws {
        let folder = try temporaryFolder()
        let file = try write("{\n  \"id\": 1,\n  \"amount\": 01\n}", to: "broken.json", in: folder)
        let result = try run([whitelabelpay, "--type", "Transaction", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.hasPrefix("\(file):3:"), result.output)
        XCTAssertTrue(result.output.contains("error: invalid JSON:"), result.output)
    }

    func testDeeplyNestedJSON() throws {
        let folder = try temporaryFolder()
        let file = try write(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), to: "deep.json", in: folder)
        let result = try run([whitelabelpay, "--type", "Transaction", file], timeout: 20)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("nested too deeply: more than 512"), result.output)
        let deepObject = String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let piped = try run([whitelabelpay, "--type", "Transaction", "--ndjson"], stdin: Data(deepObject.utf8), timeout: 20)
        XCTAssertEqual(piped.status, 1)
        XCTAssertTrue(piped.output.contains("<stdin>:1:"), piped.output)
    }

    func testNumbersTooLargeForAnySwiftType() throws {
        let folder = try temporaryFolder()
        let huge = String(repeating: "9", count: 400)
        let file = try write(
            #"{"sku":"A1","name":"Apple","discontinuedAt":null,"quantity":\#(huge),"price":\#(huge),"weight":1e400}"#, to: "big.json", in: folder)
        let result = try run([kitchenSink, "--type", "Item", file])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("\(file):/quantity: error: expected integer in int32 range"), result.output)
        XCTAssertTrue(result.output.contains("\(file):/price: error:"), result.output)
        XCTAssertTrue(result.output.contains("\(file):/weight: error:"), result.output)
        let amount = try run(
            [whitelabelpay, "--type", "TransactionResponse"],
            stdin: Data(#"{"content":[],"number":1,"size":1,"numberOfElements":0,"totalElements":\#(huge),"totalPages":1,"first":true,"last":true}"#.utf8))
        XCTAssertEqual(amount.status, 1)
        XCTAssertTrue(amount.output.contains("<stdin>:/totalElements: error: expected integer in int64 range"), amount.output)
    }

    func testInvalidUTF8() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("latin1.json")
        try Data([0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]).write(to: url)  // {"id":"é"} in Latin-1
        let result = try run([whitelabelpay, "--type", "Transaction", url.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("\(url.path):1:8: error: not JSON: the input is not valid UTF-8 text"), result.output)
    }

    func testBinaryFile() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("image.json")
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        for index in 0..<4096 { bytes.append(UInt8(truncatingIfNeeded: index &* 7919)) }
        try Data(bytes).write(to: url)
        let result = try run([whitelabelpay, "--type", "Transaction", url.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("error: not JSON: a binary file"), result.output)
        let asLines = try run([whitelabelpay, "--type", "Transaction", "--ndjson", url.path])
        XCTAssertEqual(asLines.status, 1, "every line is a syntax error, and nothing crashes")
    }

    func testMissingFile() throws {
        let folder = try temporaryFolder()
        let good = try write(Self.validTransaction, to: "tx.json", in: folder)
        let missing = folder.appendingPathComponent("x.json").path
        let result = try run([whitelabelpay, "--type", "Transaction", missing, good])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.errors.contains("cannot read \(missing): No such file or directory"), result.errors)
        XCTAssertTrue(result.errors.contains("checked 1 payload: 1 valid"), "the other files are still checked: " + result.errors)
    }

    /// `--max-size` bounds every input: a file larger than the limit is refused by its size, standard input
    /// as soon as reading passes it (so an endless pipe cannot fill memory), and the other inputs are still checked.
    func testAnInputLargerThanMaxSizeIsRefusedAndTheOthersAreChecked() throws {
        let folder = try temporaryFolder()
        let good = try write(Self.validTransaction, to: "tx.json", in: folder)
        let large = folder.appendingPathComponent("large.json")
        try Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1).write(to: large)
        let result = try run([whitelabelpay, "--type", "Transaction", "--max-size", "1", large.path, good])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(
            result.errors.contains("\(large.path): the input is 1048577 bytes, more than the limit of 1048576 bytes (--max-size)"), result.errors)
        XCTAssertTrue(result.errors.contains("checked 1 payload: 1 valid"), "the other files are still checked: " + result.errors)

        let endless = try run([whitelabelpay, "--type", "Transaction", "--max-size", "1", "/dev/zero"])
        XCTAssertEqual(endless.status, 2)
        XCTAssertTrue(endless.errors.contains("/dev/zero: the input is more than the limit of 1048576 bytes (--max-size)"), endless.errors)
    }

    func testSchemaThatIsNotASchema() throws {
        let folder = try temporaryFolder()
        let file = try write(Self.validTransaction, to: "tx.json", in: folder)
        let yaml = try write("hello: [", to: "broken.yaml", in: folder)
        let broken = try run([yaml, "--type", "Transaction", file])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.errors.contains("\(yaml):"), broken.errors)
        XCTAssertTrue(broken.errors.contains("error: the schema \(yaml) has errors; nothing was validated"), broken.errors)

        let text = try write("just: some text\n", to: "notes.yaml", in: folder)
        let notSchema = try run([text, "--type", "Transaction", file])
        XCTAssertEqual(notSchema.status, 2)
        XCTAssertTrue(notSchema.errors.contains("\(text):1:1: error: the schema needs 'api'"), notSchema.errors)

        let binary = folder.appendingPathComponent("binary.yaml")
        try Data([0, 1, 2, 0xFF, 0xFE, 0]).write(to: binary)
        let binaryResult = try run([binary.path, "--type", "Transaction", file])
        XCTAssertEqual(binaryResult.status, 2)
        XCTAssertTrue(binaryResult.errors.contains("not UTF-8"), binaryResult.errors)

        let missing = try run([folder.appendingPathComponent("none.yaml").path, "--type", "Transaction", file])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.errors.contains("cannot read the schema"), missing.errors)
        XCTAssertTrue(missing.errors.contains("No such file or directory"), missing.errors)
    }

    // MARK: Throughput sanity (not a timing test: it checks that many payloads stream)

    func testManyNDJSONPayloads() throws {
        let lines = (0..<20_000).map { $0 % 10 == 0 ? Self.badTransaction : Self.validTransaction }.joined(separator: "\n")
        let result = try run([whitelabelpay, "--type", "Transaction", "--ndjson", "--quiet"], stdin: Data(lines.utf8), timeout: 60)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.errors.contains("checked 20000 payloads: 18000 valid, 2000 invalid, 2000 warnings"), result.errors)
        let parseOnly = try run([whitelabelpay, "--type", "Transaction", "--ndjson", "--parse-only"], stdin: Data(lines.utf8), timeout: 60)
        XCTAssertEqual(parseOnly.status, 0)
        XCTAssertTrue(parseOnly.errors.contains("checked 20000 payloads: 20000 valid"), parseOnly.errors)
    }
}
