import Foundation
import SchemaExport
import SchemaModel
import XCTest

/// A type whose name is taken in Swift says so in `describe`, so a reader of the schema finds the
/// Swift name (issue 8 item 11).
final class RenamedTypeDescribeTests: XCTestCase {
    func testTakenTypeNamesShowTheirSwiftNames() throws {
        let schema = try SchemaLoader.loadOrThrow(path: Schemas.kitchenSink)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Inventory.json(schema).text().utf8)) as? [String: Any])
        let types = try XCTUnwrap(root["types"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: types.map { ($0["name"] as! String, $0) })
        XCTAssertEqual(byName["KitchenSinkError"]?["swiftName"] as? String, "KitchenSinkErrorModel")
        XCTAssertEqual(byName["Operations"]?["swiftName"] as? String, "OperationsModel")
        XCTAssertNil(byName["Namesakes"]?["swiftName"], "only taken names carry a swiftName")

        let summary = try runGenerator(["describe", Schemas.kitchenSink]).text
        XCTAssertTrue(summary.contains("  KitchenSinkError (Swift: KitchenSinkErrorModel): struct, 2 fields"), summary)
        XCTAssertTrue(summary.contains("  Namesakes: struct, 2 fields"), summary)
    }
}
