import Foundation
import SchemaDiff
import SchemaModel
import XCTest

@testable import fuzz_diff
@testable import fuzz_import
@testable import fuzz_payload
@testable import fuzz_schema_loader
@testable import fuzz_traffic

/// Every input the fuzzers kept (Tests/Fuzz/crashes/<target>: crashes, hangs and memory bombs they
/// found, after the fix) and the seed corpus run through the same code as the fuzz targets, quickly,
/// so a finding never comes back. A crash here takes the test process down, which fails the run.
final class FuzzRegressionTests: XCTestCase {
    /// Tests/Fuzz, from Tests/Fuzz/FuzzRegressionTests/FuzzRegressionTests.swift.
    private let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    private func inputs(_ folder: String) throws -> [URL] {
        let url = fuzzFolder.appendingPathComponent(folder)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    }

    private func replay(_ files: [URL], with run: (UnsafeRawBufferPointer) -> Void, limit seconds: Double) throws {
        for file in files {
            let data = try Data(contentsOf: file)
            let start = Date()
            data.withUnsafeBytes(run)
            let elapsed = Date().timeIntervalSince(start)
            XCTAssertLessThan(elapsed, seconds, "\(file.lastPathComponent) took \(elapsed) s")
        }
    }

    func testPayloadCrashInputsAndCorpus() throws {
        let crashes = try inputs("crashes/payload")
        let corpus = try inputs("corpus/payload")
        XCTAssertGreaterThan(corpus.count, 20, "the seed corpus is there")
        try replay(crashes + corpus, with: PayloadFuzz.run, limit: 2)
    }

    func testSchemaLoaderCrashInputsAndCorpus() throws {
        let crashes = try inputs("crashes/schema-loader")
        let corpus = try inputs("corpus/schema-loader")
        XCTAssertGreaterThan(corpus.count, 3, "the seed corpus is there")
        try replay(crashes + corpus, with: SchemaLoaderFuzz.run, limit: 5)
    }

    func testTrafficCrashInputsCorpusAndRecordedCaptures() throws {
        let crashes = try inputs("crashes/traffic")
        let corpus = try inputs("corpus/traffic")
        let recorded = try FileManager.default.contentsOfDirectory(
            at: fuzzFolder.deletingLastPathComponent().appendingPathComponent("Fixtures/Traffic"),
            includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "har" }
        XCTAssertGreaterThan(recorded.count, 5, "the recorded captures are there")
        XCTAssertFalse(corpus.isEmpty, "the seed corpus is there")
        try replay(crashes + corpus + recorded, with: TrafficFuzz.run, limit: 5)
    }

    func testImportCrashInputsCorpusAndOpenAPIFixtures() throws {
        let crashes = try inputs("crashes/import")
        let corpus = try inputs("corpus/import")
        let fixtures = try FileManager.default.contentsOfDirectory(
            at: fuzzFolder.deletingLastPathComponent().appendingPathComponent("Fixtures/OpenAPI"),
            includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "yaml" }
        XCTAssertGreaterThan(fixtures.count, 3, "the OpenAPI fixtures are there")
        XCTAssertGreaterThan(corpus.count, 2, "the seed corpus is there")
        try replay(crashes + corpus + fixtures, with: ImportFuzz.run, limit: 5)
    }

    func testDiffCrashInputsAndCorpus() throws {
        let crashes = try inputs("crashes/diff")
        let corpus = try inputs("corpus/diff")
        XCTAssertGreaterThan(corpus.count, 20, "the seed corpus is there")
        try replay(crashes + corpus, with: DiffFuzz.run, limit: 5)
    }

    /// The diff seeds are the diff corpus's pairs, so a new pair is fuzzed from the start.
    func testDiffSeedsAreTheCorpusPairs() throws {
        let written = Set(try inputs("corpus/diff").map(\.lastPathComponent))
        XCTAssertEqual(written, Set(try DiffFuzz.seeds().map(\.name)), "rerun `swift run fuzz-diff --write-seeds Tests/Fuzz/corpus/diff`")
    }

    /// The diff target's Markdown check fails on an injected heading or list item, so the fuzzer can find one.
    func testDiffTargetRejectsMarkdownThatIsNotTheReportsShape() throws {
        let corpus = fuzzFolder.deletingLastPathComponent().appendingPathComponent("Fixtures/DiffCorpus/operation-added")
        let report = DiffReport(
            old: try SchemaLoader.loadOrThrow(path: corpus.appendingPathComponent("old.yaml").path), oldName: "old.yaml",
            new: try SchemaLoader.loadOrThrow(path: corpus.appendingPathComponent("new.yaml").path), newName: "new.yaml")
        let markdown = report.rendered(as: .markdown)
        XCTAssertNil(DiffFuzz.markdownProblem(markdown, report))
        XCTAssertNotNil(DiffFuzz.markdownProblem(markdown + "## Injected\n", report))
        XCTAssertNotNil(DiffFuzz.markdownProblem(markdown + "- injected\n", report))
    }

    func testPayloadSeedsCoverTypesAndParameters() {
        let seeds = PayloadFuzz.seeds()
        XCTAssertTrue(seeds.contains { $0.first.map { $0 % 2 == 0 } ?? false }, "payload seeds")
        XCTAssertTrue(seeds.contains { $0.first.map { $0 % 2 == 1 } ?? false }, "parameter seeds")
    }
}
