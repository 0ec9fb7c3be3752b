import Foundation
import SchemaDiff
import SchemaModel
import XCTest

/// The package root, found from this file's path (tests run with any working directory).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpusFolder = packageRoot.appendingPathComponent("Tests/Fixtures/DiffCorpus")

/// One pair of Tests/Fixtures/DiffCorpus: the old and new schema and the verdicts they must get.
struct CorpusPair {
    struct Expectation: Equatable, CustomStringConvertible {
        var rule: String
        var subject: String
        var wire: String
        var source: String

        var description: String { "\(rule)|\(subject)|\(wire)|\(source)" }
    }

    var name: String
    var old: URL
    var new: URL
    var expected: [Expectation]

    static func all() throws -> [CorpusPair] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpusFolder.path).sorted()
        return try names.map { name in
            let folder = corpusFolder.appendingPathComponent(name)
            let lines = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
                .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
            let expected = lines.map { line -> Expectation in
                let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                return Expectation(rule: parts[0], subject: parts[1], wire: parts[2], source: parts[3])
            }
            return CorpusPair(name: name, old: folder.appendingPathComponent("old.yaml"), new: folder.appendingPathComponent("new.yaml"), expected: expected)
        }
    }

    func changes() throws -> [SchemaChange] {
        SchemaComparer.compare(try SchemaLoader.loadOrThrow(path: old.path), try SchemaLoader.loadOrThrow(path: new.path))
    }
}

extension SchemaChange {
    var expectation: CorpusPair.Expectation {
        CorpusPair.Expectation(rule: rule.rawValue, subject: subject, wire: wire.rawValue, source: source.rawValue)
    }
}

/// Loads schema text or fails the test with its diagnostics.
func schema(_ text: String, file: String = "test.yaml", line: UInt = #line) throws -> Schema {
    let result = SchemaLoader.load(text: text, file: file)
    guard let schema = result.schema else {
        XCTFail("schema has errors:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))", line: line)
        throw SchemaError(diagnostics: result.diagnostics)
    }
    return schema
}

/// A small schema with a request and a response type, for rules the corpus pairs do not show.
func miniSchema(types: String = "", operationExtras: String = "", extraOperations: String = "") -> String {
    """
    api: Mini
    version: "1"
    environments:
      local: { url: "http://127.0.0.1" }
    types:
      Page:
        fields:
          items: "[string]"
          next: { type: string, optional: true }
    \(types)
    operations:
      list:
        http: GET /items
        query:
          cursor: { type: string, optional: true }
        response: Page
    \(operationExtras)
    \(extraOperations)
    """
}
