import Foundation
import TestSupport
import XCTest

/// `schema-check lint` checks examples too (docs/SchemaCheck.md), with the same diagnostics.
final class LintExamplesCommandTests: XCTestCase {
    func testLintRejectsANonRFC3339DateTimeExample() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lint-example-\(UUID().uuidString).yaml")
        addTeardownBlock { try? FileManager.default.removeItem(at: file) }
        try Data(
            """
            api: Events
            version: "1"
            environments:
              prod: { url: "https://example.com" }
            types:
              Event:
                fields:
                  at: { type: date-time, example: "2024-05-31 10:00" }
            """.utf8
        ).write(to: file)
        let process = Process()
        process.executableURL = builtExecutable(named: "schema-check")
        process.arguments = ["lint", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, text)
        XCTAssertTrue(
            text.contains("\(file.path):8:39: error: the example of field 'at' of type 'Event' does not match its type: expected date-time string (RFC 3339"),
            text)
    }
}
