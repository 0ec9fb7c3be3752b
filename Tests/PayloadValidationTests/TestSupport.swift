import Foundation
import PayloadValidation
import SchemaModel
import XCTest

/// The repository root, found from this file so tests run from any working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The KitchenSink schema (every construct), loaded once.
enum KitchenSink {
    static let path = repositoryRoot.appendingPathComponent("Tests/GeneratedModules/KitchenSink/kitchensink.yaml").path
    static let schema: Schema = {
        do {
            return try SchemaLoader.loadOrThrow(path: path)
        } catch {
            fatalError("kitchensink.yaml does not load: \(error)")
        }
    }()
    static let lines: [String] =
        (try? String(contentsOfFile: path, encoding: .utf8))?
        .components(separatedBy: "\n") ?? []

    /// The 1-based line of the first line of kitchensink.yaml that starts (after indentation) with
    /// `prefix`, searching after the line that contains `after` — an independent check of `rule`.
    static func line(_ prefix: String, after anchor: String? = nil) -> Int {
        var start = 0
        if let anchor, let index = lines.firstIndex(where: { $0.contains(anchor) }) { start = index }
        guard let index = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }) else {
            XCTFail("no line starting with \(prefix) in kitchensink.yaml")
            return -1
        }
        return index + 1
    }
}

extension XCTestCase {
    /// Asserts `issues` holds exactly one issue, with these properties.
    func assertOne(
        _ issues: [ValidationIssue], _ kind: ValidationIssue.Kind, severity: ValidationIssue.Severity = .error,
        pointer: String, expected: String? = nil, found: String? = nil, ruleLine: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard issues.count == 1, let issue = issues.first else {
            XCTFail("expected one issue, got \(issues.count):\n\(issues.map(\.description).joined(separator: "\n"))", file: file, line: line)
            return
        }
        assertIssue(issue, kind, severity: severity, pointer: pointer, expected: expected, found: found, ruleLine: ruleLine, file: file, line: line)
    }

    func assertIssue(
        _ issue: ValidationIssue, _ kind: ValidationIssue.Kind, severity: ValidationIssue.Severity = .error,
        pointer: String, expected: String? = nil, found: String? = nil, ruleLine: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(issue.kind, kind, "kind of \(issue)", file: file, line: line)
        XCTAssertEqual(issue.severity, severity, "severity of \(issue)", file: file, line: line)
        XCTAssertEqual(issue.pointer, pointer, "pointer of \(issue)", file: file, line: line)
        if let expected { XCTAssertEqual(issue.expected, expected, "expected of \(issue)", file: file, line: line) }
        if let found { XCTAssertEqual(issue.found, found, "found of \(issue)", file: file, line: line) }
        if let ruleLine { XCTAssertEqual(issue.rule?.line, ruleLine, "rule of \(issue)", file: file, line: line) }
        XCTAssertTrue(issue.message.contains(issue.found) || issue.found == "missing", "message names what was found: \(issue.message)", file: file, line: line)
    }
}
