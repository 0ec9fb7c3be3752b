import Foundation
import TestSupport
import XCTest

/// What schema-check does with bodies that are not JSON (docs/SchemaCheck.md): form and multipart
/// bodies are checked as the JSON object of their fields; raw bodies and binary responses are refused
/// with a usage error that says why.
final class RequestShapesSchemaCheckTests: XCTestCase {
    private let executable = builtExecutable(named: "schema-check")
    private var kitchenSink: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
    }

    private func run(_ arguments: [String], stdin: String) throws -> ToolRun {
        try runTool(executable, arguments, standardInput: stdin)
    }

    func testFormBodiesAreCheckedAsTheObjectOfTheirFields() throws {
        let valid = try run([kitchenSink, "--request", "issueToken"], stdin: #"{"grant_type":"client_credentials","scope":["a"]}"#)
        XCTAssertEqual(valid.status, 0, valid.output + valid.errors)
        let invalid = try run([kitchenSink, "--request", "issueToken"], stdin: #"{"scope":"a"}"#)
        XCTAssertEqual(invalid.status, 1, invalid.output + invalid.errors)
        XCTAssertTrue(invalid.output.contains("grant_type"), invalid.output)
    }

    func testRawBodiesAndBinaryResponsesAreAUsageErrorThatSaysWhy() throws {
        let raw = try run([kitchenSink, "--request", "uploadToURL"], stdin: "{}")
        XCTAssertEqual(raw.status, 2)
        XCTAssertTrue(raw.errors.contains("operation 'uploadToURL' sends raw bytes (image/jpeg); schema-check checks JSON payloads only"), raw.errors)
        let download = try run([kitchenSink, "--response", "downloadDocument"], stdin: "{}")
        XCTAssertEqual(download.status, 2)
        XCTAssertTrue(
            download.errors.contains("operation 'downloadDocument' answers raw bytes (image/jpeg); schema-check checks JSON payloads only"), download.errors)
    }
}
