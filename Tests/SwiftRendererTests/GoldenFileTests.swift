import Foundation
import SchemaModel
import SwiftRenderer
import TestSupport
import XCTest

/// The generated Swift for the bundled schemas is checked in under Golden/, so any change to the
/// output shows up in review. Run with UPDATE_GOLDEN=1 to rewrite the files after an intended change.
final class GoldenFileTests: XCTestCase {
    static let schemas = [
        "kitchensink": "Tests/GeneratedModules/KitchenSink/kitchensink.yaml",
        "hostile": "Tests/GeneratedModules/Hostile/hostile.yaml",
        "whitelabelpay": "Schemas/whitelabelpay.yaml",
    ]

    func testGeneratedCodeMatchesGoldenFiles() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1"
        for (name, path) in Self.schemas.sorted(by: { $0.key < $1.key }) {
            let schema = try SchemaLoader.loadOrThrow(path: repositoryRoot.appendingPathComponent(path).path)
            let files = SwiftRenderer.render(schema, schemaFileName: URL(fileURLWithPath: path).lastPathComponent)
            let folder = repositoryRoot.appendingPathComponent("Tests/SwiftRendererTests/Golden/\(name)")
            for file in files {
                let golden = folder.appendingPathComponent(file.name + ".golden")
                if update {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try file.contents.write(to: golden, atomically: true, encoding: .utf8)
                    continue
                }
                let expected = try String(contentsOf: golden, encoding: .utf8)
                if file.contents != expected {
                    let firstDifference = zip(
                        file.contents.split(separator: "\n", omittingEmptySubsequences: false),
                        expected.split(separator: "\n", omittingEmptySubsequences: false)
                    )
                    .enumerated().first { $0.element.0 != $0.element.1 }
                    XCTFail(
                        """
                        \(name)/\(file.name) differs from its golden file (run with UPDATE_GOLDEN=1 if intended); \
                        first difference at line \((firstDifference?.offset ?? 0) + 1):
                          generated: \(firstDifference?.element.0 ?? "")
                          golden:    \(firstDifference?.element.1 ?? "")
                        """)
                }
            }
        }
    }

    func testRenderingIsDeterministic() throws {
        for path in Self.schemas.values {
            let url = repositoryRoot.appendingPathComponent(path)
            let first = SwiftRenderer.render(try SchemaLoader.loadOrThrow(path: url.path), schemaFileName: "x.yaml")
            let second = SwiftRenderer.render(try SchemaLoader.loadOrThrow(path: url.path), schemaFileName: "x.yaml")
            XCTAssertEqual(first, second, path)
        }
    }

    func testBundledSchemasLoadWithoutDiagnostics() {
        for path in Self.schemas.values {
            let result = SchemaLoader.load(path: repositoryRoot.appendingPathComponent(path).path)
            XCTAssertNotNil(result.schema, path)
            XCTAssertEqual(result.diagnostics.map(\.description), [], path)
        }
    }
}
