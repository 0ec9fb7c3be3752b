import Foundation
import XCTest

/// `client-generator lint` checks every example against its type and date format, `$file` ones
/// included, and points into the example file.
final class LintExamplesTests: XCTestCase {
    func testLintReportsABadFileExampleAtItsValue() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        try Data("{\n  \"id\": 1,\n  \"at\": 1700000000\n}\n".utf8).write(to: folder.appendingPathComponent("examples/event.json"))
        let schema = folder.appendingPathComponent("events.yaml")
        try Data(
            """
            api: Events
            version: "1"
            environments:
              prod: { url: "https://example.com" }
            types:
              Event:
                fields:
                  id: int
                  at: { type: date-time, format: "yyyy-MM-dd HH:mm:ss Z" }
                examples:
                  stored: { $file: examples/event.json }
            """.utf8
        ).write(to: schema)
        let result = try runGenerator(["lint", schema.path])
        XCTAssertEqual(result.status, 1, result.errors)
        XCTAssertTrue(
            result.errors.contains(
                "examples/event.json:3:9: error: example 'stored' of type 'Event' does not match its type at /at: expected date-time string (pattern yyyy-MM-dd HH:mm:ss Z), found number 1700000000"
            ),
            result.errors)

        try Data("{\"id\": 1, \"at\": \"2024-05-31 10:00:00 +0200\"}".utf8).write(to: folder.appendingPathComponent("examples/event.json"))
        let fixed = try runGenerator(["lint", schema.path])
        XCTAssertEqual(fixed.status, 0, fixed.errors)
        XCTAssertEqual(fixed.errors, "")
    }
}
