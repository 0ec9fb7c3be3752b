import Foundation
import TestSupport
import XCTest

/// `schema-check lint` checks examples too (docs/SchemaCheck.md), with the same diagnostics.
final class LintExamplesCommandTests: XCTestCase {
    func testLintRejectsANonRFC3339DateTimeExample() throws {
        // `at: { type: date-time, example: "2024-05-31 10:00" }` at 8:39.
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Lint/bad-example.yaml").path
        let result = try runTool(builtExecutable(named: "schema-check"), ["lint", schema])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertTrue(
            result.errors.contains(
                "\(schema):8:39: error: the example of field 'at' of type 'Event' does not match its type: expected date-time string (RFC 3339"),
            result.errors)
        XCTAssertEqual(result.output, "\(schema): 1 error\n")
    }
}
