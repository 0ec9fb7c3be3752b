import CompileHarness
import Foundation
import SchemaExport
import SchemaImport
import SchemaModel
import TestSupport
import XCTest

/// Every document of the compatibility corpus (Tests/Fixtures/OpenAPICorpus: real OpenAPI documents,
/// unchanged, with their sources and licences in its README) imports: no document fails whole because of
/// one construct, each keeps operations, and the written schema lints clean (issue 27 line 1). With
/// RUN_CORPUS_COMPILE=1 (CI sets it) the generated code of each is type-checked too: 0 errors, 0 warnings.
final class CorpusImportTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Fixtures/OpenAPICorpus")

    /// Operations each document declares (paths × methods), from the corpus README.
    static let declaredOperations = [
        "aws-lambda-runtime.yaml": 4, "azure-iot-keyd.yaml": 13, "box.json": 264, "cisco-mindmeld.yaml": 1,
        "cloud-hypervisor.yaml": 28, "discourse.yml": 87, "github-ghes-3.0.yaml": 664, "netflix-consoleme.yaml": 24,
        "oai-api-with-examples.yaml": 2, "oai-callback-example.yaml": 1, "oai-link-example.yaml": 6, "oai-petstore-expanded.yaml": 4,
        "oai-petstore.yaml": 3, "openai.yaml": 57, "swiftpm-registry.yaml": 6,
    ]

    /// The imported schema text of every corpus document, in file order.
    private func importedCorpus() throws -> [(name: String, text: String, result: OpenAPIImport.Result)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }.sorted()
        XCTAssertEqual(Set(files), Set(Self.declaredOperations.keys), "the corpus and its README's counts")
        return files.compactMap { name in
            let result = OpenAPIImport.importDocument(path: Self.corpus.appendingPathComponent(name).path)
            XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.map(\.description), [], name)
            guard let text = result.schema else {
                XCTFail("\(name): no schema written")
                return nil
            }
            return (name, text, result)
        }
    }

    func testEveryCorpusDocumentImportsWithOperations() throws {
        var report: [String] = []
        for (name, text, result) in try importedCorpus() {
            XCTAssertGreaterThan(result.operationCount, 0, "\(name) keeps no operation")
            let loaded = SchemaLoader.load(text: text, file: name + ".imported.yaml")
            XCTAssertEqual(loaded.diagnostics.map(\.description), [], "\(name): the written schema lints clean")
            XCTAssertEqual(loaded.schema?.operations.count, result.operationCount, name)
            let untyped = loaded.schema.map { Inventory.untypedPlaces($0).count } ?? 0
            report.append("\(name): \(result.operationCount) of \(Self.declaredOperations[name] ?? 0) operations, \(untyped) untyped (json) places")
        }
        print(report.joined(separator: "\n"))
    }

    /// `json` remains only where the document itself allows any value (issue 27 line 3): every place an
    /// import leaves `json` (`describe --json`'s `untyped`) is listed in CorpusUntypedPlaces.txt with the
    /// reason the document's schema gives there ("any value: …"), or as "not yet typed: …" where the
    /// document says a type the language cannot express yet. A new place fails (it may be a type the
    /// import lost), and so does a listed place that is typed now: the list only shrinks.
    func testEveryUntypedPlaceIsClassified() throws {
        let listed = try Self.classifiedUntypedPlaces()
        var counts: [String] = []
        for (name, text, _) in try importedCorpus() {
            let schema = try XCTUnwrap(SchemaLoader.load(text: text, file: name + ".imported.yaml").schema, name)
            let places = Inventory.untypedPlaces(schema)
            XCTAssertEqual(places.count, Set(places).count, "\(name): a place is listed twice by describe")
            let expected = listed[name] ?? [:]
            let unlisted = places.filter { expected[$0] == nil }
            XCTAssertEqual(
                unlisted, [],
                "\(name): json where CorpusUntypedPlaces.txt gives no reason: type it, or add it with the reason the document allows any value there")
            let typed = expected.keys.filter { !places.contains($0) }.sorted()
            XCTAssertEqual(typed, [], "\(name): no longer json: delete these lines from CorpusUntypedPlaces.txt")
            let anyValue = places.filter { expected[$0]?.hasPrefix("any value:") == true }.count
            counts.append("\(name): \(places.count) json places, \(anyValue) any value, \(places.count - anyValue) not yet typed")
        }
        print(counts.joined(separator: "\n"))
    }

    /// CorpusUntypedPlaces.txt by document: place → reason. Each reason says which of the two it is.
    private static func classifiedUntypedPlaces() throws -> [String: [String: String]] {
        let file = repositoryRoot.appendingPathComponent("Tests/SchemaImportTests/CorpusUntypedPlaces.txt")
        var places: [String: [String: String]] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(columns.count, 3, "document<TAB>place<TAB>reason: \(line)")
            guard columns.count == 3 else { continue }
            XCTAssert(columns[2].hasPrefix("any value: ") || columns[2].hasPrefix("not yet typed: "), "a reason says which it is: \(line)")
            XCTAssertNil(places[columns[0], default: [:]][columns[1]], "listed twice: \(line)")
            places[columns[0], default: [:]][columns[1]] = columns[2]
        }
        return places
    }

    /// Generate and type-check every imported document against the built ClientRuntime (issue 27 line 6).
    func testEveryImportedCorpusDocumentGeneratesCodeThatTypeChecksWithoutWarnings() throws {
        guard ProcessInfo.processInfo.environment["RUN_CORPUS_COMPILE"] == "1" else {
            throw XCTSkip("set RUN_CORPUS_COMPILE=1 to type-check the generated code of every corpus document (about a minute)")
        }
        for (name, text, _) in try importedCorpus() {
            let module = "Corpus" + name.split(separator: ".")[0].split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let result = try CompileHarness.assertCompilesCleanly(text, module: module)
            print("\(name): generated code type-checked in \(String(format: "%.1f", result.seconds)) s, \(result.problems.count) problems")
        }
    }
}
