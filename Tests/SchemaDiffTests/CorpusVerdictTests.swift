import SchemaDiff
import SchemaModel
import XCTest

/// Every pair of Tests/Fixtures/DiffCorpus gets exactly the changes and verdicts its expected.txt
/// lists (the same pairs the gated proof suite builds and runs).
final class CorpusVerdictTests: XCTestCase {
    func testEveryCorpusPairGetsItsExpectedVerdicts() throws {
        let pairs = try CorpusPair.all()
        XCTAssertGreaterThanOrEqual(pairs.count, 50)
        for pair in pairs {
            let got = try pair.changes().map(\.expectation)
            XCTAssertEqual(got, pair.expected, "\(pair.name): got\n\(got.map(\.description).joined(separator: "\n"))")
        }
    }

    func testIdenticalSchemasHaveNoChangesAndNoBump() throws {
        let pair = try XCTUnwrap(CorpusPair.all().first { $0.name == "identical" })
        let report = DiffReport(old: try SchemaLoader.loadOrThrow(path: pair.old.path), oldName: "a", new: try SchemaLoader.loadOrThrow(path: pair.new.path), newName: "b")
        XCTAssertTrue(report.changes.isEmpty)
        XCTAssertEqual(report.suggestedBump, .none)
    }

    /// Every real schema compared with itself: no changes (the comparer finds no noise in what it reads).
    func testEverySeedSchemaComparedWithItselfHasNoChanges() throws {
        for name in ["whitelabelpay", "finaptic", "kdpay", "jumio", "bsa"] {
            let schema = try SchemaLoader.loadOrThrow(path: packageRoot.appendingPathComponent("Schemas/\(name).yaml").path)
            XCTAssertEqual(SchemaComparer.compare(schema, schema).map(\.expectation), [], name)
        }
    }

    /// A rename without `renamedFrom` is a removal and an addition; with it, one rename.
    func testRenamesNeedTheSchemaToSayRenamedFrom() throws {
        let pairs = try CorpusPair.all()
        let marked = try XCTUnwrap(pairs.first { $0.name == "operation-renamed" }).expected.map(\.rule)
        let unmarked = try XCTUnwrap(pairs.first { $0.name == "operation-renamed-unmarked" }).expected.map(\.rule)
        XCTAssertEqual(marked, ["operation-renamed"])
        XCTAssertEqual(unmarked, ["operation-removed", "operation-added"])
    }
}
