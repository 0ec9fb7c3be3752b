import Foundation
import SchemaModel
import XCTest

/// Asserts that loading fails with exactly one error matching `message` at `line` (and `column`).
func assertSingleError(
    _ text: String, line: Int, column: Int? = nil, contains message: String,
    file: StaticString = #filePath, sourceLine: UInt = #line
) {
    let result = SchemaLoader.load(text: text, file: "test.yaml")
    XCTAssertNil(result.schema, "a schema with errors must not load", file: file, line: sourceLine)
    let errors = result.diagnostics.filter { $0.severity == .error }
    XCTAssertEqual(errors.count, 1, "expected one error, got:\n\(errors.map(\.description).joined(separator: "\n"))", file: file, line: sourceLine)
    guard let error = errors.first else { return }
    XCTAssertTrue(error.message.contains(message), "'\(error.message)' does not contain '\(message)'", file: file, line: sourceLine)
    XCTAssertEqual(error.location?.line, line, "line of: \(error)", file: file, line: sourceLine)
    if let column { XCTAssertEqual(error.location?.column, column, "column of: \(error)", file: file, line: sourceLine) }
    XCTAssertTrue(error.description.hasPrefix("test.yaml:\(line):"), "not in file:line:column form: \(error)", file: file, line: sourceLine)
}
