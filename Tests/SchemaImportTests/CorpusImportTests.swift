import Foundation
import SchemaImport
import SchemaModel
import XCTest

/// Every document of the compatibility corpus (`../shared/openapi-corpus` beside the repository:
/// real OpenAPI documents, unchanged, with their sources and licences) imports: no document fails
/// whole because of one construct, each keeps operations, and the written schema lints clean
/// (issue 27 line 1).
final class CorpusImportTests: XCTestCase {
    private var corpus: URL {
        repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi-corpus")
    }

    func testEveryCorpusDocumentImportsWithOperations() throws {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? [])
            .filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }.sorted()
        guard !files.isEmpty else {
            throw XCTSkip("no OpenAPI corpus at \(corpus.path) (the shared folder beside the repository); nothing to import")
        }
        for name in files {
            let result = OpenAPIImport.importDocument(path: corpus.appendingPathComponent(name).path)
            let errors = result.diagnostics.filter { $0.severity == .error }.map(\.description)
            XCTAssertEqual(errors, [], name)
            XCTAssertGreaterThan(result.operationCount, 0, "\(name) keeps no operation")
            guard let text = result.schema else {
                XCTFail("\(name): no schema written")
                continue
            }
            let loaded = SchemaLoader.load(text: text, file: name + ".imported.yaml")
            XCTAssertEqual(loaded.diagnostics.map(\.description), [], "\(name): the written schema lints clean")
            XCTAssertEqual(loaded.schema?.operations.count, result.operationCount, name)
        }
    }
}
