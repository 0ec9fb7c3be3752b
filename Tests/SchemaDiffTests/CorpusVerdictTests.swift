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
        let report = DiffReport(
            old: try SchemaLoader.loadOrThrow(path: pair.old.path), oldName: "a", new: try SchemaLoader.loadOrThrow(path: pair.new.path), newName: "b")
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

/// The seeds' changelog changes replayed on the real schemas: the old version is the bundled schema
/// with the change undone.
final class RealSchemaChangelogTests: XCTestCase {
    private func bundled(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Schemas/\(name).yaml"), encoding: .utf8)
    }

    private func changes(_ old: String, _ new: String) throws -> [String] {
        SchemaComparer.compare(try schema(old, file: "old.yaml"), try schema(new, file: "new.yaml")).map(\.expectation.description)
    }

    /// BSA 0.11.1: `requestOTPNumberSend` became `requestSendOTPNumber` and gained `bundleIdentifier`.
    func testBSA0111RenameWithAndWithoutRenamedFrom() throws {
        let current = try bundled("bsa")
        let old =
            current
            .replacingOccurrences(of: "\n  requestSendOTPNumber:\n", with: "\n  requestOTPNumberSend:\n")
            .replacingOccurrences(of: "      bundleIdentifier: { type: string, docs: \"App's bundleIdentifier (added in 0.11.1).\" }\n", with: "")
            .replacingOccurrences(of: ", bundleIdentifier: com.your.app }", with: " }")
        let marked = current.replacingOccurrences(of: "\n  requestSendOTPNumber:\n", with: "\n  requestSendOTPNumber:\n    renamedFrom: requestOTPNumberSend\n")
        XCTAssertEqual(
            try changes(old, marked),
            [
                "field-added-required|type OTPSendRequest.field bundleIdentifier|breaks-clients|breaking",
                "operation-renamed|operation requestSendOTPNumber|compatible|breaking",
            ])
        XCTAssertEqual(
            try changes(old, current),
            [
                "field-added-required|type OTPSendRequest.field bundleIdentifier|breaks-clients|breaking",
                "operation-removed|operation requestOTPNumberSend|compatible|breaking",
                "operation-added|operation requestSendOTPNumber|compatible|compatible",
            ])
    }
}
