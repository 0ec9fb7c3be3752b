import Foundation
import SchemaModel
import SwiftRenderer
import TestSupport
import XCTest

/// hostile.yaml puts `fatalError(...)` into every place text can go: docs, string values, wire names,
/// enum values, error codes, version. The Hostile module compiling proves the output is valid Swift;
/// these tests prove none of that text became code.
final class HostileSchemaTests: XCTestCase {
    func testNoSchemaTextEscapesCommentsOrStringLiterals() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/GeneratedModules/Hostile/hostile.yaml").path
        let files = SwiftRenderer.render(try SchemaLoader.loadOrThrow(path: path), schemaFileName: "hostile.yaml")
        var occurrences = 0
        for file in files {
            for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                occurrences += line.components(separatedBy: "fatalError").count - 1
                let code = Self.codeOutsideCommentsAndStrings(String(line))
                XCTAssertFalse(code.contains("fatalError"), "\(file.name):\(number + 1) runs schema text as code: \(line)")
            }
        }
        XCTAssertGreaterThan(occurrences, 10, "the hostile texts should reach the output (as comments and literals)")
    }

    func testBidirectionalOverridesAreShownEscaped() throws {
        let path = repositoryRoot.appendingPathComponent("Tests/GeneratedModules/Hostile/hostile.yaml").path
        let files = SwiftRenderer.render(try SchemaLoader.loadOrThrow(path: path), schemaFileName: "hostile.yaml")
        let all = files.map(\.contents).joined()
        XCTAssertFalse(all.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2028 }, "raw bidi override or line separator in output")
        XCTAssertTrue(all.contains("\\u{202E}evil"))
        XCTAssertTrue(all.contains("ünïcødé 日本語"), "non-ASCII text is kept")
    }

    /// What the Swift compiler would treat as code on one line: string literal contents and `//`
    /// comments removed. (Generated code uses neither block comments nor multi-line literals.)
    static func codeOutsideCommentsAndStrings(_ line: String) -> String {
        var code = ""
        var inString = false
        var escaped = false
        var previous: Character?
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                code.removeLast()
                break
            } else {
                code.append(character)
            }
            previous = inString ? nil : character
        }
        XCTAssertFalse(inString, "unterminated string literal: \(line)")
        return code
    }

    func testTheScannerSeesInjectedCode() {
        // The check above must be able to fail.
        XCTAssertTrue(Self.codeOutsideCommentsAndStrings(#"let x = "a\"b"; fatalError()"#).contains("fatalError"))
        XCTAssertFalse(Self.codeOutsideCommentsAndStrings(#"let x = "a\"; fatalError(\"b" // fatalError"#).contains("fatalError"))
    }
}
